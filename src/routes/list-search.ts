import * as v from 'valibot';
import { ItemFiltersSchema, ReservationFiltersSchema, UserFiltersSchema } from '../../contract/admin.ts';
import { OrderFiltersSchema } from '../../contract/order.ts';
import { DaySchema, PAGE_LIMIT, PageQuerySchema, SearchSchema } from '../../contract/paging.ts';
import type { AddressOf } from './list-address.ts';

/*
 * The addresses of the paged lists: their filters and cursor live in the URL, so a reload or a shared
 * link shows the same page and Back works. Each field is checked with the contract's own rule; a
 * hand-edited or stale link loses the field it spoiled (the list's default), never shows an error page.
 * The router keeps these fields as the URL has them (list-address.ts); each page reads them through
 * its schema here, which loads with the page rather than with every visitor's first page.
 */

/** The router reads `?q=123` as the number 123: text fields take either. */
const text = v.union([v.string(), v.pipe(v.number(), v.transform(String))]);

/** A field a link may spoil: dropped when it breaks its rule. */
const lenient = <S extends v.GenericSchema<unknown, unknown>>(schema: S) =>
  v.fallback(v.optional(schema), undefined);

const cursor = lenient(v.pipe(text, PageQuerySchema.entries.cursor.wrapped));

/** The page size: the server's default unless the address names one (tests and the curious). */
const limit = lenient(
  v.pipe(
    v.union([v.number(), v.pipe(v.string(), v.regex(/^\d{1,3}$/), v.transform(Number))]),
    v.integer(),
    v.minValue(PAGE_LIMIT.min),
    v.maxValue(PAGE_LIMIT.max),
  ),
);

const search = lenient(v.pipe(text, SearchSchema));
/** Manage orders' search also takes an order number, however short. */
const orderSearch = lenient(v.pipe(text, OrderFiltersSchema.entries.q.wrapped));
const day = lenient(v.pipe(text, DaySchema));

const ManageOrdersFields = v.object({
  status: lenient(OrderFiltersSchema.entries.status.wrapped),
  state: lenient(OrderFiltersSchema.entries.state.wrapped),
  from: day,
  to: day,
  q: orderSearch,
  payment_method: lenient(OrderFiltersSchema.entries.payment_method.wrapped),
  cursor,
  limit,
});
export type ManageOrdersSearch = v.InferOutput<typeof ManageOrdersFields>;

/** Manage orders: a stage, a lifecycle state, a range of the admin's own calendar days (both included) and a search. */
export const ManageOrdersSearchSchema = v.pipe(
  ManageOrdersFields,
  // A range that ends before it starts keeps only its start.
  v.transform(
    ({ to, ...rest }): ManageOrdersSearch => (rest.from && to && to < rest.from ? rest : { ...rest, to }),
  ),
);

/** Manage users: customers or admins, and a search on name or e-mail. */
export const ManageUsersSearchSchema = v.object({
  role: lenient(UserFiltersSchema.entries.role.wrapped),
  q: search,
  cursor,
  limit,
});
export type ManageUsersSearch = v.InferOutput<typeof ManageUsersSearchSchema>;

/** Manage items: sold out or low stock, and a search on the item's name. */
export const ManageItemsSearchSchema = v.object({
  stock: lenient(ItemFiltersSchema.entries.stock.wrapped),
  q: search,
  cursor,
  limit,
});
export type ManageItemsSearch = v.InferOutput<typeof ManageItemsSearchSchema>;

/** Reservations: the day booked. */
export const ReservationsSearchSchema = v.object({
  date: lenient(v.pipe(text, ReservationFiltersSchema.entries.date.wrapped)),
  cursor,
  limit,
});
export type ReservationsSearch = v.InferOutput<typeof ReservationsSearchSchema>;

/** My order: pages only. */
export const PagedSearchSchema = v.object({ cursor, limit });
export type PagedSearch = v.InferOutput<typeof PagedSearchSchema>;

/** A list's address as the router keeps it, read through the list's schema (never failing). */
export function readAddress<S extends v.GenericSchema<unknown, unknown>>(
  schema: S,
  address: AddressOf<string>,
): v.InferOutput<S> {
  return v.parse(schema, address);
}

/** The filters of a list's address, without its cursor: what the list machine's query is. */
export function queryOf<Search extends { cursor?: string | undefined }>(
  search: Search,
): Omit<Search, 'cursor'> {
  const { cursor: _cursor, ...query } = search;
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined)) as Omit<
    Search,
    'cursor'
  >;
}
