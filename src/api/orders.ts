import type { CreatePayment, Order, PaymentStatus } from '../../contract/order.ts';
import type { OrderEvent } from '../../contract/order-lifecycle.ts';
import type { Page } from '../../contract/paging.ts';
import { ROUTES } from '../../contract/routes.ts';
import { call } from './call.ts';
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
