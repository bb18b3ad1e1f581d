import dayjs from 'dayjs';
import { createPortal } from 'react-dom';
import { formatAdminPrice, toCents } from '../../../contract/money.ts';
import { describeChoices } from '../../../contract/options.ts';
import { cashToCollect, type Order, orderNumberText } from '../../../contract/order.ts';
import type { RollWidth } from '../../../machines/kitchen-board.machine.ts';
import { MarkedInstructions } from '../../components/line-choices.tsx';

/** A time of the device's clock (decision 037), with its day when it is not today. */
function when(instant: string, now: number): string {
  const at = dayjs(instant);
  return at.isSame(now, 'day') ? at.format('h:mm A') : at.format('ddd D MMM, h:mm A');
}

/**
 * What the ticket says of the money: the cash to collect at the door or the counter, or how it was paid
 * (an order reaches the board paid online, or as a cash order, paid when staff mark the cash taken).
 */
function settlement(order: Order): { label: string; amount: string | null } {
  const cash = cashToCollect(order);
  if (cash !== null) return { label: 'Collect in cash', amount: formatAdminPrice(toCents(cash)) };
  return { label: order.payment_method === 'cash' ? 'Paid in cash' : 'Paid online', amount: null };
}

/**
 * A kitchen ticket as a 58 or 80 mm thermal roll prints it (the print rules are `.ticket` in
 * src/styles/app.css): the order's number large, its type and when it is due, each line with its
 * quantity, options and instructions, the customer's name and phone, the address of a delivery, the
 * total and what to collect.
 */
export function KitchenTicket({ order, roll, now }: { order: Order; roll: RollWidth; now: number }) {
  const type = order.order_type ?? 'delivery';
  const money = settlement(order);
  return (
    <article className="ticket" data-roll={roll} aria-label={`Ticket for order ${order.transaction_id}`}>
      <p className="ticket-number">{orderNumberText(order)}</p>
      <p className="ticket-id">{order.transaction_id}</p>
      <p className="ticket-type">{type === 'pickup' ? 'PICKUP' : 'DELIVERY'}</p>
      <p className="ticket-due">
        {order.scheduled && order.due_at ? `Due ${when(order.due_at, now)}` : 'As soon as possible'}
      </p>
      {order.ready_at && <p>Ready by {when(order.ready_at, now)}</p>}
      <ul className="ticket-lines">
        {order.carts.map((line) => (
          <li key={line._id}>
            <span className="ticket-line">
              {line.quantity} × {line.name}
            </span>
            {line.options?.length ? (
              <span className="ticket-note">{describeChoices(line.options)}</span>
            ) : null}
            {line.instructions ? (
              <span className="ticket-note">
                “<MarkedInstructions text={line.instructions} />”
              </span>
            ) : null}
          </li>
        ))}
      </ul>
      <div className="ticket-customer">
        <p className="ticket-strong">{order.fullName}</p>
        <p>{order.phone}</p>
        {type === 'pickup' ? (
          <p>Collects at the counter</p>
        ) : (
          <p>
            {order.address}, {order.city} {order.postcode}
          </p>
        )}
      </div>
      <dl className="ticket-money">
        {order.discount ? (
          <div>
            <dt>Discount {order.promo_code}</dt>
            <dd>−{formatAdminPrice(toCents(order.discount))}</dd>
          </div>
        ) : null}
        <div className="ticket-strong">
          <dt>Total</dt>
          <dd>{formatAdminPrice(toCents(order.total_price))}</dd>
        </div>
        <div className="ticket-settlement">
          <dt>{money.label}</dt>
          {money.amount && <dd>{money.amount}</dd>}
        </div>
      </dl>
    </article>
  );
}

/**
 * The ticket on the page's paper: a child of the body beside the app, which the print rules leave out
 * (and any dialog with it), so the printed page is the ticket alone. Hidden on screen.
 */
export function TicketOnPaper(props: { order: Order; roll: RollWidth; now: number }) {
  return createPortal(<KitchenTicket {...props} />, document.body);
}
