// What the customer is told when their order moves: one outbox row per change worth a message, written
// in the transition's own transaction (services/order-lifecycle.ts), so a mail exists exactly when the
// change it tells of committed. It goes to the account's own e-mail, and only once the identity provider
// has verified it: the checkout form's e-mail is anyone's to type, so mailing it would let a stranger
// have the shop write to any address (docs/decisions/025-hold-budgets-and-mail.md). The receipt of an
// online payment goes before the verification too: nobody pays to relay a mail (decision 042).

import { and, asc, eq, ne } from 'drizzle-orm';
import { formatAdminPrice } from '../../../contract/money.ts';
import { describeChoices } from '../../../contract/options.ts';
import { orderNumberText } from '../../../contract/order.ts';
import type { OrderActor, OrderState } from '../../../contract/order-lifecycle.ts';
import type { OrderRow } from '../../db/rows.ts';
import { orderLines, users } from '../../db/schema.ts';
import { type Executor, enqueueMail, MAIL_PLACE_MAX, mailName, mailText } from './mail-outbox.ts';

type MailedOrder = Pick<
  OrderRow,
  | 'id'
  | 'userUid'
  | 'fullName'
  | 'transactionId'
  | 'totalCents'
  | 'address'
  | 'city'
  | 'discountCents'
  | 'promoCode'
  | 'orderType'
  | 'dueText'
  | 'orderNumber'
> &
  Partial<Pick<OrderRow, 'paymentMethod'>>;

/** When the order is due, as checkout told it, and what comes next for its type. */
function whenDue(order: MailedOrder): string {
  const pickup = order.orderType === 'pickup';
  const due = order.dueText
    ? pickup
      ? ` It will be ready at the counter by ${order.dueText}.`
      : ` We expect it at your door by ${order.dueText}.`
    : '';
  const next = pickup
    ? 'we will write again when it is ready for pickup'
    : `we will write again when it leaves for ${order.address}, ${order.city}`;
  return `${due} The kitchen will accept it shortly, and ${next}.`;
}

/** The order as the kitchen calls it and the customer quotes it: '#12' (contract/order.ts). */
const numberOf = (order: MailedOrder): string =>
  orderNumberText({ transaction_id: order.transactionId, order_number: order.orderNumber });

/**
 * The states a customer hears about (each promise a letter makes, another keeps). Accepted and preparing follow paid within minutes and would only
 * add noise; the unpaid endings (payment failed, expired) are already on the gateway's page.
 */
const LETTERS: Partial<Record<OrderState, (order: MailedOrder) => { subject: string; body: string }>> = {
  // A cash order's confirmation: placed, nothing paid, the cash to have ready.
  placed: (order) => ({
    subject: `Pizzon: order ${numberOf(order)} is placed`,
    body: `We have your order ${numberOf(order)}. Please have ${formatAdminPrice(order.totalCents)} in cash ready ${order.orderType === 'pickup' ? 'at the counter' : 'for the rider'}.${whenDue(order)}`,
  }),
  cash_refused: (order) => ({
    subject: `Pizzon: order ${numberOf(order)} has ended`,
    body: `Order ${numberOf(order)} was not paid when it was handed over, so it has ended. Nothing was charged.`,
  }),
  paid: (order) => ({
    subject: `Pizzon: payment received for order ${numberOf(order)}`,
    body: `We received your payment of ${formatAdminPrice(order.totalCents)} for order ${numberOf(order)}.${whenDue(order)}`,
  }),
  out_for_delivery: (order) => ({
    subject: `Pizzon: order ${numberOf(order)} is on its way`,
    body: `Order ${numberOf(order)} has left the kitchen and is on its way to ${order.address}, ${order.city}. We will write again once it is delivered.`,
  }),
  ready_for_pickup: (order) => ({
    subject: `Pizzon: order ${numberOf(order)} is ready for pickup`,
    body: `Order ${numberOf(order)} is ready at the counter: show this number when you collect it.`,
  }),
  delivered: (order) => ({
    subject: `Pizzon: order ${numberOf(order)} was delivered`,
    body: `Order ${numberOf(order)} was delivered. Enjoy your meal! Nothing more is needed from you.`,
  }),
  cancelled: (order) => ({
    subject: `Pizzon: order ${numberOf(order)} was cancelled`,
    body:
      order.paymentMethod === 'cash'
        ? `Order ${numberOf(order)} was cancelled: nothing is to be paid and its items went back on the menu.`
        : `Order ${numberOf(order)} was cancelled before it was paid: nothing was charged and its items went back on the menu. If you still pay for it at the payment page, we will either take the order after all or refund you, and tell you which.`,
  }),
  refund_due: (order) => ({
    subject: `Pizzon: your payment for order ${numberOf(order)} will be refunded`,
    body: `We can not deliver order ${numberOf(order)}, so your payment of ${formatAdminPrice(order.totalCents)} will be refunded. Our staff will send it back to you; we will write once it is done.`,
  }),
  refunded: (order) => ({
    subject: `Pizzon: your payment for order ${numberOf(order)} was refunded`,
    body: `We sent your payment of ${formatAdminPrice(order.totalCents)} for order ${numberOf(order)} back to you. We are sorry we could not deliver it this time.`,
  }),
};

