// A live order event reaches the page once, however often the wire carries it: the reader
// (src/api/order-stream.ts) is the one place that drops a second copy, and neither the feed machine nor
// the page looks for one (docs/decisions/031-kitchen-board-and-live-events.md).
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { Order } from '../../contract/order.ts';
import { API_TOKEN_STORAGE_KEY } from '../../contract/user.ts';
import { type KitchenMove, kitchenBoardMachine } from '../../machines/kitchen-board.machine.ts';
import { giveLogic } from '../../src/actors/context.tsx';
import { kitchenLogic } from '../../src/actors/kitchen.ts';
import { liveOrderFeed } from '../../src/actors/order-feed.ts';
import { KitchenPage } from '../../src/routes/admin/kitchen.tsx';
import { testActors, withActors } from './support/actors.tsx';
import { anEvent, anOrder } from './support/orders.ts';
import { renderAt } from './support/router.tsx';
import { type FakeStreamApi, fakeStreamApi, frame } from './support/stream-api.ts';

const chime = vi.fn();
/** The orders the server has on the board, by id. */
const onServer = new Map<string, Order>();

// The board as the app makes it, its feed the app's own (the real reader, over the fake API's fetch);
// only the board's reads and its chime are the test's (an empty board; a new order's ticket read by id).
const Board = withActors(KitchenPage, testActors(), [
  giveLogic(kitchenLogic, {
    kitchenBoard: kitchenBoardMachine.provide({
      actors: {
        readBoard: fromPromise(async () => [...onServer.values()]),
        readTickets: fromPromise(async ({ input }: { input: string[] }) =>
          input.map((id) => onServer.get(id)).filter((order) => order !== undefined),
        ),
        moveOrder: fromPromise<Order, KitchenMove>(async () => {
          throw new Error('No moves in this test');
        }),
        orderFeed: liveOrderFeed,
      },
      actions: { playChime: chime },
    }),
  }),
]);

let api: FakeStreamApi;
beforeEach(() => {
  api = fakeStreamApi();
  vi.stubGlobal('fetch', api.fetch);
  localStorage.setItem(API_TOKEN_STORAGE_KEY, 'api-token');
  chime.mockClear();
  onServer.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('a live order event', () => {
  it('reaches the kitchen board once, when the server’s catch-up and live overlap and a reconnect replays it', async () => {
    renderAt('/admin/kitchen', Board);
    await screen.findByRole('heading', { name: 'Kitchen' });
    await userEvent.click(screen.getByRole('button', { name: 'Sound off' }));
    await vi.waitFor(() => expect(api.requests).toHaveLength(1));
    for (const order of [
      anOrder('d', 'paid', { order_number: 7 }),
      anOrder('a', 'accepted', { order_number: 3 }),
      anOrder('f', 'paid', { order_number: 9 }),
    ])
      onServer.set(order._id, order);
    const paidFirst = anEvent(7, onServer.get('d')!, 'awaiting_payment', 'paid', 'gateway');
    const accepted = anEvent(8, onServer.get('a')!, 'paid', 'accepted', 'staff');
    const paidLater = anEvent(9, onServer.get('f')!, 'awaiting_payment', 'paid', 'gateway');

    // Event 7 from the table and again from the live queue, in one stream.
    api.write(frame(paidFirst) + frame(paidFirst) + frame(accepted));
    expect(await screen.findByText('New paid order #7')).toBeInTheDocument();
    api.cut();
    await vi.waitFor(() => expect(api.requests).toHaveLength(2), { timeout: 3_000 });
    expect(api.requests[1]!.headers['Last-Event-ID']).toBe('8');
    // The resumed stream starts with what the page had already.
    api.write(frame(paidFirst) + frame(accepted) + frame(paidLater));
    expect(await screen.findByText('New paid order #9')).toBeInTheDocument();
    expect(await screen.findByRole('listitem', { name: /Customer f/ })).toBeInTheDocument();

    // One chime per newly paid order: 7 and 9, each once; one ticket each.
    expect(chime).toHaveBeenCalledTimes(2);
    expect(screen.getAllByRole('listitem', { name: /Customer d/ })).toHaveLength(1);
  });
});
