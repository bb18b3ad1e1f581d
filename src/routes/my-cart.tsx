import { getRouteApi, Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { cart } from '../actors/cart.ts';
import { DeleteButton, FormAlert } from '../components/controls.tsx';
import { EmptyState } from '../components/empty-state.tsx';
import { ListStates } from '../components/list-states.tsx';
import { OrderSummary, tk } from '../components/order-summary.tsx';

const route = getRouteApi('/user-dashboard/my-cart');

const PAYMENT_NOTICES = {
  failed: 'The payment did not go through. Your order is unpaid: you can try again or delete it in My order.',
  cancelled: 'The payment was cancelled. Your order is unpaid: you can try again or delete it in My order.',
} as const;

export function MyCartPage() {
  const { payment } = route.useSearch();
  const snapshot = useSelector(cart, (s) => s);
  const { lines, totals, error } = snapshot.context;
  const removing = snapshot.matches('removing');

  return (
    <section aria-labelledby="cart-title" className="grid gap-6">
      <h2 id="cart-title" className="text-2xl font-bold">
        My cart
      </h2>
      <FormAlert message={payment ? PAYMENT_NOTICES[payment] : null} />
      <ListStates
        loading={snapshot.matches('loading')}
        error={snapshot.matches('failed') ? error : null}
        empty={lines.length === 0}
        emptyState={<EmptyState image="/images/empty-cart.svg" text="Your cart is empty." />}
        onRetry={() => cart.send({ type: 'cart.refresh' })}
      >
        <div className="grid gap-8 lg:grid-cols-[1fr_20rem]">
          <ul className="divide-y divide-neutral-200" aria-label="Cart lines">
            {lines.map((line) => (
              <li key={line._id} className="flex items-center gap-4 py-4">
                <img
                  src={line.image}
                  alt=""
                  width={80}
                  height={80}
                  className="size-20 shrink-0 rounded-2xl bg-cream object-cover"
                />
                <div className="min-w-0 flex-1">
                  <p className="font-bold">{line.name}</p>
                  <p className="capitalize text-neutral-700">{line.category}</p>
                  <p>
                    {tk(line.price)} × {line.quantity}
                  </p>
                </div>
                <DeleteButton
                  label={`Remove ${line.name}`}
                  disabled={removing}
                  onClick={() => cart.send({ type: 'cart.remove', id: line._id })}
                />
              </li>
            ))}
          </ul>
          <aside aria-labelledby="summary-title" className="h-fit rounded-2xl bg-cream p-6">
            <h3 id="summary-title" className="mb-4 text-xl font-bold">
              Order Summary
            </h3>
            <OrderSummary totals={totals} subtotalLabel="Item(s) Subtotal" totalLabel="Amount Payable" />
            <Link to="/user-dashboard/my-cart/checkout" className="btn-primary mt-6 w-full">
              Process to Checkout
            </Link>
          </aside>
        </div>
      </ListStates>
    </section>
  );
}
