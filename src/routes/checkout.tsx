import { Link, Navigate } from '@tanstack/react-router';
import { useMachine, useSelector } from '@xstate/react';
import dayjs from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { type CartLine, cartTotals, splitSellable } from '../../contract/cart.ts';
import { type Area, areaFor, deliveryProblem, feeText } from '../../contract/delivery.ts';
import { estimateText, whenText } from '../../contract/kitchen.ts';
import { formatCartPrice, toCents } from '../../contract/money.ts';
import { dayWords } from '../../contract/opening-hours.ts';
import { FIELDS_OF, ORDER_TIME_FORMAT, type ShippingField } from '../../contract/order.ts';
import type { OrderType } from '../../contract/order-lifecycle.ts';
import { CASH_CHOICE, cashOverLimit, ONLINE_CHOICE } from '../../contract/payment-settings.ts';
import { opensText } from '../../contract/shop.ts';
import type { checkoutMachine } from '../../machines/checkout.machine.ts';
import { useCheckoutLogic } from '../actors/checkout.ts';
import { useActors } from '../actors/context.tsx';
import { ChoiceChips, FormAlert, SubmitButton } from '../components/controls.tsx';
import { DishImage } from '../components/fallback-image.tsx';
import { FormField } from '../components/form-field.tsx';
import { LineChoices } from '../components/line-choices.tsx';
import { LoadingScreen } from '../components/loading-screen.tsx';
import { OrderSummary } from '../components/order-summary.tsx';
import { PromoEntry } from '../components/promo-entry.tsx';
import { ShopClosedNotice } from '../components/shop-closed-notice.tsx';
import { RESTAURANT_ADDRESS } from '../content/contact.ts';

// The spec's labels: email marked optional, the rest with *; all six are required all the same (a pickup
// asks for the name and the phone only).
const LABELS: Record<ShippingField, { label: string; type: string; autoComplete: string }> = {
  fullName: { label: 'Full name *', type: 'text', autoComplete: 'name' },
  email: { label: 'Email (optional)', type: 'email', autoComplete: 'email' },
  phone: { label: 'Phone *', type: 'tel', autoComplete: 'tel' },
  address: { label: 'Address *', type: 'text', autoComplete: 'street-address' },
  postcode: { label: 'Postcode *', type: 'text', autoComplete: 'postal-code' },
  city: { label: 'City *', type: 'text', autoComplete: 'address-level2' },
};

const TYPES: ReadonlyArray<{ value: OrderType; label: string }> = [
  { value: 'delivery', label: 'Delivery' },
  { value: 'pickup', label: 'Pickup' },
];

type CheckoutSnapshot = ReturnType<typeof useMachine<typeof checkoutMachine>>[0];
type CheckoutSend = ReturnType<typeof useMachine<typeof checkoutMachine>>[1];

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

/** Delivery or pickup, as a pair of radio buttons. */
function OrderTypeChoice({ value, onChoose }: { value: OrderType; onChoose: (type: OrderType) => void }) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-lg font-bold">How would you like it?</legend>
      <ChoiceChips name="order-type" choices={TYPES} value={value} onChoose={onChoose} />
      {value === 'pickup' && (
        <p className="text-neutral-700">
          Collect it at <strong>{RESTAURANT_ADDRESS}</strong>: we only need your name and phone.
        </p>
      )}
    </fieldset>
  );
}

/**
 * How it is paid: online (the spec's way) or cash at the door or the counter, shown only when the owner
 * offers cash, with the amount to have ready (or why cash is not for this order).
 */
function PaymentChoice({
  snapshot,
  send,
  totalPrice,
}: {
  snapshot: CheckoutSnapshot;
  send: CheckoutSend;
  totalPrice: number;
}) {
  const { payment, paymentMethod, orderType } = snapshot.context;
  if (!payment?.cash) return null;
  const overLimit = payment.cashMax !== null && toCents(totalPrice) >= toCents(payment.cashMax);
  const choices = [
    ...(payment.online ? [{ value: 'online' as const, label: ONLINE_CHOICE }] : []),
    { value: 'cash' as const, label: CASH_CHOICE[orderType] },
  ];
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-lg font-bold">How will you pay?</legend>
      <ChoiceChips
        name="payment-method"
        choices={choices}
        value={paymentMethod}
        onChoose={(method) => send({ type: 'checkout.pay', method })}
      />
      {paymentMethod === 'cash' && (
        <p className="text-neutral-700">
          {payment.cashRefusal ??
            (overLimit
              ? cashOverLimit(toCents(payment.cashMax!))
              : `Have ${formatCartPrice(toCents(totalPrice))} ready ${orderType === 'pickup' ? 'at the counter' : 'for the rider'}.`)}
        </p>
      )}
    </fieldset>
  );
}

