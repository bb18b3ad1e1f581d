import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { LogOut, ShoppingCart } from 'lucide-react';
import { formatAmount, toCents } from '../../contract/money.ts';
import { isCustomerRole } from '../../contract/user.ts';
import { isSessionSettled } from '../../machines/session.machine.ts';
import { useActors } from '../actors/context.tsx';
import { PersonImage } from './fallback-image.tsx';

/**
 * Login when signed out; the account link and sign-out when signed in, and a customer's cart (staff
 * have none: no admin shops, so the header shows them no '0 | 0.00').
 */
export function AccountLinks({ stacked, layout }: { stacked: boolean; layout: string }) {
  const { session, cart } = useActors();
  const settled = useSelector(session, isSessionSettled);
  const user = useSelector(session, (s) => (s.matches('signedIn') ? s.context.user : null));
  const role = useSelector(session, (s) => s.context.role);
  const totalQty = useSelector(cart, (s) => s.context.totals.totalQty);
  const totalPrice = useSelector(cart, (s) => s.context.totals.totalPrice);

  // Until the session has settled, show nothing rather than a Login button that may be wrong.
  if (!settled) return <span className={layout} aria-hidden="true" />;
  if (!user || !role) {
    return (
      <Link to="/auth" className={stacked ? 'btn-primary mt-4 w-full' : 'btn-primary'}>
        Login
      </Link>
    );
  }
  return (
    <div className={layout}>
      {/* Named by its own text ('Cart: 2 items, 22.05'), so what is seen is part of what is heard. */}
      {isCustomerRole(role) && (
        <Link
          to="/user-dashboard/my-cart"
          className="inline-flex min-h-11 items-center gap-2 whitespace-nowrap font-bold hover:text-brand"
        >
          <ShoppingCart aria-hidden="true" className="size-5 text-brand" />
          <span className="sr-only">Cart: </span>
          <span>
            {totalQty}
            <span className="sr-only"> items, </span>
          </span>
          <span aria-hidden="true" className="text-neutral-300">
            |
          </span>
          <span>{formatAmount(toCents(totalPrice))}</span>
        </Link>
      )}
      <Link
        to={isCustomerRole(role) ? '/user-dashboard/profile' : '/admin/profile'}
        className="inline-flex min-h-11 items-center gap-2 whitespace-nowrap font-bold hover:text-brand"
      >
        <PersonImage
          src={user.photoURL}
          alt=""
          width={28}
          height={28}
          className="size-7 shrink-0 rounded-full bg-cream object-cover"
        />
        {`${user.displayName.trim()}'s account`}
      </Link>
      <button
        type="button"
        onClick={() => session.send({ type: 'session.signOut' })}
        className={stacked ? 'btn-primary w-full' : 'btn-primary whitespace-nowrap'}
      >
        <LogOut aria-hidden="true" className="size-4" />
        Sign out
      </button>
    </div>
  );
}
