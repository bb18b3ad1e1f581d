import type {
  ItemFilters,
  ItemStock,
  ItemUpdate,
  NewItem,
  ReservationRow,
  UserFilters,
} from '../../contract/admin.ts';
import type { MenuItem } from '../../contract/menu.ts';
import type { Order, OrderStage } from '../../contract/order.ts';
import type { MailMessage, OrderEvent, OrderState, StaffTransition } from '../../contract/order-lifecycle.ts';
import type { OwnersDay } from '../../contract/owners-day.ts';
import type { Page } from '../../contract/paging.ts';
import type { Promotion, PromotionFormInput } from '../../contract/promotions.ts';
import { ROUTES } from '../../contract/routes.ts';
import type { UpdateResult, User } from '../../contract/user.ts';
import { cacheName, invalidate } from './cache.ts';
import { call } from './call.ts';
import { localDayRange } from './days.ts';
import { fetchListPage, type PageSize } from './paging.ts';

// Every admin call names the caller in ?uid= as the spec does; the server checks it against the token.
const as = (uid: string) => ({ query: { uid } });
/** A changed menu must not be served from the 5-minute menu cache. */
const menuChanged = () => invalidate(cacheName(ROUTES.allItems));

/** Manage users' filters, as its address keeps them. */
export type UserListQuery = PageSize & { [K in keyof UserFilters]?: UserFilters[K] | undefined };

export function fetchUsers(uid: string, query: UserListQuery, cursor: string | null): Promise<Page<User>> {
  return fetchListPage(ROUTES.users, { uid, ...query, cursor });
}

export async function deleteUser(uid: string, user: Pick<User, '_id' | 'uid'>): Promise<number> {
  return (await call(ROUTES.deleteUser, { query: { uid, mid: user._id, fid: user.uid } })).deletedCount;
}

export async function addItem(item: NewItem): Promise<string> {
  const { insertedId } = await call(ROUTES.addItem, { body: item });
  menuChanged();
  return insertedId;
}

/** Manage items' filters, as its address keeps them. */
export type ItemListQuery = PageSize & { [K in keyof ItemFilters]?: ItemFilters[K] | undefined };

export function fetchAdminItems(
  uid: string,
  query: ItemListQuery,
  cursor: string | null,
): Promise<Page<MenuItem>> {
  return fetchListPage(ROUTES.adminItems, { uid, ...query, cursor });
}

export async function deleteItem(uid: string, id: string): Promise<number> {
  const { deletedCount } = await call(ROUTES.deleteItem, { params: { id }, ...as(uid) });
  menuChanged();
  return deletedCount;
}

export function fetchItemForUpdate(uid: string, id: string): Promise<MenuItem> {
  return call(ROUTES.itemForUpdate, { params: { id }, ...as(uid) });
}

export async function updateItem(uid: string, id: string, changes: ItemUpdate): Promise<UpdateResult> {
  const result = await call(ROUTES.updateItem, { params: { id }, ...as(uid), body: changes });
  menuChanged();
  return result;
}

/** Sets an item's stock to 0 (the kitchen ran out), keeping its other fields as they are now. */
/** Admin → Promotions: the owner's codes, newest first, with their uses. */
export const fetchPromotions = (
  uid: string,
  query: PageSize,
  cursor: string | null,
): Promise<Page<Promotion>> => fetchListPage(ROUTES.promotions, { uid, ...query, cursor });

/** Adds a code, or changes one's terms (its id given). */
export const savePromotion = (
  uid: string,
  id: string | null,
  input: PromotionFormInput,
): Promise<Promotion> =>
  id === null
    ? call(ROUTES.addPromotion, { ...as(uid), body: input })
    : call(ROUTES.updatePromotion, { params: { id }, ...as(uid), body: input });

/** The owner's day (Admin Dashboard): today's figures, each read afresh. */
export function fetchOwnersDay(uid: string): Promise<OwnersDay> {
  return call(ROUTES.ownersDay, as(uid));
}

/**
 * Manage items' Sold out (the server keeps the count it replaces) and Back in stock (that count, or the
 * one given).
 */
export function setItemStock(uid: string, id: string, change: ItemStock) {
  return call(ROUTES.setItemStock, { params: { id }, ...as(uid), body: change });
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
  return fetchListPage(ROUTES.adminOrders, { uid, ...rest, ...localDayRange({ from, to }), cursor });
}

export async function confirmOrder(uid: string, id: string): Promise<number> {
  return (await call(ROUTES.confirmOrder, { params: { id }, ...as(uid) })).matchedCount;
}

export async function removeOrder(uid: string, id: string): Promise<number> {
  return (await call(ROUTES.removeOrder, { params: { id }, ...as(uid) })).deletedCount;
}

/** Moves an order on (POST /admin-order/:id/transition); a move the order no longer allows is a 409. */
export function transitionOrder(uid: string, id: string, change: StaffTransition): Promise<Order> {
  return call(ROUTES.transitionOrder, { params: { id }, ...as(uid), body: change });
}

/** An order's timeline, as staff see it: its state changes, oldest first. */
/** The kitchen board in one read: every order on it, or (`ids`) those orders alone. */
export function fetchKitchenBoard(uid: string, ids?: readonly string[]): Promise<Order[]> {
  return call(
    ROUTES.kitchenBoard,
    { query: { uid, ...(ids ? { ids: ids.join(',') } : {}) } },
    { cache: 'no-store' },
  );
}

export function fetchOrderEvents(uid: string, id: string): Promise<OrderEvent[]> {
  return call(ROUTES.orderEvents, { params: { id }, ...as(uid) });
}

/** The e-mails the order caused, with how their delivery went. */
export function fetchOrderMail(uid: string, id: string): Promise<MailMessage[]> {
  return call(ROUTES.orderMail, { params: { id }, ...as(uid) });
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
  return fetchListPage(ROUTES.adminReservations, { uid, ...query, cursor });
}
