// Checkout (src/routes/checkout.tsx) with the checkout machine's effects answered here: the type, the
// postcode checked as it is typed, the times offered (only later ones while the shop is closed), and
// the totals by the area's rule.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AnyActorRef, createActor, fromPromise } from 'xstate';
import type { OrderSlots } from '../../contract/kitchen.ts';
import type { PaymentOptions } from '../../contract/payment-settings.ts';
import { cartMachine } from '../../machines/cart.machine.ts';
import { checkoutMachine, type OrderToPlace, type SlotsQuery } from '../../machines/checkout.machine.ts';
import { checkoutLogic } from '../../src/actors/checkout.ts';
import { giveLogic } from '../../src/actors/context.tsx';
import { CheckoutPage } from '../../src/routes/checkout.tsx';
import { readOf } from '../machines/support/models/cart.ts';
import { anArea } from '../machines/support/models/checkout.ts';
import { testActors, withActors } from './support/actors.tsx';
import { cartLine, sessionOf } from './support/fixtures.ts';

/** Dhanmondi: a fixed 2.50 tk from a 30.00 tk minimum; 1230 is no area's. */
const AREAS = [anArea('Dhanmondi', ['1205'], { kind: 'fixed', feeCents: 250, minimumCents: 3_000 })];

const slot = (at: string) => ({ at, date: at.slice(0, 10), time: at.slice(11, 16) });
const OPEN: OrderSlots = {
  asap: { minutes: 33, dueAt: '2026-11-30T12:33:00.000Z' },
  slots: [slot('2026-11-30T13:30:00.000Z'), slot('2026-11-30T13:45:00.000Z')],
  opensAt: null,
};
/** Closed: it opens at 6:00am (the shop's wall clock), the first slot due by 6:15am. */
const CLOSED: OrderSlots = {
  asap: null,
  slots: [{ at: '2026-12-01T00:15:00.000Z', date: '2026-12-01', time: '06:15' }],
  opensAt: { at: '2026-12-01T00:00:00.000Z', date: '2026-12-01', time: '06:00' },
};

let cart: AnyActorRef | null = null;
afterEach(() => cart?.stop());

/** Checkout for a cart of 2 × Pizza 1 (22.00 tk of food), the times `offer`. */
function renderCheckout(offer: OrderSlots, payment?: PaymentOptions) {
  cart = createActor(
    cartMachine.provide({ actors: { fetchCart: fromPromise(async () => readOf([cartLine(1, 2)])) } }),
  ).start();
  cart.send({ type: 'cart.load' });
  const placed = vi.fn(async (_order: OrderToPlace) => 'http://localhost:5000/sandbox-pay/PZ1');
  const reads = vi.fn((_query: SlotsQuery) => offer);
  const Page = withActors(CheckoutPage, testActors({ session: sessionOf('user'), cart }), [
    giveLogic(checkoutLogic, {
      checkout: checkoutMachine.provide({
        actors: {
          createPayment: fromPromise(async ({ input }) => placed(input)),
          rememberShipping: fromPromise(async () => ({})),
          readAreas: fromPromise(async () => AREAS),
          readSlots: fromPromise(async ({ input }) => reads(input)),
          ...(payment && { readPayment: fromPromise(async () => payment) }),
        },
      }),
    }),
  ]);
  render(<Page />);
  return { placed, reads };
}

const form = () => screen.getByRole('form', { name: 'Shipping Details' });

