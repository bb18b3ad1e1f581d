import * as v from 'valibot';
import { DeletedSchema } from '../../contract/cart.ts';
import {
  type CreatePayment,
  type Order,
  OrderSchema,
  type PaymentStatus,
  PaymentStatusSchema,
  PaymentUrlSchema,
} from '../../contract/order.ts';
import { LIFECYCLE_PATHS, type OrderEvent, OrderEventListSchema } from '../../contract/order-lifecycle.ts';
import type { Page } from '../../contract/paging.ts';
import { apiClient } from './http.ts';
import { fetchListPage, type PageSize } from './paging.ts';

/** Places the order and answers the payment page's address. */
export async function createPayment(uid: string, order: Omit<CreatePayment, 'uid'>): Promise<string> {
  const body = await apiClient
    .post('create-payment-intent', { searchParams: { uid }, json: { ...order, uid } })
    .json();
  return v.parse(PaymentUrlSchema, body).url;
}

export function fetchMyOrders(uid: string, query: PageSize, cursor: string | null): Promise<Page<Order>> {
  return fetchListPage('my-orders', { uid, limit: query.limit, cursor }, OrderSchema);
}

export async function deleteOrder(id: string, uid: string): Promise<{ deletedCount: number }> {
  const body = await apiClient
    .delete(`order-delete/${encodeURIComponent(id)}`, { searchParams: { uid } })
    .json();
  return v.parse(DeletedSchema, body);
}

export async function fetchPaymentStatus(transactionId: string, uid: string): Promise<PaymentStatus> {
  const body = await apiClient
    .get(`payment-status/${encodeURIComponent(transactionId)}`, { searchParams: { uid }, retry: 0 })
    .json();
  return v.parse(PaymentStatusSchema, body);
}

/** One of the caller's orders' timeline: its state changes, oldest first. */
export async function fetchMyOrderEvents(id: string, uid: string): Promise<OrderEvent[]> {
  const body = await apiClient.get(LIFECYCLE_PATHS.customerEvents(id), { searchParams: { uid } }).json();
  return v.parse(OrderEventListSchema, body);
}
