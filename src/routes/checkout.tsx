import { Navigate } from '@tanstack/react-router';
import { useMachine, useSelector } from '@xstate/react';
import dayjs from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { formatCartPrice, toCents } from '../../contract/money.ts';
import type { ShippingField } from '../../contract/order.ts';
import { ORDER_TIME_FORMAT } from '../../contract/order.ts';
import { useCheckoutLogic } from '../actors/checkout.ts';
import { useActors } from '../actors/context.tsx';
import { FormAlert, SubmitButton } from '../components/controls.tsx';
import { DishImage } from '../components/fallback-image.tsx';
import { FormField } from '../components/form-field.tsx';
import { LineChoices } from '../components/line-choices.tsx';
import { LoadingScreen } from '../components/loading-screen.tsx';
import { OrderSummary } from '../components/order-summary.tsx';
import { ShopClosedNotice } from '../components/shop-closed-notice.tsx';

// The spec's labels: email marked optional, the rest with *; all six are required all the same.
const FIELDS: ReadonlyArray<{ field: ShippingField; label: string; type: string; autoComplete: string }> = [
  { field: 'fullName', label: 'Full name *', type: 'text', autoComplete: 'name' },
  { field: 'email', label: 'Email (optional)', type: 'email', autoComplete: 'email' },
  { field: 'phone', label: 'Phone *', type: 'tel', autoComplete: 'tel' },
  { field: 'address', label: 'Address *', type: 'text', autoComplete: 'street-address' },
  { field: 'postcode', label: 'Postcode *', type: 'text', autoComplete: 'postal-code' },
  { field: 'city', label: 'City *', type: 'text', autoComplete: 'address-level2' },
];

/** Keeps the typed address on the profile, so the next checkout starts with it. */
function SaveAddressButton({ address }: { address: string }) {
  const { saveAddress } = useCheckoutLogic();
  const [state, send] = useMachine(saveAddress);
  const saving = state.matches('submitting');
  return (
    <button
      type="button"
      className="mt-1 inline-flex min-h-11 items-center text-base font-bold text-brand-ink underline underline-offset-4 hover:text-brand disabled:opacity-60"
      disabled={saving || address.trim() === ''}
      aria-busy={saving}
      onClick={() => send({ type: 'form.submit', values: { address } })}
    >
      {saving ? 'Saving…' : 'Save to my profile'}
    </button>
  );
}

function ShippingDetails() {
  const { session, cart } = useActors();
  const { checkout } = useCheckoutLogic();
  const user = useSelector(session, (s) => s.context.user);
  const totals = useSelector(cart, (s) => s.context.totals);
  const [state, send] = useMachine(checkout, {
    input: { fullName: user?.displayName ?? '', email: user?.email ?? '' },
  });
  const busy = state.matches('submitting') || state.matches('redirecting');
  const { shipping, error, invalidField } = state.context;
  const inputs = useRef(new Map<ShippingField, HTMLInputElement>());

  // A refused submission takes the customer to the field it names.
  useEffect(() => {
    if (invalidField) inputs.current.get(invalidField)?.focus();
  }, [invalidField]);

  return (
    <form
      noValidate
      aria-labelledby="shipping-title"
      aria-busy={busy}
      onSubmit={(event) => {
        event.preventDefault();
        send({
          type: 'checkout.submit',
          total_price: totals.totalPrice,
          order_time: dayjs().format(ORDER_TIME_FORMAT),
        });
      }}
      className="grid gap-4"
    >
      <h3 id="shipping-title" className="text-xl font-bold">
        Shipping Details
      </h3>
      <div className="grid gap-4 sm:grid-cols-2">
        {FIELDS.map(({ field, label, type, autoComplete }) => (
          <div key={field}>
            <FormField label={label} invalid={invalidField === field}>
              <input
                ref={(input) => {
                  if (input) inputs.current.set(field, input);
                  else inputs.current.delete(field);
                }}
                className="field"
                type={type}
                autoComplete={autoComplete}
                value={shipping[field]}
                onChange={(event) => send({ type: 'SHIPPING_INPUT', field, value: event.target.value })}
              />
            </FormField>
            {field === 'address' && <SaveAddressButton address={shipping.address} />}
          </div>
        ))}
      </div>
      <FormAlert message={error} />
      <SubmitButton busy={busy} className="w-full sm:w-auto">
        Place Order
      </SubmitButton>
    </form>
  );
}

export function CheckoutPage() {
  const { cart } = useActors();
  const snapshot = useSelector(cart, (s) => s);
  const { lines, totals } = snapshot.context;
  // The order date the customer sees; the server stamps its own time as well.
  const [today] = useState(() => dayjs().format('DD MMMM YYYY'));

  if (snapshot.matches('loading') && lines.length === 0) return <LoadingScreen />;
  // Checkout needs something to check out.
  if (lines.length === 0 && !snapshot.matches('adding'))
    return <Navigate to="/user-dashboard/my-cart" replace />;

  return (
    <div className="grid gap-10 lg:grid-cols-[1fr_24rem]">
      <div className="lg:col-span-2 empty:hidden">
        <ShopClosedNotice />
      </div>
      <ShippingDetails />
      <section aria-labelledby="your-order-title" className="h-fit rounded-2xl bg-cream p-6">
        <h3 id="your-order-title" className="text-xl font-bold">
          Your Order
        </h3>
        <p className="mt-1 text-neutral-700">{today}</p>
        <ul className="my-4 divide-y divide-neutral-200">
          {lines.map((line) => (
            <li key={line._id} className="flex items-center gap-3 py-3">
              <DishImage
                src={line.image}
                alt=""
                width={56}
                height={56}
                className="size-14 rounded-xl bg-white object-cover"
              />
              <div className="flex-1">
                <p className="font-bold">{line.name}</p>
                <LineChoices options={line.options} instructions={line.instructions} />
                <p className="text-neutral-700">
                  {formatCartPrice(toCents(line.price))} × {line.quantity}
                </p>
              </div>
            </li>
          ))}
        </ul>
        <OrderSummary totals={totals} subtotalLabel="Subtotal" totalLabel="Grand Total" />
      </section>
    </div>
  );
}
