import { useSelector } from '@xstate/react';
import { Plus } from 'lucide-react';
import type { MenuItem } from '../../contract/menu.ts';
import { isCustomer, isSessionSettled } from '../../machines/session.machine.ts';
import { useActors } from '../actors/context.tsx';

/**
 * A menu card's quick Add: one unit into a signed-in customer's cart through the cart actor, so the
 * toasts, the 'already added' refusal and the navbar's count are the item page's. Nothing for guests
 * and admins. Loaded after hydration; it waits for the registry's chunk (src/components/menu-card.tsx).
 */
export function QuickAdd({ item }: { item: MenuItem }) {
  const { session, cart } = useActors();
  const customer = useSelector(session, (s) => isSessionSettled(s) && isCustomer(s));
  const addition = { type: 'cart.add', itemId: item._id, quantity: 1, name: item.name } as const;
  // The cart takes one addition at a time. The button stays focusable meanwhile (aria-disabled, not
  // disabled), so a keyboard's focus is not dropped while the cart is busy.
  const takesAdds = useSelector(cart, (s) => s.can(addition));
  if (!customer) return null;
  return (
    // Over the picture's bottom corner: the card's link is a sibling, as a button may not sit inside it.
    <div className="pointer-events-none absolute inset-x-0 top-0 aspect-square">
      <button
        type="button"
        className="pointer-events-auto absolute right-2 bottom-2 inline-flex h-11 items-center gap-1 rounded-full bg-brand px-4 font-bold text-ink shadow-md ring-2 ring-white transition hover:bg-brand-dark focus-visible:ring-4 focus-visible:ring-(--focus-ring) focus-visible:outline-none aria-disabled:cursor-wait aria-disabled:opacity-60 sm:right-3 sm:bottom-3"
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
