import { getRouteApi, Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { Minus, Plus } from 'lucide-react';
import {
  CART_LINE_MAX_UNITS,
  type CartLine,
  lineCapMessage,
  splitSellable,
  type UnsellableLine,
} from '../../contract/cart.ts';
import { feeText } from '../../contract/delivery.ts';
import { formatCartPrice, toCents } from '../../contract/money.ts';
import { SPEC_DELIVERY } from '../../contract/pricing.ts';
import { useActors } from '../actors/context.tsx';
import { DeleteButton, FormAlert } from '../components/controls.tsx';
import { EmptyState } from '../components/empty-state.tsx';
import { DishImage } from '../components/fallback-image.tsx';
import { LineChoices } from '../components/line-choices.tsx';
import { ListStates } from '../components/list-states.tsx';
import { OrderSummary } from '../components/order-summary.tsx';

/** What the spec's 'Shipping' is, before checkout knows the area: the seeded area's rule, none for a pickup. */
const CART_SHIPPING_NOTE = `Delivery fee: ${feeText(SPEC_DELIVERY)} (by your area at checkout); none for pickup`;

import { PromoEntry } from '../components/promo-entry.tsx';

const route = getRouteApi('/user-dashboard/_customer/my-cart');

const PAYMENT_NOTICES = {
  failed:
    'The payment did not go through. Your order is unpaid: pay it now from My order, or cancel it there.',
  cancelled: 'The payment was cancelled. Your order is unpaid: pay it now from My order, or cancel it there.',
} as const;

const stepClass =
  'inline-flex size-11 items-center justify-center rounded-full hover:bg-neutral-100 disabled:opacity-40';

/**
 * A line's quantity, changed in place: from 1 up to the item's stock and the line cap (the contract's
 * default, as on the item page; a server with another cap refuses with its own message). Each step is
 * sent to the cart actor, which shows it at once and saves it (machines/cart.machine.ts).
 */
function LineQuantity({ line }: { line: CartLine }) {
  const { cart } = useActors();
  const max = Math.min(line.stock, CART_LINE_MAX_UNITS);
  const canDecrease = useSelector(cart, (s) =>
    s.can({ type: 'cart.setQuantity', id: line._id, quantity: line.quantity - 1 }),
  );
  const canIncrease =
    useSelector(cart, (s) =>
      s.can({ type: 'cart.setQuantity', id: line._id, quantity: line.quantity + 1 }),
    ) && line.quantity < max;
  const step = (by: number) =>
    cart.send({ type: 'cart.setQuantity', id: line._id, quantity: line.quantity + by });
  // The item page's sentences: the spec's at the stock (or none left), the cap's below it.
  const note =
    line.quantity < max
      ? null
      : line.stock < 1
        ? `${line.name} is no longer in stock. Please wait for the available in stock.`
        : line.stock <= CART_LINE_MAX_UNITS
          ? `There are only ${line.stock} ${line.name} in stock.`
          : lineCapMessage(CART_LINE_MAX_UNITS, line.name);
  return (
    <div className="mt-2">
      <fieldset className="inline-flex items-center rounded-full border border-neutral-300">
        <legend className="sr-only">Quantity of {line.name}</legend>
        <button
          type="button"
          className={stepClass}
          aria-label="Decrease quantity"
          disabled={!canDecrease}
          onClick={() => step(-1)}
        >
          <Minus aria-hidden="true" className="size-4" />
        </button>
        <output className="w-10 text-center text-lg font-bold" aria-live="polite" aria-label="Quantity">
          {line.quantity}
        </output>
        <button
          type="button"
          className={stepClass}
          aria-label="Increase quantity"
          disabled={!canIncrease}
          onClick={() => step(1)}
        >
          <Plus aria-hidden="true" className="size-4" />
        </button>
      </fieldset>
      {note && <p className="mt-1 text-sm font-bold text-coral-ink">{note}</p>}
    </div>
  );
}

/** The spec's stock sentences, for a line the stock can not fill: none left, or only so many. */
const stockNote = (name: string, available: number): string =>
  available < 1
    ? `${name} is no longer in stock. Please wait for the available in stock.`
    : `There are only ${available} ${name} in stock.`;

/**
 * The lines the stock can not fill now, apart from the others and out of the totals: each says why, how
 * many are left, and can be removed or cut to what is left. Checkout waits until none is left here.
 */
function UnsellableLines({ lines }: { lines: ReadonlyArray<UnsellableLine<CartLine>> }) {
  const { cart } = useActors();
  const snapshot = useSelector(cart, (s) => s);
  return (
    <section aria-labelledby="unsellable-title" className="rounded-2xl border-2 border-coral/40 p-4">
      <h3 id="unsellable-title" className="text-lg font-bold">
        Not available now
      </h3>
      <p className="text-neutral-700">Not charged: remove these, or keep what is left, to check out.</p>
      <ul className="divide-y divide-neutral-200" aria-label="Lines not available now">
        {lines.map(({ line, available }) => (
          <li key={line._id} className="flex flex-wrap items-center gap-4 py-3">
            <div className="min-w-0 flex-1">
              <p className="font-bold">
                {line.name} × {line.quantity}
              </p>
              <LineChoices options={line.options} instructions={line.instructions} />
              <p className="text-sm font-bold text-coral-ink">{stockNote(line.name, available)}</p>
              <p className="text-sm">Available: {available}</p>
            </div>
            <span className="flex flex-wrap gap-2">
              {available > 0 && (
                <button
                  type="button"
                  className="btn-neutral"
                  disabled={!snapshot.can({ type: 'cart.setQuantity', id: line._id, quantity: available })}
                  onClick={() => cart.send({ type: 'cart.setQuantity', id: line._id, quantity: available })}
                >
                  Keep {available}
                </button>
              )}
              <button
                type="button"
                className="btn-dark"
                aria-label={`Remove ${line.name}`}
                disabled={!snapshot.can({ type: 'cart.remove', id: line._id })}
                onClick={() => cart.send({ type: 'cart.remove', id: line._id })}
              >
                Remove
              </button>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function MyCartPage() {
  const { payment } = route.useSearch();
  const { cart } = useActors();
  const snapshot = useSelector(cart, (s) => s);
  const { lines, totals, error, promo } = snapshot.context;
  const { sellable, unsellable } = splitSellable(lines);
  // The spec makes only the checkout button depend on the lines: an empty cart shows its picture beside
  // an Order Summary of zeros.
  const withSummary = (content: React.ReactNode) => (
    <div className="grid gap-8 lg:grid-cols-[1fr_20rem]">
      {content}
      <aside aria-labelledby="summary-title" className="h-fit rounded-2xl bg-cream p-6">
        <h3 id="summary-title" className="mb-4 text-xl font-bold">
          Order Summary
        </h3>
        <OrderSummary
          totals={totals}
          subtotalLabel="Item(s) Subtotal"
          totalLabel="Amount Payable"
          promo={promo}
          shippingNote={CART_SHIPPING_NOTE}
        />
        {lines.length > 0 &&
          (unsellable.length === 0 ? (
            <Link to="/user-dashboard/my-cart/checkout" className="btn-primary mt-6 w-full">
              Process to Checkout
            </Link>
          ) : (
            <>
              <button
                type="button"
                className="btn-primary mt-6 w-full"
                disabled
                aria-describedby="checkout-waits"
              >
                Process to Checkout
              </button>
              <p id="checkout-waits" className="mt-2 text-sm text-neutral-700">
                Checkout waits until the items not available now are removed or cut to what is left.
              </p>
            </>
          ))}
        {lines.length > 0 && <PromoEntry />}
      </aside>
    </div>
  );

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
        emptyState={withSummary(<EmptyState image="/images/empty-cart.svg" text="Your cart is empty." />)}
        onRetry={() => cart.send({ type: 'cart.refresh' })}
      >
        {withSummary(
          <div className="grid content-start gap-6">
            <ul className="divide-y divide-neutral-200 empty:hidden" aria-label="Cart lines">
              {sellable.map((line) => (
                <li key={line._id} className="flex items-center gap-4 py-4">
                  <DishImage
                    src={line.image}
                    alt=""
                    width={80}
                    height={80}
                    className="size-20 shrink-0 rounded-2xl bg-cream object-cover"
                  />
                  <div className="min-w-0 flex-1">
                    <p className="font-bold">{line.name}</p>
                    <LineChoices options={line.options} instructions={line.instructions} />
                    <p className="capitalize text-neutral-700">{line.category}</p>
                    <p>
                      {formatCartPrice(toCents(line.price))} × {line.quantity}
                    </p>
                    <LineQuantity line={line} />
                  </div>
                  <DeleteButton
                    label={`Remove ${line.name}`}
                    disabled={!snapshot.can({ type: 'cart.remove', id: line._id })}
                    onClick={() => cart.send({ type: 'cart.remove', id: line._id })}
                  />
                </li>
              ))}
            </ul>
            {unsellable.length > 0 && <UnsellableLines lines={unsellable} />}
          </div>,
        )}
      </ListStates>
    </section>
  );
}