/** A cash order the kitchen did not accept in the owner's time, released by the job. */
const releasedLetter = (order: MailedOrder) => ({
  subject: `Pizzon: order ${numberOf(order)} was not accepted in time`,
  body: `The kitchen could not accept order ${numberOf(order)} in time, so it was released: nothing is to be paid and its items went back on the menu. Please order again if you would still like it.`,
});

/** A line's instructions in a mail: as typed, within a line of its own. */
const MAIL_INSTRUCTIONS_MAX = 140;

/**
 * The order's lines as every letter lists them, from what the order kept (so a later menu edit changes
 * no letter): '2 × Margherita (Large · Thin · +Olives) — Tk 29.00', then its instructions.
 */
async function linesText(tx: Executor, orderId: string): Promise<string> {
  const lines = await tx
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.name), asc(orderLines.id));
  return lines
    .map((line) => {
      const chosen = describeChoices(line.options);
      const name = mailText(`${line.name}${chosen ? ` (${chosen})` : ''}`, MAIL_PLACE_MAX * 2);
      const said = line.instructions ? `\n    "${mailText(line.instructions, MAIL_INSTRUCTIONS_MAX)}"` : '';
      return `- ${line.quantity} × ${name} — ${formatAdminPrice(line.priceCents * line.quantity)}${said}`;
    })
    .join('\n');
}

/** The promo code's line under the order's lines, when one took something off: '- Promo code SAVE10: −Tk 4.50'. */
const discountText = ({ discountCents, promoCode }: MailedOrder): string =>
  discountCents > 0 ? `\n- Promo code ${promoCode}: −${formatAdminPrice(discountCents)}` : '';

/**
 * The account's own e-mail: once the identity provider verified it, or, for the receipt of an order paid
 * online, before that too (a payment costs the sender money, so a receipt is no way to relay mail; a
 * cash order's letters wait for the verification). None for an account without one, or gone.
 */
async function accountEmailOf(tx: Executor, uid: string, receipt: boolean): Promise<string | undefined> {
  const [account] = await tx
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.uid, uid), ne(users.email, ''), receipt ? undefined : eq(users.emailVerified, true)));
  return account?.email;
}

/**
 * Queues the customer's mail about `order` reaching `to` because of `by`, if that state is one they are
 * told of and their account has a verified e-mail (or any e-mail, for the receipt of a payment). A customer's own cancellation (a delete from My
 * order, or a newer checkout replacing the order) was theirs to see on the page: it sends nothing.
 */
export async function enqueueOrderMail(
  tx: Executor,
  order: MailedOrder,
  to: OrderState,
  by: OrderActor,
): Promise<void> {
  if (to === 'cancelled' && by === 'customer') return;
  const write = to === 'cancelled' && by === 'job' ? releasedLetter : LETTERS[to];
  const letter = write?.({
    ...order,
    address: mailText(order.address, MAIL_PLACE_MAX),
    city: mailText(order.city, MAIL_PLACE_MAX),
  });
  if (!letter) return;
  // A phone order has no account to mail: its customer gets only the payment link staff sent.
  const recipient =
    order.userUid === null ? undefined : await accountEmailOf(tx, order.userUid, to === 'paid');
  if (!recipient) return;
  await enqueueMail(tx, {
    kind: `order_${to}`,
    to: recipient,
    orderId: order.id,
    subject: letter.subject,
    body: `Dear ${mailName(order.fullName)},\n\n${letter.body}\n\nYour order ${numberOf(order)} (${order.transactionId}):\n${await linesText(tx, order.id)}${discountText(order)}\n\nPizzon`,
  });
}
