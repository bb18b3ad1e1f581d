import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fromCallback, fromPromise } from 'xstate';
import { DEFAULT_KITCHEN_SETTINGS, type KitchenSettings } from '../../contract/kitchen.ts';
import { isOnBoard } from '../../contract/kitchen-lanes.ts';
import type { Order } from '../../contract/order.ts';
import type { OrderState } from '../../contract/order-lifecycle.ts';
import { type KitchenMove, kitchenBoardMachine } from '../../machines/kitchen-board.machine.ts';
import { giveLogic } from '../../src/actors/context.tsx';
import { kitchenLogic } from '../../src/actors/kitchen.ts';
import { KitchenPage } from '../../src/routes/admin/kitchen.tsx';
import { keepPrinting } from '../../src/ui/ticket-printer.ts';
import { testActors, withActors } from './support/actors.tsx';
import { standInFeed, stream } from './support/order-feed-mock.ts';
import { anEvent, anOrder } from './support/orders.ts';
import { renderAt } from './support/router.tsx';
import './support/sweetalert-dom.ts';

// The server, as the board's actors see it: the orders by id, and the transition call.
const server = {
  orders: new Map<string, Order>(),
  /** The reads fail, as with the API away. */
  down: false,
  /** How many times the whole board was read. */
  boardReads: 0,
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
          server.boardReads++;
          return [...server.orders.values()].filter((order) => isOnBoard(order.state));
        }),
        readTickets: fromPromise(async ({ input }: { input: string[] }) =>
          input.map((id) => server.orders.get(id)).filter((order) => order !== undefined),
        ),
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

/**
 * The board where the app has it (its New order link needs the router), once the router shows it and
 * its stream is live (the board reads itself then).
 */
async function renderBoard() {
  const rendered = renderAt('/admin/kitchen', Board);
  await screen.findByRole('heading', { name: /^Kitchen/ });
  act(() => stream.send({ type: 'order.stream', status: 'live' }));
  return rendered;
}

/** The tickets to make now, and the Later rail. */
const rail = () => screen.getByRole('region', { name: 'Now' });
const later = () => screen.getByRole('region', { name: /^Later/ });
const ticket = (name: RegExp) => within(rail()).findByRole('listitem', { name });

const minutes = (n: number) => new Date(Date.now() + n * 60_000).toISOString();
const hear = (id: number, order: Order, from: OrderState | null, to: OrderState) =>
  act(() => {
    server.orders.set(order._id, { ...order, state: to });
    stream.send({ type: 'order.event', event: anEvent(id, order, from, to, 'gateway') });
  });

