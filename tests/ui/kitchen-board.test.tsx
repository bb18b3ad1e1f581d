import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fromCallback, fromPromise } from 'xstate';
import { DEFAULT_KITCHEN_SETTINGS, type KitchenSettings } from '../../contract/kitchen.ts';
import type { Order } from '../../contract/order.ts';
import { KITCHEN_COLUMNS, type OrderState } from '../../contract/order-lifecycle.ts';
import {
  type BoardColumns,
  type KitchenMove,
  kitchenBoardMachine,
} from '../../machines/kitchen-board.machine.ts';
import { giveLogic } from '../../src/actors/context.tsx';
import { kitchenLogic } from '../../src/actors/kitchen.ts';
import { KitchenPage } from '../../src/routes/admin/kitchen.tsx';
import { keepPrinting } from '../../src/ui/ticket-printer.ts';
import { testActors, withActors } from './support/actors.tsx';
import { standInFeed, stream } from './support/order-feed-mock.ts';
import { anEvent, anOrder } from './support/orders.ts';
import { renderAt } from './support/router.tsx';

// The server, as the board's actors see it: the orders by id, and the transition call.
const server = {
  orders: new Map<string, Order>(),
  /** The reads fail, as with the API away. */
  down: false,
  transition: undefined as unknown as (id: string, to: OrderState, note?: string) => Promise<void>,
  kitchen: DEFAULT_KITCHEN_SETTINGS as KitchenSettings,
};
const chime = { prepare: vi.fn(), play: vi.fn() };
const sound = { remembered: [] as boolean[] };
/** The tickets handed to the printer, in order (it is done with each at once). */
const printer = { printed: [] as Order[] };

const Board = withActors(KitchenPage, testActors(), [
  giveLogic(kitchenLogic, {
    kitchenBoard: kitchenBoardMachine.provide({
      actors: {
        readBoard: fromPromise(async () => {
          if (server.down) throw new Error('The kitchen is briefly offline');
          const orders = [...server.orders.values()];
          return Object.fromEntries(
            KITCHEN_COLUMNS.map((state) => [state, orders.filter((order) => order.state === state)]),
          ) as BoardColumns;
        }),
        moveOrder: fromPromise(async ({ input }: { input: KitchenMove }) => {
          await server.transition(input.orderId, input.to, input.note);
          return server.orders.get(input.orderId)!;
        }),
        orderFeed: standInFeed,
        readKitchen: fromPromise(async () => server.kitchen),
        saveBusy: fromPromise(async ({ input }: { input: KitchenSettings }) => {
          server.kitchen = input;
          return server.kitchen;
        }),
        printTicket: fromCallback(
          ({ input, sendBack }: { input: Order; sendBack: (event: never) => void }) => {
            printer.printed.push(input);
            queueMicrotask(() => sendBack({ type: 'kitchen.printed' } as never));
          },
        ),
      },
      actions: {
        prepareChime: chime.prepare,
        playChime: chime.play,
        rememberSound: ({ context }) => {
          sound.remembered.push(context.soundOn);
        },
        // The browser's memory itself: the next board starts from it.
        rememberPrinting: ({ context }) => keepPrinting(context),
      },
    }),
  }),
]);

/** The board where the app has it (its New order link needs the router), once the router shows it. */
async function renderBoard() {
  const rendered = renderAt('/admin/kitchen', Board);
  await screen.findByRole('heading', { name: 'Kitchen' });
  return rendered;
}

const column = (name: string) => screen.getByRole('region', { name: new RegExp(`^${name}`) });

beforeEach(() => {
  server.orders = new Map(
    [anOrder('a', 'paid'), anOrder('b', 'accepted'), anOrder('c', 'preparing')].map((o) => [o._id, o]),
  );
  server.down = false;
  server.kitchen = DEFAULT_KITCHEN_SETTINGS;
  sound.remembered = [];
  printer.printed = [];
  localStorage.clear();
  chime.prepare.mockClear();
  chime.play.mockClear();
  server.transition = vi.fn(async (id: string, to: OrderState) => {
    server.orders.set(id, { ...server.orders.get(id)!, state: to });
  });
});

