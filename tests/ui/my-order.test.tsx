import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { Order } from '../../contract/order.ts';
import type { OrderEvent } from '../../contract/order-lifecycle.ts';
import { createListMachine } from '../../machines/list.machine.ts';
import { orderMachine } from '../../machines/order.machine.ts';
import { giveLogic } from '../../src/actors/context.tsx';
import type { Settled } from '../../src/actors/order-feed.ts';
import { ordersLogic } from '../../src/actors/orders.ts';
import { testActors, withActors } from './support/actors.tsx';
import { orderFeedStandIn, stream } from './support/order-feed-mock.ts';
import { anEvent, anOrder } from './support/orders.ts';

const server = { orders: [] as Order[] };

vi.mock('@tanstack/react-router', () => ({
  Link: ({ children }: { children: ReactNode }) => <a href="/">{children}</a>,
  useSearch: () => ({}),
}));

const { MyOrderPage } = await import('../../src/routes/my-order.tsx');

const Page = withActors(MyOrderPage, testActors(), [
  giveLogic(ordersLogic, {
    myOrders: createListMachine<Order, object>('myOrders').provide({
      actors: { fetchPage: fromPromise(async () => ({ rows: server.orders, next: null as string | null })) },
    }),
    order: orderMachine.provide({
      actors: { deleteOrder: fromPromise(async () => ({ deletedCount: 1 })) },
    }),
    myOrderEvents: fromPromise(
      async ({ input }: { input: { id: string } }): Promise<Settled<OrderEvent[]>> => {
        const order = server.orders.find((o) => o._id === input.id)!;
        return { ok: true, value: [anEvent(1, order, null, 'awaiting_payment', 'checkout')] };
      },
    ),
  }),
  orderFeedStandIn,
]);

const card = (transactionId: string) => screen.findByRole('listitem', { name: `Order ${transactionId}` });
const currentStep = (element: HTMLElement) =>
  within(element).getByRole('list', { name: 'Order progress' }).querySelector('[aria-current="step"]');

beforeEach(() => {
  server.orders = [
    anOrder('u', 'awaiting_payment'),
    anOrder('p', 'paid', { order_number: 12 }),
    anOrder('r', 'refund_due'),
  ];
});

describe('My order', () => {
  it('shows each order as a card with the spec’s fields, its status, its tracker and its action', async () => {
    render(<Page />);
    const unpaid = await card('T-u');
    // Cards, not a wide table: nothing to scroll sideways on a phone.
    expect(document.querySelector('table')).toBeNull();
    for (const label of ['Order Date', 'Address', 'Price', 'Transaction ID', 'Order Items', 'Status']) {
      expect(within(unpaid).getByText(label)).toBeInTheDocument();
    }
    expect(unpaid).toHaveTextContent('November 23,2026 08:05:09 PM');
    // The day's short number, large, above the spec's fields; the long id stays among them.
    expect(within(await card('T-p')).getByText('Order #12')).toBeInTheDocument();
    expect(within(unpaid).getByText('Order #T-u')).toBeInTheDocument();
    expect(unpaid).toHaveTextContent('21.50 tk');
    expect(unpaid).toHaveTextContent('Payment pending');
    expect(unpaid).toHaveTextContent('Order Pending');
    expect(currentStep(unpaid)).toHaveTextContent('Awaiting payment');
    expect(within(unpaid).getByRole('button', { name: 'Delete order T-u' })).toBeInTheDocument();

    const paid = await card('T-p');
    expect(paid).toHaveTextContent('Payment Success');
    expect(
      within(paid).getByRole('img', { name: 'Paid, waiting for the restaurant to confirm' }),
    ).toBeVisible();

    const refund = await card('T-r');
    expect(within(refund).queryByRole('list', { name: 'Order progress' })).toBeNull();
    expect(refund).toHaveTextContent('This order will not be delivered: the restaurant owes you a refund.');
  });

  it('says in words how an unpaid order ended, never beside the spec’s pending texts, with Delete while the customer may', async () => {
    server.orders = [anOrder('f', 'payment_failed'), anOrder('e', 'expired'), anOrder('c', 'cancelled')];
    render(<Page />);
    for (const [id, words] of [
      ['f', 'Payment failed'],
      ['e', 'Expired'],
      ['c', 'Cancelled'],
    ] as const) {
      const ended = await card(`T-${id}`);
      expect(ended).toHaveTextContent(words);
      expect(ended).not.toHaveTextContent('Payment pending');
      expect(ended).not.toHaveTextContent('Order Pending');
    }
    expect(await card('T-f')).toHaveTextContent('The payment did not go through');
    expect(within(await card('T-f')).getByRole('button', { name: 'Delete order T-f' })).toBeInTheDocument();
    expect(within(await card('T-e')).getByRole('button', { name: 'Delete order T-e' })).toBeInTheDocument();
    // Cancelled by the restaurant: nothing more can be done to it, but to order its lines again.
    expect(
      within(await card('T-c'))
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Order again']);
  });

  it('follows the order live: the kitchen accepting it confirms it and moves the tracker', async () => {
    render(<Page />);
    const paid = await card('T-p');
    server.orders = server.orders.map((o) => (o._id === 'p' ? anOrder('p', 'accepted') : o));
    act(() => {
      stream.send({ type: 'order.stream', status: 'live' });
      stream.send({
        type: 'order.event',
        event: anEvent(9, server.orders[1]!, 'paid', 'accepted', 'staff'),
      });
    });
    await vi.waitFor(() => expect(currentStep(paid)).toHaveTextContent('Accepted'));
    expect(paid).toHaveTextContent('Order Confirm');
    expect(within(paid).getByRole('img', { name: 'Order confirmed' })).toBeInTheDocument();
  });

  it('reads its orders again once the stream is live: a change made before it started shows', async () => {
    render(<Page />);
    const paid = await card('T-p');
    expect(currentStep(paid)).toHaveTextContent('Paid');
    // Accepted after the list was read and before the stream started: no event will tell of it.
    server.orders = server.orders.map((o) => (o._id === 'p' ? anOrder('p', 'accepted') : o));
    act(() => stream.send({ type: 'order.stream', status: 'live' }));
    await vi.waitFor(async () => expect(currentStep(await card('T-p'))).toHaveTextContent('Accepted'));
  });

  it('shows the timeline when opened', async () => {
    render(<Page />);
    const unpaid = await card('T-u');
    await userEvent.click(within(unpaid).getByText('Timeline'));
    expect(await within(unpaid).findByText(/Order placed/)).toBeInTheDocument();
  });

  it('says when live updates pause', async () => {
    render(<Page />);
    await card('T-u');
    act(() => stream.send({ type: 'order.stream', status: 'reconnecting' }));
    expect(await screen.findByText('Live updates paused — reconnecting…')).toHaveAttribute('role', 'status');
  });

  it('shows the server’s words while it refuses the stream, and says when updates are back', async () => {
    render(<Page />);
    await card('T-u');
    const message = 'You have 5 live order views open already, the most one account may have.';
    act(() => stream.send({ type: 'order.stream', status: 'waiting', message }));
    expect(await screen.findByText(message)).toHaveAttribute('data-live', 'waiting');
    act(() => stream.send({ type: 'order.stream', status: 'live' }));
    expect(await screen.findByText('Live updates are back.')).toHaveAttribute('role', 'status');
    expect(screen.queryByText(message)).not.toBeInTheDocument();
  });
});