/**
 * When: as soon as possible (with the honest estimate) or a later 15-minute slot; while the shop is
 * closed, only the later slots, with when it opens.
 */
function WhenChoice({ snapshot, send }: { snapshot: CheckoutSnapshot; send: CheckoutSend }) {
  const { offer, slot } = snapshot.context;
  const today = dayjs().format('YYYY-MM-DD');
  const days = offer ? [...new Set(offer.slots.map((offered) => offered.date))] : [];
  return (
    <fieldset className="grid gap-2" aria-busy={snapshot.matches({ editing: 'readingTimes' })}>
      <legend className="mb-2 text-lg font-bold">When?</legend>
      {snapshot.matches({ editing: 'readingTimes' }) && (
        <p role="status">Finding the times we can make it…</p>
      )}
      {snapshot.matches({ editing: 'timesFailed' }) && (
        <button
          type="button"
          className="btn-primary justify-self-start"
          onClick={() => send({ type: 'checkout.retry' })}
        >
          Find the times again
        </button>
      )}
      {offer && !offer.asap && (
        <p role="status" className="rounded-xl bg-brand/20 p-3 font-semibold">
          {offer.opensAt ? opensText(offer.opensAt, today) : 'As soon as possible is full today.'} Choose a
          later time below.
        </p>
      )}
      {offer && (
        <div className="grid gap-3">
          {offer.asap && (
            <label className="inline-flex min-h-11 cursor-pointer items-center gap-2">
              <input
                type="radio"
                name="when"
                className="size-5 accent-ink"
                checked={slot === null}
                onChange={() => send({ type: 'checkout.slot', slot: null })}
              />
              <span>
                As soon as possible <span className="font-bold">({estimateText(offer.asap.minutes)})</span>
              </span>
            </label>
          )}
          {offer.slots.length > 0 ? (
            <div className="flex flex-wrap items-center gap-2">
              <label className="inline-flex min-h-11 cursor-pointer items-center gap-2">
                <input
                  type="radio"
                  name="when"
                  className="size-5 accent-ink"
                  checked={slot !== null}
                  onChange={() => send({ type: 'checkout.slot', slot: offer.slots[0]!.at })}
                />
                Later
              </label>
              <select
                aria-label="Time"
                className="field w-auto"
                value={slot ?? ''}
                onChange={(event) => send({ type: 'checkout.slot', slot: event.target.value || null })}
              >
                {slot === null && <option value="">Choose a time</option>}
                {days.map((date) => (
                  <optgroup key={date} label={dayWords(date, today)}>
                    {offer.slots
                      .filter((offered) => offered.date === date)
                      .map((offered) => (
                        <option key={offered.at} value={offered.at}>
                          {whenText(offered, today)}
                        </option>
                      ))}
                  </optgroup>
                ))}
              </select>
            </div>
          ) : (
            !offer.asap && <p>The kitchen is full for the coming week: please try again later.</p>
          )}
        </div>
      )}
    </fieldset>
  );
}

/** Where a delivery to the typed postcode goes, or why it can not: said as the customer types. */
function AreaNote({ areas, postcode, foodCents }: { areas: Area[]; postcode: string; foodCents: number }) {
  if (postcode.trim() === '') return null;
  const problem = deliveryProblem(areas, postcode, foodCents);
  const area = areaFor(areas, postcode);
  return (
    <p
      role="status"
      className={`mt-1 text-base ${problem ? 'font-semibold text-coral-ink' : 'text-neutral-700'}`}
    >
      {problem ??
        (area && `We deliver there: ${feeText(area)}, about ${area.deliveryMinutes} min on the way`)}
    </p>
  );
}

interface DetailsProps {
  snapshot: CheckoutSnapshot;
  send: CheckoutSend;
  totalPrice: number;
  foodCents: number;
}

