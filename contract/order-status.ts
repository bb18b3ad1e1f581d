// One status vocabulary for an order's card and row (issue 32, item 6): the lifecycle's word for where
// the order is (contract/order-lifecycle.ts), except for the three states the spec knows, which keep
// the spec's texts ('Payment pending' / 'Payment Success', 'Order Pending' / 'Order Confirm'); a state
// the spec does not know never shows them, so no card says 'Order Confirm' beside 'Delivered'.
import { ORDER_STATE_LABELS, type OrderState } from './order-lifecycle.ts';

const SPEC_TEXTS: Partial<Record<OrderState, readonly [string, string]>> = {
  awaiting_payment: ['Payment pending', 'Order Pending'],
  paid: ['Payment Success', 'Order Pending'],
  accepted: ['Payment Success', 'Order Confirm'],
};

/** The words an order's status shows: the spec's two lines, or the lifecycle's one. */
export const orderStatusWords = (state: OrderState): readonly string[] =>
  SPEC_TEXTS[state] ?? [ORDER_STATE_LABELS[state]];
