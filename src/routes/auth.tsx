import { Link } from '@tanstack/react-router';
import { RESTAURANT_PHONE } from '../components/navbar.tsx';

// Sign-in (email and Google) is built in the identity issue; this page says so honestly meanwhile.
export function AuthPage() {
  return (
    <section aria-labelledby="auth-title" className="mx-auto max-w-md px-4 py-20 text-center">
      <h1 id="auth-title" className="text-3xl font-bold">
        Login
      </h1>
      <p className="mt-4 text-lg text-neutral-700">
        Online accounts are opening soon. Until then, call us on <strong>{RESTAURANT_PHONE}</strong> to order.
      </p>
      <Link to="/menu" className="btn-primary mt-8">
        Browse the menu
      </Link>
    </section>
  );
}