describe('Checkout', () => {
  it('offers cash only when the owner does, with the amount to have ready, and sends the choice', async () => {
    const { placed } = renderCheckout(OPEN, { online: true, cash: true, cashMax: null, cashRefusal: null });
    await userEvent.click(await screen.findByRole('radio', { name: 'Pickup' }));
    await userEvent.click(await screen.findByRole('radio', { name: 'Pay at the counter' }));
    expect(screen.getByText('Have 22.00 tk ready at the counter.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Delivery' }));
    expect(screen.getByRole('radio', { name: 'Cash on delivery' })).toBeChecked();
    await userEvent.click(screen.getByRole('radio', { name: 'Pickup' }));
    await userEvent.clear(screen.getByLabelText('Full name *'));
    await userEvent.type(screen.getByLabelText('Full name *'), 'Nadia Rahman');
    await userEvent.type(screen.getByLabelText('Phone *'), '01700000000');
    await screen.findByText(/As soon as possible/);
    await userEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    await vi.waitFor(() => expect(placed).toHaveBeenCalledOnce());
    expect(placed.mock.calls[0]![0]).toMatchObject({ orderType: 'pickup', paymentMethod: 'cash' });
  });

  it('shows no payment choice while the owner takes online payment only', async () => {
    renderCheckout(OPEN, { online: true, cash: false, cashMax: null, cashRefusal: null });
    await screen.findByText(/As soon as possible/);
    expect(screen.queryByRole('group', { name: 'How will you pay?' })).toBeNull();
    expect(screen.queryByRole('radio', { name: 'Cash on delivery' })).toBeNull();
  });

  it('checks the postcode as it is typed, and says before payment what a delivery needs', async () => {
    renderCheckout(OPEN);
    const postcode = await screen.findByLabelText('Postcode *');
    await userEvent.type(postcode, '1230');
    expect(await within(form()).findByText("We don't deliver to 1230 yet — try pickup")).toBeInTheDocument();
    await userEvent.clear(postcode);
    await userEvent.type(postcode, '1205');
    expect(await within(form()).findByText('Add 8.00 tk more for delivery')).toBeInTheDocument();
  });

  it('asks a pickup for a name and a phone only, and charges it no delivery fee', async () => {
    const { placed } = renderCheckout(OPEN);
    await userEvent.click(await screen.findByRole('radio', { name: 'Pickup' }));
    expect(screen.queryByLabelText('Address *')).toBeNull();
    expect(screen.queryByLabelText('Postcode *')).toBeNull();
    expect(screen.getByText(/Collect it at/)).toHaveTextContent('12 Crust Lane, Dhaka 1205');
    const summary = screen.getByRole('region', { name: 'Your Order' });
    expect(summary).toHaveTextContent('Shipping0.00 tkPickup: no delivery fee');
    expect(summary).toHaveTextContent('Grand Total22.00 tk');
    await userEvent.clear(screen.getByLabelText('Full name *'));
    await userEvent.type(screen.getByLabelText('Full name *'), 'Nadia Rahman');
    await userEvent.type(screen.getByLabelText('Phone *'), '01700000000');
    await screen.findByText(/As soon as possible/);
    await userEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    await vi.waitFor(() => expect(placed).toHaveBeenCalledOnce());
    expect(placed.mock.calls[0]![0]).toMatchObject({
      orderType: 'pickup',
      slot: null,
      total_price: 22,
      fullName: 'Nadia Rahman',
      phone: '01700000000',
    });
  });

  it('offers as soon as possible with the estimate, or a later slot', async () => {
    renderCheckout(OPEN);
    expect(
      await screen.findByRole('radio', { name: /As soon as possible \(about 35–45 min\)/ }),
    ).toBeChecked();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Time' }), OPEN.slots[1]!.at);
    expect(screen.getByRole('radio', { name: 'Later' })).toBeChecked();
  });

  it('offers only later slots while the shop is closed, saying when it opens: never a refusal', async () => {
    const { placed } = renderCheckout(CLOSED);
    expect(
      await screen.findByText(/We're closed right now — we open .* at 6:00am\. Choose a later time below\./),
    ).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: /As soon as possible/ })).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Time' })).toHaveValue(CLOSED.slots[0]!.at);
    await userEvent.click(screen.getByRole('radio', { name: 'Pickup' }));
    await userEvent.type(screen.getByLabelText('Full name *'), 'Nadia Rahman');
    await userEvent.type(screen.getByLabelText('Phone *'), '01700000000');
    await userEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    await vi.waitFor(() => expect(placed).toHaveBeenCalledOnce());
    expect(placed.mock.calls[0]![0]).toMatchObject({ slot: CLOSED.slots[0]!.at });
  });
});
