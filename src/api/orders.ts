import type { CreatePayment, Order, PaymentStatus } from '../../contract/order.ts';
import type { OrderEvent } from '../../contract/order-lifecycle.ts';
import type { Page } from '../../contract/paging.ts';
import type { OrderAgain, PayNowAnswer } from '../../contract/reorder.ts';
import { ROUTES } from '../../contract/routes.ts';
import { call } from './call.ts';
import { forgetCart } from './cart.ts';
import { fetchListPage, type PageSize } from './paging.ts';

/** Places the order and answers the payment page's address. */
export async function createPayment(uid: string, order: Omit<CreatePayment, 'uid'>): Promise<string> {
  return (await call(ROUTES.checkout, { query: { uid }, body: { ...order, uid } })).url;
}

export function fetchMyOrders(uid: string, query: PageSize, cursor: string | null): Promise<Page<Order>> {
  return fetchListPage(ROUTES.myOrders, { uid, limit: query.limit, cursor });
}

export function deleteOrder(id: string, uid: string): Promise<{ deletedCount: number }> {
  return call(ROUTES.deleteOrder, { params: { id }, query: { uid } });
}

export function fetchPaymentStatus(transactionId: string, uid: string): Promise<PaymentStatus> {
  return call(ROUTES.paymentStatus, { params: { tranId: transactionId }, query: { uid } }, { retry: 0 });
}

/** One of the caller's orders' timeline: its state changes, oldest first. */
export function fetchMyOrderEvents(id: string, uid: string): Promise<OrderEvent[]> {
  return call(ROUTES.myOrderEvents, { params: { id }, query: { uid } });
}

/** Order again: the order's lines into the cart at today's prices; what went in and what could not. */
export async function orderAgain(id: string, uid: string): Promise<OrderAgain> {
  const again = await call(ROUTES.orderAgain, { params: { id }, query: { uid } });
  forgetCart();
  return again;
}

/** Pay now: the payment page of the order, or of a fresh checkout of its lines. */
export function payNow(id: string, uid: string, orderTime: string): Promise<PayNowAnswer> {
  return call(ROUTES.payNow, { params: { id }, query: { uid }, body: { order_time: orderTime } });
}
