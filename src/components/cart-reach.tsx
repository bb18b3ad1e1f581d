import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { ShoppingCart } from 'lucide-react';
import { useState } from 'react';
import { formatCartPrice, toCents } from '../../contract/money.ts';
import { isCustomer, isSessionSettled } from '../../machines/session.machine.ts';
import { useActors } from '../actors/context.tsx';

/*
 * The cart within a thumb's reach on phones: a cart button in the phone header and a View cart bar at
 * the bottom of the Menu and item pages. Both read the registry's cart (src/actors/registry.ts); like
 * the account links they load after hydration and wait for the registry's chunk.
 */

/**
 * A number that counts how often the cart's item count went up while the cart was loaded: a line
 * added, not the cart read at sign-in. Keyed on it, the count replays its bump.
 */
function useAddedBumps(): { count: number; bumps: number } {
  const { cart } = useActors();
  const count = useSelector(cart, (s) => s.context.totals.totalQty);
  const ready = useSelector(cart, (s) => s.matches('ready'));
  const signedOut = useSelector(cart, (s) => s.matches('signedOut'));
  const [seen, setSeen] = useState<{ count: number | null; bumps: number }>({
    count: ready ? count : null,
    bumps: 0,
  });
  if (signedOut && seen.count !== null) setSeen({ count: null, bumps: seen.bumps });
  else if (ready && seen.count === null) setSeen({ count, bumps: seen.bumps });
  else if (ready && seen.count !== null && count !== seen.count) {
    setSeen({ count, bumps: count > seen.count ? seen.bumps + 1 : seen.bumps });
  }
  return { count, bumps: seen.bumps };
}

/** The count, bumped when a line is added (not when prefers-reduced-motion asks for less motion). */
function BumpingCount({ className }: { className: string }) {
  const { count, bumps } = useAddedBumps();
  return (
    <span
      key={bumps}
      data-bumps={bumps}
      className={`${className} ${bumps > 0 ? 'motion-safe:animate-cart-bump' : ''}`}
    >
      {count}
    </span>
  );
}

/**
 * The phone header's cart button (below 1024 px, beside the drawer's toggle): shown to a signed-in
 * customer (staff have no cart, as the desktop bar shows them none).
 */
export function PhoneCartButton() {
  const { session, cart } = useActors();
  const customer = useSelector(session, (s) => isSessionSettled(s) && isCustomer(s));
  const totalQty = useSelector(cart, (s) => s.context.totals.totalQty);
  if (!customer) return null;
  return (
    <Link
      to="/user-dashboard/my-cart"
      className="relative inline-flex size-11 items-center justify-center rounded-lg hover:text-brand"
      aria-label={`Cart: ${totalQty} items`}
    >
      <ShoppingCart aria-hidden="true" className="size-6 text-brand" />
      <BumpingCount className="absolute -top-0.5 -right-0.5 flex min-w-5 items-center justify-center rounded-full bg-brand px-1 text-sm leading-5 font-bold text-ink" />
    </Link>
  );
}

/**
 * 'View cart · N · total' fixed at the bottom of the screen on phones (below 768 px), when the signed-in
 * customer's cart has lines. The page gets the bar's height as bottom padding (src/styles/app.css), so
 * it never covers the end of the page.
 */
export function ViewCartBar() {
  const { session, cart } = useActors();
  const customer = useSelector(session, (s) => isSessionSettled(s) && isCustomer(s));
  const lines = useSelector(cart, (s) => s.context.lines.length);
  const totalQty = useSelector(cart, (s) => s.context.totals.totalQty);
  const totalPrice = useSelector(cart, (s) => s.context.totals.totalPrice);
  if (!customer || lines === 0) return null;
  return (
    <div
      data-phone-cart-bar=""
      className="fixed inset-x-0 bottom-0 z-30 bg-white/95 px-3 pt-3 pb-[calc(0.75rem+env(safe-area-inset-bottom))] shadow-[0_-4px_12px_rgb(0_0_0/0.12)] backdrop-blur-sm motion-safe:animate-cart-bar-in md:hidden"
    >
      <Link
        to="/user-dashboard/my-cart"
        className="flex h-12 items-center justify-center gap-2 rounded-full bg-ink px-5 font-bold whitespace-nowrap text-white hover:bg-black"
        aria-label={`View cart: ${totalQty} items, ${formatCartPrice(toCents(totalPrice))}`}
      >
        <ShoppingCart aria-hidden="true" className="size-5 text-brand" />
        <span>View cart</span>
        <span aria-hidden="true">·</span>
        <BumpingCount className="inline-block" />
        <span aria-hidden="true">·</span>
        <span>{formatCartPrice(toCents(totalPrice))}</span>
      </Link>
    </div>
  );
}
