import * as v from 'valibot';
import {
  type ItemFilters,
  type ItemUpdate,
  MatchedSchema,
  type NewItem,
  type ReservationRow,
  ReservationRowSchema,
  type UserFilters,
} from '../../contract/admin.ts';
import { DeletedSchema } from '../../contract/cart.ts';
import { InsertedSchema } from '../../contract/http.ts';
import { type MenuItem, MenuItemSchema } from '../../contract/menu.ts';
import { type Order, OrderSchema, type OrderStage } from '../../contract/order.ts';
import {
  LIFECYCLE_PATHS,
  type MailMessage,
  MailMessageListSchema,
  type OrderEvent,
  OrderEventListSchema,
  type OrderState,
  type StaffTransition,
} from '../../contract/order-lifecycle.ts';
import type { Page } from '../../contract/paging.ts';
import { type UpdateResult, UpdateResultSchema, type User, UserSchema } from '../../contract/user.ts';
import { invalidate } from './cache.ts';
import { localDayRange } from './days.ts';
import { apiClient } from './http.ts';
import { fetchListPage, type PageSize } from './paging.ts';

// Every admin call names the caller in ?uid= as the spec does; the server checks it against the token.
const as = (uid: string) => ({ searchParams: { uid } });
const path = (base: string, id: string) => `${base}/${encodeURIComponent(id)}`;
/** A changed menu must not be served from the 5-minute menu cache. */
const menuChanged = () => invalidate('all-items');

/** Manage users' filters, as its address keeps them. */
export type UserListQuery = PageSize & { [K in keyof UserFilters]?: UserFilters[K] | undefined };

export function fetchUsers(uid: string, query: UserListQuery, cursor: string | null): Promise<Page<User>> {
  return fetchListPage('users', { uid, ...query, cursor }, UserSchema);
}

export async function deleteUser(uid: string, user: Pick<User, '_id' | 'uid'>): Promise<number> {
  const body = await apiClient
    .delete('delete-user', { searchParams: { uid, mid: user._id, fid: user.uid } })
    .json();
  return v.parse(DeletedSchema, body).deletedCount;
}

export async function addItem(item: NewItem): Promise<string> {
  const body = v.parse(InsertedSchema, await apiClient.post('add-item', { json: item }).json());
  menuChanged();
  return body.insertedId;
}

/** Manage items' filters, as its address keeps them. */
export type ItemListQuery = PageSize & { [K in keyof ItemFilters]?: ItemFilters[K] | undefined };

export function fetchAdminItems(
  uid: string,
  query: ItemListQuery,
  cursor: string | null,
): Promise<Page<MenuItem>> {
  return fetchListPage('admin-all-items', { uid, ...query, cursor }, MenuItemSchema);
}

export async function deleteItem(uid: string, id: string): Promise<number> {
  const body = v.parse(DeletedSchema, await apiClient.delete(path('item-delete', id), as(uid)).json());
  menuChanged();
  return body.deletedCount;
}

export async function fetchItemForUpdate(uid: string, id: string): Promise<MenuItem> {
  return v.parse(MenuItemSchema, await apiClient.get(path('admin-item-update', id), as(uid)).json());
}

export async function updateItem(uid: string, id: string, changes: ItemUpdate): Promise<UpdateResult> {
  const body = await apiClient.patch(path('admin-item-update', id), { ...as(uid), json: changes }).json();
  menuChanged();
  return v.parse(UpdateResultSchema, body);
}

/** Sets an item's stock to 0 (the kitchen ran out), keeping its other fields as they are now. */
export async function markSoldOut(uid: string, id: string): Promise<UpdateResult> {
  const { name, price, image, description } = await fetchItemForUpdate(uid, id);
  return updateItem(uid, id, { name, price, quantity: 0, image, description });
}

/**
 * Manage orders' filters, as its address keeps them: `from` and `to` are the admin's calendar days
 * (YYYY-MM-DD), `to` included.
 */
export interface OrderListQuery extends PageSize {
  status?: OrderStage | undefined;
  /** One lifecycle state (the kitchen board's columns, Manage orders' State filter). */
  state?: OrderState | undefined;
  from?: string | undefined;
  to?: string | undefined;
  q?: string | undefined;
}

export function fetchAllOrders(
  uid: string,
  query: OrderListQuery,
  cursor: string | null,
): Promise<Page<Order>> {
  const { from, to, ...rest } = query;
  return fetchListPage('admin-order', { uid, ...rest, ...localDayRange({ from, to }), cursor }, OrderSchema);
}

export async function confirmOrder(uid: string, id: string): Promise<number> {
  const body = await apiClient.patch(path('admin-order-delete', id), as(uid)).json();
  return v.parse(MatchedSchema, body).matchedCount;
}

export async function removeOrder(uid: string, id: string): Promise<number> {
  const body = await apiClient.delete(path('admin-order-delete', id), as(uid)).json();
  return v.parse(DeletedSchema, body).deletedCount;
}

/** Moves an order on (POST /admin-order/:id/transition); a move the order no longer allows is a 409. */
export async function transitionOrder(uid: string, id: string, change: StaffTransition): Promise<Order> {
  const body = await apiClient.post(LIFECYCLE_PATHS.staffTransition(id), { ...as(uid), json: change }).json();
  return v.parse(OrderSchema, body);
}

/** An order's timeline, as staff see it: its state changes, oldest first. */
export async function fetchOrderEvents(uid: string, id: string): Promise<OrderEvent[]> {
  return v.parse(OrderEventListSchema, await apiClient.get(LIFECYCLE_PATHS.staffEvents(id), as(uid)).json());
}

/** The e-mails the order caused, with how their delivery went. */
export async function fetchOrderMail(uid: string, id: string): Promise<MailMessage[]> {
  return v.parse(MailMessageListSchema, await apiClient.get(LIFECYCLE_PATHS.staffMail(id), as(uid)).json());
}

/** Reservations' filter: the day booked (YYYY-MM-DD). */
export interface ReservationListQuery extends PageSize {
  date?: string | undefined;
}

export function fetchReservations(
  uid: string,
  query: ReservationListQuery,
  cursor: string | null,
): Promise<Page<ReservationRow>> {
  return fetchListPage('admin-reservations', { uid, ...query, cursor }, ReservationRowSchema);
}
