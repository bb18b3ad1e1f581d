import { useMachine } from '@xstate/react';
import { useShopLogic } from '../../actors/shop.ts';
import { FormAlert } from '../../components/controls.tsx';
import { OwnersDayPanel } from './owners-day.tsx';

/**
 * The shop's switch, on while the shop is open and named by its state in words ("Shop open", "Shop
 * closed"): while closed, Home, the Menu and checkout say so and checkout takes no order. Orders are not
 * tied to the clock (the footer's hours hold for bookings): the owner decides.
 */
function ShopSwitch() {
  const { shopSwitch } = useShopLogic();
  const [state, send] = useMachine(shopSwitch);
  const { closed, error } = state.context;
  const saving = state.matches('saving');
  return (
    <section aria-labelledby="shop-switch-title" className="rounded-2xl bg-cream p-6">
      <h2 id="shop-switch-title" className="text-xl font-bold">
        Orders
      </h2>
      {state.matches('loading') && <p className="mt-3 text-neutral-700">Reading the shop’s state…</p>}
      {state.matches('failed') && (
        <div className="mt-3 grid justify-items-start gap-3">
          <FormAlert message={error} />
          <button type="button" className="btn-neutral" onClick={() => send({ type: 'shop.retry' })}>
            Try again
          </button>
        </div>
      )}
      {closed !== null && !state.matches('loading') && (
        <div className="mt-3 grid gap-3">
          <div className="flex items-center gap-4">
            <button
              type="button"
              role="switch"
              aria-checked={!closed}
              aria-labelledby="shop-closed-label"
              aria-describedby="shop-closed-state"
              aria-busy={saving}
              disabled={saving}
              onClick={() => send({ type: 'shop.toggle' })}
              className={`relative inline-flex h-11 w-16 shrink-0 items-center rounded-full transition disabled:opacity-60 ${
                closed ? 'bg-coral-ink' : 'bg-green-700'
              }`}
            >
              <span
                aria-hidden="true"
                className={`inline-block size-8 rounded-full bg-white shadow transition ${
                  closed ? 'translate-x-1.5' : 'translate-x-6.5'
                }`}
              />
            </button>
            <span id="shop-closed-label" className="text-lg font-bold">
              {closed ? 'Shop closed' : 'Shop open'}
            </span>
          </div>
          <p id="shop-closed-state" className="text-neutral-700">
            {closed
              ? 'Closed: Home and the Menu say so, and checkout takes no orders.'
              : 'Open: customers can check out.'}
          </p>
          <FormAlert message={state.matches('ready') ? error : null} />
        </div>
      )}
    </section>
  );
}

/** /admin itself: the owner's day, and the switch the owner needs at hand. */
export function AdminHome() {
  return (
    <div className="grid gap-6">
      <ShopSwitch />
      <OwnersDayPanel />
    </div>
  );
}