describe('the kitchen board', () => {
  it('shows each order in its state’s column with its items, address, phone and time since payment', async () => {
    await renderBoard();
    const paid = column('Paid');
    const card = await within(paid).findByRole('listitem', { name: /Customer a/ });
    expect(card).toHaveTextContent('2 × Margherita');
    expect(card).toHaveTextContent('12 Lake Road, Dhaka 1207');
    expect(within(card).getByRole('link', { name: '+880 1700 000000' })).toHaveAttribute(
      'href',
      'tel:+880 1700 000000',
    );
    expect(card).toHaveTextContent('Paid 12 min ago');
    expect(await within(column('Preparing')).findByText(/Customer c/)).toBeInTheDocument();
  });

  it('flags an order the server says was paid after the shop closed: staff cook it or cancel it', async () => {
    server.orders.set('f', anOrder('f', 'paid', { paid_after_closing: true }));
    await renderBoard();
    const late = await within(column('Paid')).findByRole('listitem', { name: /Customer f/ });
    expect(late).toHaveTextContent(
      'Paid after closing: cook it, or cancel it and the customer is owed a refund.',
    );
    expect(within(late).getByRole('button', { name: 'Accept: order T-f' })).toBeEnabled();
    expect(within(late).getByRole('button', { name: 'Cancel order T-f' })).toBeEnabled();
    const onTime = within(column('Paid')).getByRole('listitem', { name: /Customer a/ });
    expect(onTime).not.toHaveTextContent('Paid after closing');
  });

  it('shows a promo code’s discount under the card’s total', async () => {
    server.orders.set(
      'd',
      anOrder('d', 'paid', { total_price: 19.35, discount: 2.15, promo_code: 'TENOFF' }),
    );
    await renderBoard();
    const card = await within(column('Paid')).findByRole('listitem', { name: /Customer d/ });
    expect(card).toHaveTextContent('Tk 19.35');
    expect(card).toHaveTextContent('TENOFF −Tk 2.15');
    expect(within(column('Paid')).getByRole('listitem', { name: /Customer a/ })).not.toHaveTextContent('−Tk');
  });

  it('moves a card to its next step through the transition call', async () => {
    await renderBoard();
    await userEvent.click(await screen.findByRole('button', { name: 'Accept: order T-a' }));
    expect(server.transition).toHaveBeenCalledWith('a', 'accepted', undefined);
    expect(await within(column('Accepted')).findByText(/Customer a/)).toBeInTheDocument();
    await vi.waitFor(() => expect(within(column('Paid')).queryByText(/Customer a/)).toBeNull());
  });

  it('shows the server’s message when the move is refused, and reads the card again', async () => {
    server.transition = vi.fn(async (id: string) => {
      // Someone else moved it on meanwhile.
      server.orders.set(id, { ...server.orders.get(id)!, state: 'accepted' });
      throw new Error('This order is accepted already');
    });
    await renderBoard();
    await userEvent.click(await screen.findByRole('button', { name: 'Accept: order T-a' }));
    expect(await within(column('Paid')).findByRole('alert')).toHaveTextContent(
      'Order T-a: This order is accepted already',
    );
    await vi.waitFor(() => expect(within(column('Paid')).queryByText(/Customer a/)).toBeNull());
  });

  it('adds a newly paid order without a reload, highlighted and announced', async () => {
    await renderBoard();
    await within(column('Paid')).findByText(/Customer a/);
    const fresh = anOrder('d', 'paid');
    server.orders.set(fresh._id, fresh);
    act(() => {
      stream.send({ type: 'order.stream', status: 'live' });
      stream.send({
        type: 'order.event',
        event: anEvent(7, fresh, 'awaiting_payment', 'paid', 'gateway'),
      });
    });
    const card = await within(column('Paid')).findByRole('listitem', { name: /Customer d/ });
    expect(card).toHaveTextContent('New');
    expect(screen.getByText('New paid order T-d')).toHaveAttribute('role', 'status');
  });

  it('reads the columns again once the stream is live: an order paid before it started shows', async () => {
    await renderBoard();
    await within(column('Paid')).findByText(/Customer a/);
    // Paid after the columns were read and before the stream started: no event will tell of it.
    server.orders.set('e', anOrder('e', 'paid'));
    act(() => stream.send({ type: 'order.stream', status: 'live' }));
    expect(await within(column('Paid')).findByRole('listitem', { name: /Customer e/ })).toBeInTheDocument();
  });

  it('says when live updates pause', async () => {
    await renderBoard();
    act(() => stream.send({ type: 'order.stream', status: 'reconnecting' }));
    expect(await screen.findByText('Live updates paused — reconnecting…')).toHaveAttribute('role', 'status');
  });

  it('offers the sound as a toggle, off by default, and chimes for a newly paid order once it is on', async () => {
    await renderBoard();
    await within(column('Paid')).findByText(/Customer a/);
    const toggle = screen.getByRole('button', { name: 'Sound for new orders' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    act(() =>
      stream.send({
        type: 'order.event',
        event: anEvent(7, anOrder('d', 'paid'), 'awaiting_payment', 'paid', 'gateway'),
      }),
    );
    expect(chime.play).not.toHaveBeenCalled();
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(chime.prepare).toHaveBeenCalledOnce();
    act(() =>
      stream.send({
        type: 'order.event',
        event: anEvent(8, anOrder('e', 'paid'), 'awaiting_payment', 'paid', 'gateway'),
      }),
    );
    expect(chime.play).toHaveBeenCalledOnce();
    expect(sound.remembered).toEqual([true]);
  });

  it('starts with the sound staff left on, asking once for the tap a browser needs', async () => {
    localStorage.setItem('pizzon:kitchen-sound', 'on');
    await renderBoard();
    await userEvent.click(await screen.findByRole('button', { name: 'Allow sound' }));
    expect(chime.prepare).toHaveBeenCalledOnce();
    expect(screen.getByRole('button', { name: 'Sound for new orders' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.queryByRole('button', { name: 'Allow sound' })).toBeNull();
  });

  it('shows on each card its type, total, due time and a timer that turns amber when late', async () => {
    const minutes = (n: number) => new Date(Date.now() + n * 60_000).toISOString();
    server.orders = new Map(
      [
        anOrder('d', 'preparing', { ready_at: minutes(12), start_at: minutes(-3) }),
        anOrder('e', 'preparing', { ready_at: minutes(-5), order_type: 'pickup' }),
      ].map((o) => [o._id, o]),
    );
    await renderBoard();
    const onTime = await within(column('Preparing')).findByRole('listitem', { name: /Customer d/ });
    expect(onTime).toHaveTextContent('Delivery');
    expect(onTime).toHaveTextContent('Tk 21.50');
    expect(onTime).toHaveTextContent(/Due \d{1,2}:\d{2} (AM|PM)/);
    expect(within(onTime).getByText('12 min to go')).toHaveAttribute('data-late', 'false');
    const late = within(column('Preparing')).getByRole('listitem', { name: /Customer e/ });
    expect(late).toHaveTextContent('Pickup');
    expect(late).toHaveTextContent('Collects at the counter');
    expect(within(late).getByText('5 min late')).toHaveAttribute('data-late', 'true');
    // Ready, a pickup goes to the counter, not out for delivery.
    expect(within(late).getByRole('button', { name: 'Ready for pickup: order T-e' })).toBeEnabled();
  });

  it('keeps a scheduled order in Later until the kitchen should start on it', async () => {
    const later = anOrder('s', 'paid', {
      scheduled: true,
      start_at: new Date(Date.now() + 90 * 60_000).toISOString(),
      ready_at: new Date(Date.now() + 105 * 60_000).toISOString(),
    });
    server.orders.set(later._id, later);
    await renderBoard();
    const card = await within(column('Later')).findByRole('listitem', { name: /Customer s/ });
    expect(card).toHaveTextContent(/Starts \d{1,2}:\d{2} (AM|PM)/);
    expect(within(column('Paid')).queryByText(/Customer s/)).toBeNull();
    // Staff may start on it early all the same.
    expect(within(card).getByRole('button', { name: 'Accept: order T-s' })).toBeEnabled();
  });

  it('turns the busy switch, shown once the kitchen has it', async () => {
    await renderBoard();
    const busy = await screen.findByRole('button', { name: 'Busy: +15 min' });
    await vi.waitFor(() => expect(busy).toBeEnabled());
    expect(busy).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(busy);
    await vi.waitFor(() => expect(busy).toHaveAttribute('aria-pressed', 'true'));
    expect(server.kitchen.busy).toBe(true);
  });

  it('prints a card’s ticket on the roll chosen, the ticket alone on the page’s paper', async () => {
    await renderBoard();
    const card = await within(column('Preparing')).findByRole('listitem', { name: /Customer c/ });
    expect(screen.getByRole('radio', { name: '80 mm' })).toBeChecked();
    await userEvent.click(screen.getByRole('radio', { name: '58 mm' }));
    await userEvent.click(within(card).getByRole('button', { name: 'Print ticket: order T-c' }));
    expect(printer.printed.map((order) => order._id)).toEqual(['c']);
    const ticket = screen.getByRole('article', { name: 'Ticket for order T-c' });
    expect(ticket).toHaveAttribute('data-roll', '58');
    expect(ticket.parentElement).toBe(document.body);
    expect(ticket).toHaveTextContent('2 × Margherita');
    // Every card has its own.
    for (const id of ['a', 'b']) {
      expect(screen.getByRole('button', { name: `Print ticket: order T-${id}` })).toBeEnabled();
    }
    expect(screen.getByRole('button', { name: 'Print when accepted' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  it('prints on acceptance only once turned on, once per order this board accepts, and remembers it', async () => {
    const first = await renderBoard();
    await userEvent.click(await screen.findByRole('button', { name: 'Accept: order T-a' }));
    await within(column('Accepted')).findByText(/Customer a/);
    expect(printer.printed).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Print when accepted' }));
    await userEvent.click(screen.getByRole('radio', { name: '58 mm' }));
    server.orders.set('d', anOrder('d', 'paid'));
    server.orders.set('e', anOrder('e', 'paid'));
    act(() => stream.send({ type: 'order.stream', status: 'live' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Accept: order T-d' }));
    await vi.waitFor(() => expect(printer.printed.map((order) => order._id)).toEqual(['d']));
    expect(printer.printed[0]?.state).toBe('accepted');
    // Another tablet accepts e: this one hears of it and prints nothing.
    server.orders.set('e', { ...server.orders.get('e')!, state: 'accepted' });
    act(() =>
      stream.send({
        type: 'order.event',
        event: anEvent(9, server.orders.get('e')!, 'paid', 'accepted', 'staff'),
      }),
    );
    await within(column('Accepted')).findByText(/Customer e/);
    expect(printer.printed).toHaveLength(1);

    // Opened again (a reload): the setting and the roll are as left, and nothing prints again.
    first.unmount();
    await renderBoard();
    expect(await screen.findByRole('button', { name: 'Print when accepted' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.getByRole('radio', { name: '58 mm' })).toBeChecked();
    await within(column('Accepted')).findByText(/Customer d/);
    expect(printer.printed).toHaveLength(1);
  });

  it('offers Try again when the board cannot be read', async () => {
    server.down = true;
    await renderBoard();
    expect(await screen.findByRole('alert')).toHaveTextContent('The kitchen is briefly offline');
    server.down = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await within(column('Paid')).findByText(/Customer a/)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