beforeEach(() => {
  server.orders = new Map(
    [
      anOrder('a', 'paid', { order_number: 1 }),
      anOrder('b', 'accepted', { order_number: 2 }),
      anOrder('c', 'preparing', { order_number: 3 }),
    ].map((o) => [o._id, o]),
  );
  server.down = false;
  server.boardReads = 0;
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
  it('shows every open order as a ticket in one rail, new ones first, named by its short number', async () => {
    await renderBoard();
    const card = await ticket(/#1 Customer a/);
    expect(card).toHaveTextContent('New');
    expect(card).toHaveTextContent('2 × Margherita');
    expect(card).toHaveTextContent('12 Lake Road, Dhaka 1207');
    expect(within(card).getByRole('link', { name: '+880 1700 000000' })).toHaveAttribute(
      'href',
      'tel:+880 1700 000000',
    );
    expect(card).toHaveTextContent('Paid 12 min ago');
    expect(await ticket(/#3 Customer c/)).toHaveTextContent('Preparing');
    const names = within(rail())
      .getAllByRole('listitem')
      .filter((item) => item.hasAttribute('data-order'))
      .map((item) => item.getAttribute('data-order'));
    expect(names).toEqual(['a', 'b', 'c']);
    expect(screen.getByRole('region', { name: /^Kitchen/ })).toHaveTextContent('3 open · 0 later');
    expect(within(later()).getByText('No orders booked for later.')).toBeInTheDocument();
  });

  it('flags an order the server says was paid after the shop closed: staff cook it or cancel it', async () => {
    server.orders.set('f', anOrder('f', 'paid', { paid_after_closing: true }));
    await renderBoard();
    const late = await ticket(/Customer f/);
    expect(late).toHaveTextContent(
      'Paid after closing: cook it, or cancel it and the customer is owed a refund.',
    );
    expect(within(late).getByRole('button', { name: 'Accept: order T-f' })).toBeEnabled();
    expect(within(late).getByRole('button', { name: 'Cancel order T-f' })).toBeEnabled();
    expect(await ticket(/Customer a/)).not.toHaveTextContent('Paid after closing');
  });

  it('shows a promo code’s discount under the ticket’s total', async () => {
    server.orders.set(
      'd',
      anOrder('d', 'paid', { total_price: 19.35, discount: 2.15, promo_code: 'TENOFF' }),
    );
    await renderBoard();
    const card = await ticket(/Customer d/);
    expect(card).toHaveTextContent('Tk 19.35');
    expect(card).toHaveTextContent('TENOFF −Tk 2.15');
    expect(await ticket(/Customer a/)).not.toHaveTextContent('−Tk');
  });

  it('sets the allergy words of a line’s instructions apart', async () => {
    const order = anOrder('d', 'paid');
    order.carts = [{ ...order.carts[0]!, instructions: 'No peanuts please, severe allergy' }];
    server.orders.set('d', order);
    await renderBoard();
    const card = await ticket(/Customer d/);
    const marked = card.querySelectorAll('mark');
    expect([...marked].map((mark) => mark.textContent)).toEqual(['peanuts', 'allergy']);
    expect(card).toHaveTextContent('No peanuts please, severe allergy');
  });

  it('moves a ticket on through the transition call and shows the answer, with no read after it', async () => {
    await renderBoard();
    await userEvent.click(await screen.findByRole('button', { name: 'Accept: order T-a' }));
    expect(server.transition).toHaveBeenCalledWith('a', 'accepted', undefined);
    const card = await ticket(/Customer a/);
    await vi.waitFor(() => expect(card).toHaveTextContent('Accepted'));
    expect(within(card).getByRole('button', { name: 'Start preparing: order T-a' })).toBeEnabled();
    expect(server.boardReads).toBe(1);
  });

  it('cancels an order only once staff confirm it with a reason the customer sees', async () => {
    await renderBoard();
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel order T-a' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Cancel order #1?');
    expect(dialog).toHaveTextContent('Customer a is owed a refund');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    expect(await within(dialog).findByText('Please give a reason')).toBeInTheDocument();
    expect(server.transition).not.toHaveBeenCalled();
    await userEvent.type(within(dialog).getByRole('textbox'), '  Out of dough ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    await vi.waitFor(() => expect(server.transition).toHaveBeenCalledWith('a', 'refund_due', 'Out of dough'));
    await vi.waitFor(() => expect(within(rail()).queryByRole('listitem', { name: /Customer a/ })).toBeNull());
  });

  it('keeps the order when staff step back from cancelling it', async () => {
    await renderBoard();
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel order T-a' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep order' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.transition).not.toHaveBeenCalled();
    expect(await ticket(/Customer a/)).toBeInTheDocument();
  });

  it('shows the server’s message at the top when the move is refused; the stream tells where it is', async () => {
    server.transition = vi.fn(async () => {
      throw new Error('This order is accepted already');
    });
    await renderBoard();
    await userEvent.click(await screen.findByRole('button', { name: 'Accept: order T-a' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Order T-a: This order is accepted already');
    // Someone else accepted it meanwhile: the board hears it.
    hear(9, server.orders.get('a')!, 'paid', 'accepted');
    await vi.waitFor(async () => expect(await ticket(/Customer a/)).toHaveTextContent('Accepted'));
    expect(server.boardReads).toBe(1);
  });

  it('adds a newly paid order heard on the stream, read by its id, flashed and announced by its number', async () => {
    await renderBoard();
    await ticket(/Customer a/);
    hear(7, anOrder('d', 'awaiting_payment', { order_number: 12 }), 'awaiting_payment', 'paid');
    const card = await ticket(/#12 Customer d/);
    expect(card).toHaveTextContent('New');
    expect(screen.getByText('New paid order #12')).toHaveAttribute('role', 'status');
    hear(8, anOrder('e', 'placed', { order_number: 13, payment_method: 'cash' }), null, 'placed');
    expect(await screen.findByText('New cash order #13')).toHaveAttribute('role', 'status');
    expect(server.boardReads).toBe(1);
  });

  it('shows the way back up to a new ticket when staff have scrolled the rail down', async () => {
    await renderBoard();
    await ticket(/Customer a/);
    const list = within(rail()).getAllByRole('list')[0]!;
    const scrollTo = vi.fn();
    list.scrollTo = scrollTo;
    list.scrollTop = 200;
    act(() => {
      list.dispatchEvent(new Event('scroll'));
    });
    expect(screen.queryByRole('button', { name: /^New: / })).toBeNull();
    hear(7, anOrder('d', 'awaiting_payment', { order_number: 12 }), 'awaiting_payment', 'paid');
    await userEvent.click(await screen.findByRole('button', { name: 'New: #12' }));
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
  });

  it('reads the board once more when the stream is live again after a cut: an order missed shows', async () => {
    await renderBoard();
    await ticket(/Customer a/);
    act(() => stream.send({ type: 'order.stream', status: 'reconnecting' }));
    expect(await screen.findByText('Live updates paused — reconnecting…')).toHaveAttribute('role', 'status');
    // Paid while the stream was cut: no event will tell of it.
    server.orders.set('e', anOrder('e', 'paid'));
    act(() => stream.send({ type: 'order.stream', status: 'live' }));
    expect(await ticket(/Customer e/)).toBeInTheDocument();
    expect(server.boardReads).toBe(2);
  });

  it('offers the sound as a toggle, off by default, and chimes for a newly paid order once it is on', async () => {
    await renderBoard();
    await ticket(/Customer a/);
    const toggle = screen.getByRole('button', { name: 'Sound off' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    hear(7, anOrder('d', 'awaiting_payment'), 'awaiting_payment', 'paid');
    expect(chime.play).not.toHaveBeenCalled();
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(toggle).toHaveAccessibleName('Sound on');
    expect(chime.prepare).toHaveBeenCalledOnce();
    hear(8, anOrder('e', 'awaiting_payment'), 'awaiting_payment', 'paid');
    expect(chime.play).toHaveBeenCalledOnce();
    expect(sound.remembered).toEqual([true]);
  });

  it('starts with the sound staff left on, asking once for the tap a browser needs', async () => {
    localStorage.setItem('pizzon:kitchen-sound', 'on');
    await renderBoard();
    await userEvent.click(await screen.findByRole('button', { name: 'Tap to turn the sound back on' }));
    expect(chime.prepare).toHaveBeenCalledOnce();
    expect(screen.getByRole('button', { name: 'Sound on' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByRole('button', { name: 'Tap to turn the sound back on' })).toBeNull();
  });

  it('lets staff keep the sound off after a reload without turning it on first', async () => {
    localStorage.setItem('pizzon:kitchen-sound', 'on');
    await renderBoard();
    await userEvent.click(await screen.findByRole('button', { name: 'Keep it off' }));
    expect(screen.getByRole('button', { name: 'Sound off' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.queryByRole('button', { name: 'Tap to turn the sound back on' })).toBeNull();
    expect(chime.prepare).not.toHaveBeenCalled();
    expect(sound.remembered).toEqual([false]);
  });

  it('shows on each ticket its type, total, promise and a timer that turns amber when late', async () => {
    server.orders = new Map(
      [
        anOrder('d', 'preparing', { ready_at: minutes(12), start_at: minutes(-3), due_at: minutes(30) }),
        anOrder('e', 'preparing', { ready_at: minutes(-5), order_type: 'pickup' }),
      ].map((o) => [o._id, o]),
    );
    await renderBoard();
    const onTime = await ticket(/Customer d/);
    expect(onTime).toHaveTextContent('Delivery');
    expect(onTime).toHaveTextContent('Tk 21.50');
    expect(onTime).toHaveTextContent(/Deliver by \d{1,2}:\d{2} (AM|PM)/);
    expect(within(onTime).getByText('12 min to go')).toHaveAttribute('data-late', 'false');
    const late = await ticket(/Customer e/);
    expect(late).toHaveTextContent('Pickup');
    expect(late).toHaveTextContent(/Ready by \d{1,2}:\d{2} (AM|PM)/);
    expect(within(late).getByText('5 min late')).toHaveAttribute('data-late', 'true');
    // Ready, a pickup goes to the counter, not out for delivery.
    expect(within(late).getByRole('button', { name: 'Ready for pickup: order T-e' })).toBeEnabled();
  });

  it('keeps a scheduled order in Later, and asks before accepting it hours early', async () => {
    const booked = anOrder('s', 'paid', {
      order_number: 8,
      scheduled: true,
      start_at: minutes(90),
      ready_at: minutes(105),
      due_at: minutes(120),
    });
    server.orders.set(booked._id, booked);
    await renderBoard();
    const card = await within(later()).findByRole('listitem', { name: /#8 Customer s/ });
    expect(card).toHaveTextContent('Later');
    expect(card).toHaveTextContent(/Start at \d{1,2}:\d{2} (AM|PM)/);
    expect(within(rail()).queryByRole('listitem', { name: /Customer s/ })).toBeNull();
    expect(screen.getByRole('region', { name: /^Kitchen/ })).toHaveTextContent('3 open · 1 later');

    await userEvent.click(within(card).getByRole('button', { name: 'Accept: order T-s' }));
    let dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Order #8 is for later');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Back' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.transition).not.toHaveBeenCalled();

    await userEvent.click(within(card).getByRole('button', { name: 'Accept: order T-s' }));
    dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, do it now' }));
    await vi.waitFor(() => expect(server.transition).toHaveBeenCalledWith('s', 'accepted', undefined));
    // Accepted, it is the kitchen's to make now.
    expect(await ticket(/Customer s/)).toHaveTextContent('Accepted');
  });

  it('moves a Later ticket to the rail when its start comes, flashed and announced', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      server.orders.set(
        's',
        anOrder('s', 'paid', {
          order_number: 8,
          scheduled: true,
          start_at: minutes(0.1),
          ready_at: minutes(15),
        }),
      );
      await renderBoard();
      await within(later()).findByRole('listitem', { name: /Customer s/ });
      act(() => {
        vi.advanceTimersByTime(15_000);
      });
      const card = await ticket(/Customer s/);
      expect(card).toHaveTextContent('New');
      expect(screen.getByText('Start now: #8')).toHaveAttribute('role', 'status');
    } finally {
      vi.useRealTimers();
    }
  });

  it('says the busy switch’s state in its label, and turns it', async () => {
    await renderBoard();
    const busy = await screen.findByRole('button', { name: 'Not busy' });
    await vi.waitFor(() => expect(busy).toBeEnabled());
    expect(busy).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(busy);
    await vi.waitFor(() => expect(busy).toHaveAttribute('aria-pressed', 'true'));
    expect(busy).toHaveAccessibleName('Busy: +15 min');
    expect(server.kitchen.busy).toBe(true);
  });

  it('prints a ticket on the roll chosen under Printer, the ticket alone on the page’s paper', async () => {
    await renderBoard();
    const card = await ticket(/Customer c/);
    await userEvent.click(screen.getByText('Printer'));
    expect(screen.getByRole('radio', { name: '80 mm' })).toBeChecked();
    await userEvent.click(screen.getByRole('radio', { name: '58 mm' }));
    await userEvent.click(within(card).getByRole('button', { name: 'Print ticket: order T-c' }));
    expect(printer.printed.map((order) => order._id)).toEqual(['c']);
    const paper = screen.getByRole('article', { name: 'Ticket for order T-c' });
    expect(paper).toHaveAttribute('data-roll', '58');
    expect(paper.parentElement).toBe(document.body);
    expect(paper).toHaveTextContent('2 × Margherita');
    // Every ticket has its own.
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
    await vi.waitFor(async () => expect(await ticket(/Customer a/)).toHaveTextContent('Accepted'));
    expect(printer.printed).toEqual([]);

    await userEvent.click(screen.getByText('Printer'));
    await userEvent.click(screen.getByRole('button', { name: 'Print when accepted' }));
    await userEvent.click(screen.getByRole('radio', { name: '58 mm' }));
    hear(7, anOrder('d', 'awaiting_payment'), 'awaiting_payment', 'paid');
    await ticket(/Customer d/);
    hear(8, anOrder('e', 'awaiting_payment'), 'awaiting_payment', 'paid');
    await userEvent.click(await screen.findByRole('button', { name: 'Accept: order T-d' }));
    await vi.waitFor(() => expect(printer.printed.map((order) => order._id)).toEqual(['d']));
    expect(printer.printed[0]?.state).toBe('accepted');
    // Another tablet accepts e: this one hears of it and prints nothing.
    await ticket(/Customer e/);
    hear(9, server.orders.get('e')!, 'paid', 'accepted');
    await vi.waitFor(async () => expect(await ticket(/Customer e/)).toHaveTextContent('Accepted'));
    expect(printer.printed).toHaveLength(1);

    // Opened again (a reload): the setting and the roll are as left, and nothing prints again.
    first.unmount();
    await renderBoard();
    expect(await screen.findByRole('button', { name: 'Print when accepted' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.getByRole('radio', { name: '58 mm' })).toBeChecked();
    await ticket(/Customer d/);
    expect(printer.printed).toHaveLength(1);
  });

  it('keeps what it has and offers Try again when the board cannot be read', async () => {
    server.down = true;
    await renderBoard();
    expect(await screen.findByRole('alert')).toHaveTextContent('The kitchen is briefly offline');
    server.down = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await ticket(/Customer a/)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
