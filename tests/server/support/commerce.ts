import { randomBytes } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import { cartTotals } from '../../../contract/cart.ts';
import { cartLines, menuItems, orderLines, orders } from '../../../server/db/schema.ts';
import { apiTokenFor, bearer, insertUserRow } from './accounts.ts';
import type { TestContext } from './test-app.ts';

export type MenuItemRow = typeof menuItems.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;

export const SHIPPING = {
  fullName: 'Nadia Rahman',
  email: 'nadia@example.com',
  phone: '+880 1711 000000',
  address: '12 Road 5, Dhanmondi',
  postcode: '1205',
  city: 'Dhaka',
};
export const ORDER_TIME = 'November 23,2026 08:05:09 PM';

/** A menu item of this test's own (a unique name, so messages can be matched exactly). */
export async function insertMenuItem(
  ctx: Pick<TestContext, 'db'>,
  fields: Partial<typeof menuItems.$inferInsert> = {},
): Promise<MenuItemRow> {
  const [row] = await ctx.db
    .insert(menuItems)
    .values({
      name: `Margherita ${randomBytes(3).toString('hex')}`,
      priceCents: 45_050,
      quantity: 10,
      image: '/images/menu/margherita.jpg',
      category: 'pizza',
      description: 'Tomato, mozzarella and basil on a thin crust, baked in a stone oven until it blisters.',
      ...fields,
    })
    .returning();
  if (!row) throw new Error('no menu item inserted');
  return row;
}

export interface Customer {
  uid: string;
  token: string;
}

/** A registered customer with an API token, whose e-mail the provider verified (order mail goes there). */
export async function createCustomer(ctx: TestContext): Promise<Customer> {
  const user = await insertUserRow(ctx, { role: 'user', emailVerified: true });
  return { uid: user.uid, token: await apiTokenFor(ctx, user.uid) };
}

export interface Answer<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

/** A JSON call to the app as the storefront makes it. */
export async function call<T = unknown>(
  ctx: TestContext,
  method: string,
  path: string,
  token?: string,
  body?: unknown,
): Promise<Answer<T>> {
  const response = await ctx.request(path, {
    method,
    headers: {
      ...(token ? bearer(token) : {}),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T, headers: response.headers };
}

/** POST /add-to-cart through the API. */
export async function addToCart(ctx: TestContext, customer: Customer, item: MenuItemRow, quantity = 1) {
  const answer = await call<{ insertedId: string | null }>(ctx, 'POST', '/add-to-cart', customer.token, {
    itemId: item.id,
    quantity,
  });
  if (answer.status !== 201) throw new Error(`add-to-cart answered ${answer.status}`);
  return answer.body.insertedId!;
}

/** The checkout body the storefront sends for these lines (the total computed by the shared rule). */
export function checkoutBody(
  lines: Array<{ item: MenuItemRow; quantity: number }>,
  overrides: Record<string, unknown> = {},
) {
  const carts = lines.map(({ item, quantity }) => ({
    _id: item.id,
    itemId: item.id,
    name: item.name,
    price: item.priceCents / 100,
    quantity,
  }));
  return {
    ...SHIPPING,
    carts,
    total_price: cartTotals(carts).totalPrice,
    order_time: ORDER_TIME,
    ...overrides,
  };
}

export const checkout = (ctx: TestContext, customer: Customer, body: unknown) =>
  call<{ url?: string; message?: string }>(
    ctx,
    'POST',
    `/create-payment-intent?uid=${customer.uid}`,
    customer.token,
    body,
  );

export async function stockOf(ctx: TestContext, itemId: string): Promise<number> {
  const [row] = await ctx.db
    .select({ quantity: menuItems.quantity })
    .from(menuItems)
    .where(eq(menuItems.id, itemId));
  return row!.quantity;
}

export async function setStock(ctx: TestContext, itemId: string, quantity: number): Promise<void> {
  await ctx.db.update(menuItems).set({ quantity }).where(eq(menuItems.id, itemId));
}

export function ordersOf(ctx: TestContext, uid: string): Promise<OrderRow[]> {
  return ctx.db.select().from(orders).where(eq(orders.userUid, uid)).orderBy(asc(orders.createdAt));
}

export async function orderByTransaction(
  ctx: TestContext,
  transactionId: string,
): Promise<OrderRow | undefined> {
  const [row] = await ctx.db.select().from(orders).where(eq(orders.transactionId, transactionId));
  return row;
}

export function orderLinesOf(ctx: TestContext, orderId: string) {
  return ctx.db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
}

export async function cartLineIds(ctx: TestContext, uid: string): Promise<string[]> {
  const rows = await ctx.db
    .select({ id: cartLines.id })
    .from(cartLines)
    .where(eq(cartLines.userUid, uid))
    .orderBy(asc(cartLines.createdAt));
  return rows.map((row) => row.id);
}

/** Makes an order look as if it had been placed `minutes` ago. */
export async function ageOrder(ctx: TestContext, orderId: string, minutes: number): Promise<void> {
  await ctx.db
    .update(orders)
    // Its hold, when checkout set one, moves back with it (the right side reads the row as it was).
    .set({
      createdAt: sql`now() - make_interval(mins => ${minutes})`,
      holdUntil: sql`${orders.holdUntil} - (${orders.createdAt} - (now() - make_interval(mins => ${minutes})))`,
    })
    .where(eq(orders.id, orderId));
}

/** The transaction id in a sandbox payment page URL. */
export function transactionIdOf(url: string): string {
  const match = /\/sandbox-pay\/([^/?]+)\?sig=/.exec(url);
  if (!match) throw new Error(`not a sandbox payment page: ${url}`);
  return decodeURIComponent(match[1]!);
}

/** Posts the IPN fields as a form, as a gateway does. */
export const postIpn = (ctx: TestContext, fields: Record<string, string>) =>
  ctx.request('/payment/ipn', { method: 'POST', body: new URLSearchParams(fields) });

/** Presses a button on the sandbox payment page (the form's hidden sig included). */
export function pressSandboxButton(ctx: TestContext, pageUrl: string, button: 'pay' | 'fail' | 'cancel') {
  const url = new URL(pageUrl);
  const sig = url.searchParams.get('sig') ?? '';
  return ctx.request(`${url.origin}${url.pathname}/${button}`, {
    method: 'POST',
    body: new URLSearchParams({ sig }),
  });
}

/**
 * Gives a customer a past order that was paid (and delivered): a customer the shop knows, whose unpaid
 * orders hold their stock for HOLD_MINUTES (services/hold-standing.ts).
 */
export async function givePaidOrder(ctx: TestContext, customer: { uid: string }): Promise<void> {
  await ctx.db.insert(orders).values({
    userUid: customer.uid,
    orderTime: 'yesterday',
    fullName: 'Known Customer',
    email: 'known@pizzon.test',
    phone: '01700000000',
    address: '1 Road',
    city: 'Dhaka',
    postcode: '1207',
    transactionId: `PAST-${customer.uid}-${Date.now()}-${Math.random()}`,
    totalCents: 1000,
    state: 'delivered',
    paidAt: sql`now() - interval '2 days'`,
    createdAt: sql`now() - interval '2 days'`,
  });
}