function ShippingDetails({ snapshot, send, totalPrice, foodCents }: DetailsProps) {
  // A Place Order waiting for the times counts as sent: it goes as soon as they come.
  const busy =
    snapshot.matches('submitting') || snapshot.matches('redirecting') || snapshot.context.waiting !== null;
  const { shipping, error, invalidField, orderType, areas } = snapshot.context;
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
          total_price: totalPrice,
          order_time: dayjs().format(ORDER_TIME_FORMAT),
          foodCents,
        });
      }}
      className="grid gap-6"
    >
      <OrderTypeChoice
        value={orderType}
        onChoose={(type) => send({ type: 'checkout.type', orderType: type })}
      />
      <div className="grid gap-4">
        <h3 id="shipping-title" className="text-xl font-bold">
          Shipping Details
        </h3>
        <div className="grid gap-4 sm:grid-cols-2">
          {FIELDS_OF[orderType].map((field) => {
            const { label, type, autoComplete } = LABELS[field];
            return (
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
                {field === 'postcode' && areas && (
                  <AreaNote areas={areas} postcode={shipping.postcode} foodCents={foodCents} />
                )}
              </div>
            );
          })}
        </div>
      </div>
      <WhenChoice snapshot={snapshot} send={send} />
      <PaymentChoice snapshot={snapshot} send={send} totalPrice={totalPrice} />
      <FormAlert message={error} />
      <SubmitButton busy={busy} className="w-full sm:w-auto">
        Place Order
      </SubmitButton>
    </form>
  );
}

/** The form and the order beside it: the totals follow the type and the area the form says. */
function Checkout({ lines }: { lines: CartLine[] }) {
  const { session, cart } = useActors();
  const promo = useSelector(cart, (s) => s.context.promo);
  const { checkout } = useCheckoutLogic();
  const user = useSelector(session, (s) => s.context.user);
  const [snapshot, send] = useMachine(checkout, {
    input: { fullName: user?.displayName ?? '', email: user?.email ?? '' },
  });
  // The order date the customer sees; the server stamps its own time as well.
  const [today] = useState(() => dayjs().format('DD MMMM YYYY'));
  const { orderType, areas, shipping } = snapshot.context;
  const area = orderType === 'delivery' ? areaFor(areas ?? [], shipping.postcode) : undefined;
  // A pickup pays no fee; a delivery its area's rule (the spec's 5 % until one is known).
  // The code's discount as the server priced it on the cart (machines/cart.machine.ts).
  const totals = cartTotals(lines, promo.discount, orderType === 'pickup' ? null : area);
  const foodCents = toCents(totals.totalPriceWithoutShipping);
  const shippingNote =
    orderType === 'pickup'
      ? 'Pickup: no delivery fee'
      : area
        ? `Delivery fee: ${feeText(area)}`
        : 'Delivery fee: by the area of the postcode';

  return (
    <>
      <ShippingDetails snapshot={snapshot} send={send} totalPrice={totals.totalPrice} foodCents={foodCents} />
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
        <OrderSummary
          totals={totals}
          subtotalLabel="Subtotal"
          totalLabel="Grand Total"
          shippingNote={shippingNote}
          promo={promo}
        />
        <PromoEntry />
      </section>
    </>
  );
}

export function CheckoutPage() {
  const { cart } = useActors();
  const snapshot = useSelector(cart, (s) => s);
  const { sellable, unsellable } = splitSellable(snapshot.context.lines);
  const lines = sellable;

  if (snapshot.matches('loading') && snapshot.context.lines.length === 0) return <LoadingScreen />;
  // Checkout needs something to check out.
  if (snapshot.context.lines.length === 0 && !snapshot.matches('adding'))
    return <Navigate to="/user-dashboard/my-cart" replace />;
  // And waits while a line can not be had: My cart shows it apart, with what is left.
  if (unsellable.length > 0) {
    return (
      <div role="alert" className="grid justify-items-start gap-3 rounded-2xl border-2 border-coral/40 p-6">
        <p className="text-lg font-bold">
          {unsellable.map(({ line }) => line.name).join(', ')} {unsellable.length === 1 ? 'is' : 'are'} not
          available as your cart has {unsellable.length === 1 ? 'it' : 'them'}.
        </p>
        <p>
          Remove {unsellable.length === 1 ? 'it' : 'them'}, or keep what is left, in My cart; then check out.
        </p>
        <Link to="/user-dashboard/my-cart" className="btn-primary">
          Back to My cart
        </Link>
      </div>
    );
  }

  return (
    <div className="grid gap-10 lg:grid-cols-[1fr_24rem]">
      <div className="lg:col-span-2 empty:hidden">
        <ShopClosedNotice />
      </div>
      <Checkout lines={lines} />
    </div>
  );
}
