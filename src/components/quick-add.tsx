import { useSelector } from '@xstate/react';
import { Minus, Plus } from 'lucide-react';
import { CART_LINE_MAX_UNITS } from '../../contract/cart.ts';
import type { MenuItem } from '../../contract/menu.ts';
import { isCustomer, isSessionSettled } from '../../machines/session.machine.ts';
import { useActors } from '../actors/context.tsx';

const pill =
  'pointer-events-auto absolute right-2 bottom-2 inline-flex h-11 items-center rounded-full bg-brand font-bold text-ink shadow-md ring-2 ring-white sm:right-3 sm:bottom-3';
const step =
  'inline-flex size-11 items-center justify-center rounded-full transition hover:bg-brand-dark focus-visible:ring-4 focus-visible:ring-(--focus-ring) focus-visible:outline-none aria-disabled:cursor-wait aria-disabled:opacity-60';

/**
 * A menu card's quick Add, through the cart actor, so the toasts and the navbar's count are the item
 * page's: one unit with the item's default options. Once the item is in the cart the card shows how
 * many, with − and + that change its newest line (the options last chosen; − on its last unit removes
 * it). Nothing for guests and admins. Loaded after hydration; it waits for the registry's chunk
 * (src/components/menu-card.tsx).
 */
export function QuickAdd({ item }: { item: MenuItem }) {
  const { session, cart } = useActors();
  const customer = useSelector(session, (s) => isSessionSettled(s) && isCustomer(s));
  const addition = { type: 'cart.add', itemId: item._id, quantity: 1, name: item.name } as const;
  const lines = useSelector(cart, (s) => s.context.lines);
  const ofItem = lines.filter((line) => line.itemId === item._id);
  const newest = ofItem.at(-1);
  const units = ofItem.reduce((sum, line) => sum + line.quantity, 0);
  // The cart takes one change at a time. The buttons stay focusable meanwhile (aria-disabled, not
  // disabled), so a keyboard's focus is not dropped while the cart is busy.
  const takesAdds = useSelector(cart, (s) => s.can(addition));
  const takesSteps = useSelector(
    cart,
    (s) =>
      newest !== undefined &&
      s.can({ type: 'cart.setQuantity', id: newest._id, quantity: newest.quantity + 1 }) &&
      s.can({ type: 'cart.remove', id: newest._id }),
  );
  if (!customer) return null;

  if (!newest) {
    return (
      // Over the picture's bottom corner: the card's link is a sibling, as a button may not sit inside it.
      <div className="pointer-events-none absolute inset-x-0 top-0 aspect-square">
        <button
          type="button"
          className={`${pill} gap-1 px-4 transition hover:bg-brand-dark focus-visible:ring-4 focus-visible:ring-(--focus-ring) focus-visible:outline-none aria-disabled:cursor-wait aria-disabled:opacity-60`}
          aria-label={`Add ${item.name} to cart`}
          aria-disabled={!takesAdds}
          aria-busy={!takesAdds}
          onClick={() => {
            if (takesAdds) cart.send(addition);
          }}
        >
          <Plus aria-hidden="true" className="size-4" />
          Add
        </button>
      </div>
    );
  }

  // The item's cap counts all its lines, as the server does; the stock too.
  const more = units < Math.min(newest.stock, CART_LINE_MAX_UNITS);
  return (
    <div className="pointer-events-none absolute inset-x-0 top-0 aspect-square">
      <fieldset className={pill} aria-busy={!takesSteps}>
        <legend className="sr-only">{item.name} in your cart</legend>
        <button
          type="button"
          className={step}
          aria-label={`One less ${item.name}`}
          aria-disabled={!takesSteps}
          onClick={() => {
            if (!takesSteps) return;
            if (newest.quantity > 1) {
              cart.send({ type: 'cart.setQuantity', id: newest._id, quantity: newest.quantity - 1 });
            } else cart.send({ type: 'cart.remove', id: newest._id });
          }}
        >
          <Minus aria-hidden="true" className="size-4" />
        </button>
        <output className="min-w-6 text-center" aria-live="polite" aria-label={`${item.name} in your cart`}>
          {units}
        </output>
        <button
          type="button"
          className={step}
          aria-label={`One more ${item.name}`}
          aria-disabled={!takesSteps || !more}
          onClick={() => {
            if (takesSteps && more) {
              cart.send({ type: 'cart.setQuantity', id: newest._id, quantity: newest.quantity + 1 });
            }
          }}
        >
          <Plus aria-hidden="true" className="size-4" />
        </button>
      </fieldset>
    </div>
  );
}
