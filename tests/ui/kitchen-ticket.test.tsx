import { render, screen, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import type { Order } from '../../contract/order.ts';
import { KitchenTicket, TicketOnPaper } from '../../src/routes/admin/kitchen-ticket.tsx';
import { anOrder } from './support/orders.ts';

const now = Date.parse('2026-11-27T12:00:00.000Z');
/** An instant `minutes` from `now`, and how the ticket words it (the device's clock). */
const at = (minutes: number) => new Date(now + minutes * 60_000).toISOString();
const clock = (instant: string) => dayjs(instant).format('h:mm A');

const ticketOf = (order: Order, roll: 58 | 80 = 80) => {
  render(<KitchenTicket order={order} roll={roll} now={now} />);
  return screen.getByRole('article', { name: `Ticket for order ${order.transaction_id}` });
};

/** A delivery as soon as possible: a pizza with options and instructions, a drink, a promo code. */
const delivery = anOrder('d', 'accepted', {
  transaction_id: 'PZ0A1B2C3D4E5F60718293A4B5',
  fullName: 'Nusrat Jahan',
  phone: '+880 1711 222333',
  address: '14/B Road 27, Dhanmondi',
  city: 'Dhaka',
  postcode: '1209',
  total_price: 1290.5,
  discount: 100,
  promo_code: 'WELCOME10',
  ready_at: at(25),
  due_at: at(40),
  carts: [
    {
      _id: 'l1',
      itemId: 'i1',
      name: 'Margherita',
      category: 'pizza',
      price: 550,
      quantity: 2,
      options: [
        { group: 'Size', name: 'Large', extra: false, priceDelta: 0 },
        { group: 'Crust', name: 'Thin', extra: false, priceDelta: 0 },
        { group: 'Toppings', name: 'Olives', extra: true, priceDelta: 40 },
        { group: 'Toppings', name: 'Jalapeños', extra: true, priceDelta: 40 },
      ],
      instructions: 'Cut in squares',
    },
    { _id: 'l2', itemId: 'i2', name: 'Mango lassi', category: 'drinks', price: 90, quantity: 1 },
  ],
} as Partial<Order>);

describe('the kitchen ticket', () => {
  it('prints a delivery: its number large, type, when, each line, the customer, the address and the total', () => {
    const ticket = ticketOf(delivery);
    const lines = within(ticket).getAllByRole('listitem');
    expect(within(ticket).getByText('#93A4B5')).toHaveClass('ticket-number');
    expect(ticket).toHaveTextContent('PZ0A1B2C3D4E5F60718293A4B5');
    expect(within(ticket).getByText('DELIVERY')).toHaveClass('ticket-type');
    expect(within(ticket).getByText('As soon as possible')).toBeInTheDocument();
    expect(ticket).toHaveTextContent(`Ready by ${clock(at(25))}`);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toHaveTextContent('2 × Margherita');
    expect(lines[0]).toHaveTextContent('Large · Thin · +Olives, +Jalapeños');
    expect(lines[0]).toHaveTextContent('“Cut in squares”');
    expect(lines[1]).toHaveTextContent(/^1 × Mango lassi$/);
    expect(ticket).toHaveTextContent('Nusrat Jahan');
    expect(ticket).toHaveTextContent('+880 1711 222333');
    expect(ticket).toHaveTextContent('14/B Road 27, Dhanmondi, Dhaka 1209');
    expect(ticket).not.toHaveTextContent('Collects at the counter');
    expect(ticket).toHaveTextContent('Discount WELCOME10−Tk 100.00');
    expect(ticket).toHaveTextContent('TotalTk 1290.50');
    expect(ticket).toHaveTextContent('Paid online');
    expect(ticket).not.toHaveTextContent('Collect in cash');
    expect(ticket).toHaveAttribute('data-roll', '80');
  });

  it('prints the day’s short number large, the long id under it; an order from before numbers keeps its tail', () => {
    const ticket = ticketOf({ ...delivery, order_number: 12 });
    expect(within(ticket).getByText('#12')).toHaveClass('ticket-number');
    expect(within(ticket).getByText('PZ0A1B2C3D4E5F60718293A4B5')).toHaveClass('ticket-id');
    expect(ticket).not.toHaveTextContent('#93A4B5');
  });

  it('sets an allergy word in the instructions apart, as the card does', () => {
    const [pizza, ...rest] = delivery.carts;
    const ticket = ticketOf({
      ...delivery,
      carts: [{ ...pizza!, instructions: 'No nuts please, allergic' }, ...rest],
    });
    const marked = within(ticket)
      .getAllByText(/./, { selector: 'mark' })
      .map((mark) => mark.textContent);
    expect(marked).toEqual(['nuts', 'allergic']);
    expect(ticket).toHaveTextContent('“No nuts please, allergic”');
  });

  it('prints a pickup for a later slot: when it is due, no address, and the cash to collect', () => {
    const pickup = anOrder('p', 'accepted', {
      order_type: 'pickup',
      scheduled: true,
      due_at: at(90),
      ready_at: at(85),
      payment_method: 'cash',
      total_price: 640,
    });
    const ticket = ticketOf(pickup, 58);
    expect(within(ticket).getByText('PICKUP')).toBeInTheDocument();
    expect(ticket).toHaveTextContent(`Due ${clock(at(90))}`);
    expect(ticket).not.toHaveTextContent('As soon as possible');
    expect(ticket).toHaveTextContent('Collects at the counter');
    expect(ticket).not.toHaveTextContent('12 Lake Road');
    expect(ticket).toHaveTextContent('Customer p');
    expect(ticket).toHaveTextContent('+880 1700 000000');
    expect(within(ticket).getByText('Collect in cash').closest('div')).toHaveTextContent(
      'Collect in cashTk 640.00',
    );
    expect(ticket).not.toHaveTextContent('Paid online');
    expect(ticket).toHaveAttribute('data-roll', '58');
  });

  it('names the day of a slot that is not today, and says nothing of a line without options', () => {
    const tomorrow = anOrder('t', 'paid', {
      scheduled: true,
      due_at: at(24 * 60),
      ready_at: at(24 * 60 - 15),
    });
    const ticket = ticketOf(tomorrow);
    expect(ticket).toHaveTextContent(`Due ${dayjs(at(24 * 60)).format('ddd D MMM, h:mm A')}`);
    expect(within(ticket).getByRole('listitem')).toHaveTextContent(/^2 × Margherita$/);
  });

  it('puts the ticket on the page’s paper beside the app, never inside it', () => {
    const { container } = render(
      <div id="root">
        <TicketOnPaper order={delivery} roll={58} now={now} />
      </div>,
    );
    const ticket = screen.getByRole('article', { name: /^Ticket for order/ });
    expect(container.contains(ticket)).toBe(false);
    expect(ticket.parentElement).toBe(document.body);
  });
});
