// One status vocabulary for an order's card and row (issue 32, item 6): the lifecycle's word for where
// the order is (contract/order-lifecycle.ts), except for the three states the spec knows, which keep
// the spec's texts ('Payment pending' / 'Payment Success', 'Order Pending' / 'Order Confirm'); a state
// the spec does not know never shows them, so no card says 'Order Confirm' beside 'Delivered'. A cash
// order is off the spec's path: its word says whether the cash is still to pay, then the lifecycle's.
import {
  FINAL_STATES,
  isPaid,
  ORDER_STATE_LABELS,
  type OrderState,
  type PaymentMethod,
} from './order-lifecycle.ts';

const SPEC_TEXTS: Partial<Record<OrderState, readonly [string, string]>> = {
  awaiting_payment: ['Payment pending', 'Order Pending'],
  paid: ['Payment Success', 'Order Pending'],
  accepted: ['Payment Success', 'Order Confirm'],
};

export const CASH_TO_PAY = 'Cash to pay';
export const CASH_PAID = 'Paid in cash';

/** The words an order's status shows: the spec's two lines, or the lifecycle's one. */
export function orderStatusWords(state: OrderState, method: PaymentMethod = 'online'): readonly string[] {
  if (method === 'online') return SPEC_TEXTS[state] ?? [ORDER_STATE_LABELS[state]];
  if (isPaid(state, method)) return [CASH_PAID, ORDER_STATE_LABELS[state]];
  return FINAL_STATES.includes(state) || state === 'cancelled'
    ? [ORDER_STATE_LABELS[state]]
    : [CASH_TO_PAY, ORDER_STATE_LABELS[state]];
}
