import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { apiTokenFor, insertUserRow } from './accounts.ts';
import {
  addToCart,
  type Customer,
  call,
  checkout,
  checkoutBody,
  createCustomer,
  type MenuItemRow,
  type OrderRow,
  orderByTransaction,
  postIpn,
  transactionIdOf,
} from './commerce.ts';
import type { TestContext } from './test-app.ts';

export interface Admin extends Customer {
  /** The admin's user record id. */
  id: string;
}

/** A registered admin with an API token. */
export async function createAdmin(ctx: TestContext, role = 'admin'): Promise<Admin> {
  const user = await insertUserRow(ctx, { role });
  return { id: user.id, uid: user.uid, token: await apiTokenFor(ctx, user.uid) };
}

/** `path` with the caller named in ?uid=, as the storefront's admin calls do. */
export const asCaller = (path: string, uid: string): string =>
  `${path}${path.includes('?') ? '&' : '?'}uid=${encodeURIComponent(uid)}`;

/** An admin call as the storefront makes it (?uid= the admin's own). */
export const adminCall = <T = unknown>(
  ctx: TestContext,
  admin: Customer,
  method: string,
  path: string,
  body?: unknown,
) => call<T>(ctx, method, asCaller(path, admin.uid), admin.token, body);

export type Lines = Array<{ item: MenuItemRow; quantity: number }>;

/** A customer puts these lines in the cart and checks out: their unpaid order (stock reserved). */
export async function placeOrder(
  ctx: TestContext,
  lines: Lines,
  customer?: Customer,
): Promise<{ customer: Customer; order: OrderRow }> {
  const buyer = customer ?? (await createCustomer(ctx));
  for (const { item, quantity } of lines) await addToCart(ctx, buyer, item, quantity);
  const response = await checkout(ctx, buyer, checkoutBody(lines));
  expect(response.status).toBe(200);
  const order = await orderByTransaction(ctx, transactionIdOf(response.body.url!));
  return { customer: buyer, order: order! };
}

/** The gateway reports the order paid (a verified IPN for its exact total). */
export async function payOrder(ctx: TestContext, order: OrderRow): Promise<OrderRow> {
  const response = await postIpn(
    ctx,
    ctx.sandbox.notificationFields(order.transactionId, 'paid', order.totalCents),
  );
  expect(response.status).toBe(200);
  return (await orderByTransaction(ctx, order.transactionId))!;
}

/** A customer's paid order. */
export async function paidOrder(ctx: TestContext, lines: Lines) {
  const { customer, order } = await placeOrder(ctx, lines);
  return { customer, order: await payOrder(ctx, order) };
}

/** Every table of the schema. */
export const TABLES = ['users', 'menu_items', 'cart_lines', 'orders', 'order_lines', 'reservations'] as const;

/**
 * Columns that record what the API last heard from the identity provider, not what a caller asked for:
 * any signed-in call may move them (server/api/services/provider-check.ts).
 */
const PROVIDER_MARKS = ['provider_checked_at', 'provider_confirmed_at', 'provider_blocked'];

/**
 * A fingerprint of every row of every table: equal fingerprints mean nothing was written in between
 * (for checking that a refused call left everything as it was).
 */
export async function databaseFingerprint(ctx: TestContext): Promise<Record<string, string>> {
  const fingerprint: Record<string, string> = {};
  const marks = sql.raw(`array[${PROVIDER_MARKS.map((column) => `'${column}'`).join(', ')}]`);
  for (const table of TABLES) {
    const result = await ctx.db.execute<{ rows: number; digest: string }>(
      sql`select count(*)::int as rows, md5(coalesce(string_agg(r, '|' order by r), '')) as digest
          from (select (to_jsonb(t) - ${marks}::text[])::text as r from ${sql.identifier(table)} t) x`,
    );
    const row = result.rows[0]!;
    fingerprint[table] = `${row.rows}:${row.digest}`;
  }
  return fingerprint;
}
