import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';
import { describeFailure } from '../ui/failure.ts';

function ErrorView({ status, detail }: { status: number | undefined; detail: string }) {
  const router = useRouter();
  return (
    <section
      className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center"
      aria-labelledby="error-title"
    >
      {status !== undefined && <p className="font-script text-6xl text-brand-ink">{status}</p>}
      <h1 id="error-title" className="mt-4 text-2xl font-bold">
        Sorry, an unexpected error has occurred.
      </h1>
      <p className="mt-2 text-neutral-700">{detail}</p>
      <button type="button" className="btn-dark mt-8" onClick={() => router.history.back()}>
        Go back
      </button>
    </section>
  );
}

export function RouteErrorPage({ error }: ErrorComponentProps) {
  const failure = describeFailure(error);
  const fromServer = failure.status !== undefined;
  const detail = fromServer ? failure.message || failure.statusText || '' : failure.message;
  return <ErrorView status={failure.status} detail={detail} />;
}

export function NotFoundPage() {
  return <ErrorView status={404} detail="Not Found" />;
}
