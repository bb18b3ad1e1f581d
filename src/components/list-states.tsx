import { LoadingScreen } from './loading-screen.tsx';

interface ListStatesProps {
  loading: boolean;
  error: string | null;
  empty: boolean;
  /** Shown instead of the children when the list is empty. */
  emptyState: React.ReactNode;
  onRetry: () => void;
  children: React.ReactNode;
}

/** A server list's loading, failed and empty states around its rows. */
export function ListStates({ loading, error, empty, emptyState, onRetry, children }: ListStatesProps) {
  if (loading && empty) return <LoadingScreen />;
  if (error) {
    return (
      <div role="alert" className="grid justify-items-center gap-3 py-6 text-center">
        <p className="font-semibold">{error}</p>
        <button type="button" className="btn-primary" onClick={onRetry}>
          Try again
        </button>
      </div>
    );
  }
  if (empty) return <>{emptyState}</>;
  return <>{children}</>;
}
