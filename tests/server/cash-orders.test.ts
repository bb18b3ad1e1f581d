import { asc, eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Order } from '../../contract/order.ts';
import { ORDER_STATE_LABELS, type OrderState } from '../../contract/order-lifecycle.ts';
import type { OwnersDay } from '../../contract/owners-day.ts';
import {
  CASH_FOR_REGULARS,
  CASH_OFF,
  cashOverLimit,
  DEFAULT_CASH_ACCEPT_MINUTES,
  DEFAULT_PAYMENT_SETTINGS,
  ONLINE_OFF,
  type PaymentOptions,
  type PaymentSettings,
  type PaymentSettingsInput,
} from '../../contract/payment-settings.ts';
import { CASH_NOT_ACCEPTED, releaseExpiredReservations } from '../../server/api/services/expiry.ts';
import { CASH_ORDER_WAITING } from '../../server/api/services/hold-standing.ts';
import { CASH_TAKEN } from '../../server/api/services/order-lifecycle.ts';
import { cartLines, mailOutbox, orderEvents, orders } from '../../server/db/schema.ts';
import { adminCall, createAdmin } from './support/admin.ts';
import {
  addToCart,
  ageOrder,
  type Customer,
  call,
  checkout,
  checkoutBody,
  createCustomer,
  givePaidOrder,
  insertMenuItem,
  type MenuItemRow,
  orderByTransaction,
  stockOf,
} from './support/commerce.ts';
import { fixture, sharedTestContext } from './support/test-app.ts';

const ctx = sharedTestContext();
const admin = fixture(() => createAdmin(ctx));

const saveSettings = (settings: PaymentSettingsInput) =>
  adminCall<PaymentSettings & { message?: string }>(ctx, admin, 'PUT', '/admin-payment-settings', settings);
const CASH_ON: PaymentSettings = { ...DEFAULT_PAYMENT_SETTINGS, cash: true };

const move = (id: string, to: OrderState, note?: string) =>
  adminCall<Order & { message: string }>(ctx, admin, 'POST', `/admin-order/${id}/transition`, {
    to,
    ...(note === undefined ? {} : { note }),
  });

/** A customer with `quantity` of `item` in the cart checks out, paying by `method` (none: the spec's body). */
async function orderFor(
  item: MenuItemRow,
  {
    method,
    quantity = 1,
    type,
    customer,
    add = true,
  }: { method?: string; quantity?: number; type?: 'pickup'; customer?: Customer; add?: boolean } = {},
) {
  const buyer = customer ?? (await createCustomer(ctx));
  if (add) await addToCart(ctx, buyer, item, quantity);
  const body = checkoutBody([{ item, quantity }], {
    ...(method && { paymentMethod: method }),
    ...(type && { orderType: type, total_price: (item.priceCents * quantity) / 100 }),
  });
  const answer = await checkout(ctx, buyer, body);
  return { customer: buyer, answer };
}

/** A cash order placed by a fresh customer: its row. */
async function cashOrder(
  item: MenuItemRow,
  options: { type?: 'pickup'; customer?: Customer; add?: boolean } = {},
) {
  const { customer, answer } = await orderFor(item, { method: 'cash', ...options });
  expect(answer.status, answer.body.message).toBe(200);
  const transactionId = answer.body.url!.split('/').at(-1)!;
  return { customer, order: (await orderByTransaction(ctx, transactionId))! };
}

const eventsOf = (orderId: string) =>
  ctx.db
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.sequence));
const mailKinds = async (orderId: string) =>
  (
    await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.orderId, orderId)).orderBy(asc(mailOutbox.id))
  ).map((mail) => mail.kind);
const rowOf = async (id: string) => (await ctx.db.select().from(orders).where(eq(orders.id, id)))[0]!;

beforeEach(async () => {
  expect((await saveSettings(CASH_ON)).status).toBe(200);
});

describe('the owner’s payment methods', () => {
  it('keeps a fresh shop online only, as the spec: cash is refused with 400 and nothing is held', async () => {
    expect((await saveSettings(DEFAULT_PAYMENT_SETTINGS)).body).toEqual(DEFAULT_PAYMENT_SETTINGS);
    const item = await insertMenuItem(ctx, { quantity: 5 });
    const { customer, answer } = await orderFor(item, { method: 'cash' });
    expect(answer).toMatchObject({ status: 400, body: { message: CASH_OFF } });
    expect(await stockOf(ctx, item.id)).toBe(5);
    const options = await call<PaymentOptions>(
      ctx,
      'GET',
      `/payment-options?uid=${customer.uid}`,
      customer.token,
    );
    expect(options.body).toEqual({ online: true, cash: false, cashMax: null, cashRefusal: null });
  });

  it('refuses cash over the owner’s limit, and online when the owner turned it off', async () => {
    const item = await insertMenuItem(ctx, { quantity: 5, priceCents: 2_000 });
    // 2 × 20.00 tk with the 5 % shipping: 42.00 tk, over a 40 tk limit.
    await saveSettings({ ...CASH_ON, cashMax: 40 });
    const over = await orderFor(item, { method: 'cash', quantity: 2 });
    expect(over.answer).toMatchObject({ status: 400, body: { message: cashOverLimit(4_000) } });
    expect(await stockOf(ctx, item.id)).toBe(5);
    // Under it: placed.
    expect((await orderFor(item, { method: 'cash', quantity: 1 })).answer.status).toBe(200);

    await saveSettings({ ...CASH_ON, online: false });
    const online = await orderFor(item);
    expect(online.answer).toMatchObject({ status: 400, body: { message: ONLINE_OFF } });
    // Both off is no shop at all.
    const none = await saveSettings({ ...CASH_ON, online: false, cash: false });
    expect(none.status).toBe(400);
  });

  it('keeps cash for customers with a delivered order when the owner says so', async () => {
    await saveSettings({ ...CASH_ON, cashRegularsOnly: true });
    const item = await insertMenuItem(ctx, { quantity: 5 });
    const newcomer = await orderFor(item, { method: 'cash' });
    expect(newcomer.answer).toMatchObject({ status: 400, body: { message: CASH_FOR_REGULARS } });
    const options = await call<PaymentOptions>(
      ctx,
      'GET',
      `/payment-options?uid=${newcomer.customer.uid}`,
      newcomer.customer.token,
    );
    expect(options.body).toMatchObject({ cash: true, cashRefusal: CASH_FOR_REGULARS });

    // Once an order of theirs was delivered (here: a cash one, before the rule), they may. Their
    // refused checkout left the cart as it was.
    await saveSettings(CASH_ON);
    const { order } = await cashOrder(item, { customer: newcomer.customer, add: false });
    for (const to of ['accepted', 'preparing', 'out_for_delivery', 'delivered'] as const)
      expect((await move(order.id, to)).status).toBe(200);
    await saveSettings({ ...CASH_ON, cashRegularsOnly: true });
    expect((await orderFor(item, { method: 'cash', customer: newcomer.customer })).answer.status).toBe(200);
  });

  it('answers the owner’s bad input with 400', async () => {
    for (const body of [{ ...CASH_ON, cashMax: 0 }, { ...CASH_ON, cash: 'yes' }, {}]) {
      expect((await saveSettings(body as never)).status).toBe(400);
    }
    const item = await insertMenuItem(ctx, { quantity: 5 });
    expect((await orderFor(item, { method: 'cheque' })).answer.status).toBe(400);
  });
});

describe('a cash order’s life', () => {
  it('is placed without the gateway and holds its stock from placement, one at a time for a new customer', async () => {
    const item = await insertMenuItem(ctx, { quantity: 5 });
    const { answer, customer } = await orderFor(item, { method: 'cash' });
    expect(answer.status).toBe(200);
    // The order's confirmation on the storefront, never a payment page.
    expect(answer.body.url).toMatch(/^\/order-placed\/PZ[0-9A-F]{24}$/);
    const order = (await orderByTransaction(ctx, answer.body.url!.split('/').at(-1)!))!;
    expect(order).toMatchObject({
      state: 'placed',
      paymentMethod: 'cash',
      paymentStatus: false,
      paidAt: null,
    });
    expect(await stockOf(ctx, item.id)).toBe(4);
    expect((await eventsOf(order.id)).map((e) => [e.fromState, e.toState, e.actor, e.actorUid])).toEqual([
      [null, 'placed', 'checkout', customer.uid],
    ]);
    expect(await mailKinds(order.id)).toEqual(['order_placed']);
    // The cart it was made of is gone, as a payment takes it.
    const cart = await call<unknown[]>(ctx, 'GET', `/add-to-cart?uid=${customer.uid}`, customer.token);
    expect(cart.body).toEqual([]);
    // Within the owner's time to accept it, the sweep leaves it alone.
    await ageOrder(ctx, order.id, DEFAULT_CASH_ACCEPT_MINUTES - 1);
    await releaseExpiredReservations(ctx.db, 10);
    expect((await rowOf(order.id)).state).toBe('placed');
    expect(await stockOf(ctx, item.id)).toBe(4);
    // A customer who has never paid has one cash order waiting at a time: it holds stock with no
    // payment to come (docs/decisions/042-holds-by-behaviour.md).
    const waiting = await orderFor(item, { method: 'cash', customer });
    expect(waiting.answer).toMatchObject({ status: 409, body: { message: CASH_ORDER_WAITING } });
    expect(await stockOf(ctx, item.id)).toBe(4);
    // A known customer's newer checkout does not replace it either: it is a real order.
    await givePaidOrder(ctx, customer);
    expect((await orderFor(item, { method: 'cash', customer, add: false })).answer.status).toBe(200);
    expect(await stockOf(ctx, item.id)).toBe(3);
    expect((await rowOf(order.id)).state).toBe('placed');
  });

  it('goes placed → accepted → preparing → out for delivery → delivered, paid when the cash is taken', async () => {
    const item = await insertMenuItem(ctx, { quantity: 5 });
    const { order, customer } = await cashOrder(item);
    const mine = await call<{ rows?: Order[] } | Order[]>(
      ctx,
      'GET',
      `/my-orders?uid=${customer.uid}`,
      customer.token,
    );
    const listed = (Array.isArray(mine.body) ? mine.body : mine.body.rows!).find((o) => o._id === order.id)!;
    expect(listed).toMatchObject({ state: 'placed', payment_method: 'cash', payment_status: false });

    // The kitchen's every step, each refused move on the way answered 409.
    const refused: Array<[OrderState, OrderState]> = [
      ['placed', 'paid'],
      ['placed', 'refund_due'],
      ['placed', 'delivered'],
      ['accepted', 'refund_due'],
      ['accepted', 'cash_refused'],
      ['preparing', 'ready_for_pickup'],
      ['preparing', 'delivered'],
      ['out_for_delivery', 'refund_due'],
      ['out_for_delivery', 'cancelled'],
      ['out_for_delivery', 'collected'],
    ];
    for (const to of ['accepted', 'preparing', 'out_for_delivery'] as const) {
      const from = (await rowOf(order.id)).state;
      for (const [at, wrong] of refused.filter(([at]) => at === from)) {
        const answer = await move(order.id, wrong, 'a note');
        expect(answer.status, `${at} → ${wrong}`).toBe(409);
        expect(answer.body.message).toContain(`staff can not move it to ${ORDER_STATE_LABELS[wrong]}`);
      }
      const answer = await move(order.id, to);
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ state: to, payment_status: false, status: true });
      expect(await stockOf(ctx, item.id)).toBe(4);
    }
    for (const [, wrong] of refused.filter(([at]) => at === 'out_for_delivery'))
      expect((await move(order.id, wrong, 'a note')).status).toBe(409);

    // Mark cash taken: delivered and paid in one move, an event with who.
    const taken = await move(order.id, 'delivered');
    expect(taken.status).toBe(200);
    expect(taken.body).toMatchObject({
      state: 'delivered',
      payment_status: true,
      paid_at: expect.any(String),
    });
    expect((await rowOf(order.id)).paymentStatus).toBe(true);
    expect((await eventsOf(order.id)).at(-1)).toMatchObject({
      fromState: 'out_for_delivery',
      toState: 'delivered',
      actor: 'staff',
      actorUid: admin.uid,
      note: CASH_TAKEN,
    });
    expect(await stockOf(ctx, item.id)).toBe(4);
    expect(await mailKinds(order.id)).toEqual(['order_placed', 'order_out_for_delivery', 'order_delivered']);
    // Final: nothing moves it any more.
    for (const to of ['cash_refused', 'cancelled', 'refund_due'] as const)
      expect((await move(order.id, to, 'late')).status).toBe(409);
  });

  it('ends a pickup at the counter: ready for pickup → collected with the cash', async () => {
    const item = await insertMenuItem(ctx, { quantity: 5, priceCents: 1_000 });
    const { order } = await cashOrder(item, { type: 'pickup' });
    expect(order.orderType).toBe('pickup');
    for (const to of ['accepted', 'preparing'] as const) expect((await move(order.id, to)).status).toBe(200);
    expect((await move(order.id, 'out_for_delivery')).status).toBe(409);
    expect((await move(order.id, 'ready_for_pickup')).status).toBe(200);
    expect((await move(order.id, 'delivered')).status).toBe(409);
    const taken = await move(order.id, 'collected');
    expect(taken.body).toMatchObject({ state: 'collected', payment_status: true });
  });

  it('cash refused: a reason required (400 without), the order ends, its stock back, who and why kept', async () => {
    const item = await insertMenuItem(ctx, { quantity: 5 });
    const { order } = await cashOrder(item);
    for (const to of ['accepted', 'preparing', 'out_for_delivery'] as const) await move(order.id, to);
    expect(await stockOf(ctx, item.id)).toBe(4);
    for (const note of [undefined, '', '   ']) {
      const answer = await move(order.id, 'cash_refused', note);
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe('Please say why the cash was refused');
    }
    expect((await rowOf(order.id)).state).toBe('out_for_delivery');
    const refused = await move(order.id, 'cash_refused', 'Customer not at home');
    expect(refused.body).toMatchObject({ state: 'cash_refused', payment_status: false });
    expect(await stockOf(ctx, item.id)).toBe(5);
    expect((await eventsOf(order.id)).at(-1)).toMatchObject({
      toState: 'cash_refused',
      actorUid: admin.uid,
      note: 'Customer not at home',
    });
    expect(await mailKinds(order.id)).toContain('order_cash_refused');
    expect((await move(order.id, 'delivered')).status).toBe(409);
  });

  it('gives the stock back when the customer or staff cancel it, as for an online order', async () => {
    const item = await insertMenuItem(ctx, { quantity: 5 });
    const first = await cashOrder(item);
    const deleted = await call(
      ctx,
      'DELETE',
      `/order-delete/${first.order.id}?uid=${first.customer.uid}`,
      first.customer.token,
    );
    expect(deleted.status).toBe(200);
    expect((await rowOf(first.order.id)).state).toBe('cancelled');
    expect(await stockOf(ctx, item.id)).toBe(5);

    // Once accepted the customer can not; staff can, with nothing owed back.
    const second = await cashOrder(item);
    await move(second.order.id, 'accepted');
    const late = await call(
      ctx,
      'DELETE',
      `/order-delete/${second.order.id}?uid=${second.customer.uid}`,
      second.customer.token,
    );
    expect(late.status).toBe(409);
    expect(await stockOf(ctx, item.id)).toBe(4);
    expect((await move(second.order.id, 'refund_due', 'no')).status).toBe(409);
    expect((await move(second.order.id, 'cancelled', 'Out of dough')).body).toMatchObject({
      state: 'cancelled',
    });
    expect(await stockOf(ctx, item.id)).toBe(5);
  });

  it('takes the spec’s Confirm and Remove of Manage orders: a placed cash order accepted, or cancelled with nothing owed', async () => {
    const item = await insertMenuItem(ctx, { quantity: 5 });
    const first = await cashOrder(item);
    expect((await adminCall(ctx, admin, 'PATCH', `/admin-order-delete/${first.order.id}`)).status).toBe(200);
    expect((await rowOf(first.order.id)).state).toBe('accepted');
    const removed = await adminCall(ctx, admin, 'DELETE', `/admin-order-delete/${first.order.id}`);
    expect(removed.body).toEqual({ deletedCount: 1, refund_due: false });
    expect((await rowOf(first.order.id)).state).toBe('cancelled');
    expect(await stockOf(ctx, item.id)).toBe(5);
  });

  it('keeps the spec’s online path with cash on: the gateway’s page, awaiting payment', async () => {
    const item = await insertMenuItem(ctx, { quantity: 5 });
    const { answer } = await orderFor(item);
    expect(answer.status).toBe(200);
    expect(answer.body.url).toContain('/sandbox-pay/');
    const order = (await orderByTransaction(ctx, answer.body.url!.split('/').at(-1)!.split('?')[0]!))!;
    expect(order).toMatchObject({ state: 'awaiting_payment', paymentMethod: 'online' });
  });
});

describe('the owner’s figures', () => {
  it('Manage orders filters by payment method; the owner’s day counts cash to collect and taken', async () => {
    const item = await insertMenuItem(ctx, { quantity: 20, priceCents: 1_000 });
    const before = (await adminCall<OwnersDay>(ctx, admin, 'GET', '/admin-today')).body.cash!;
    const open = await cashOrder(item);
    const done = await cashOrder(item);
    for (const to of ['accepted', 'preparing', 'out_for_delivery', 'delivered'] as const)
      await move(done.order.id, to);
    await orderFor(item);

    const cash = await adminCall<{ rows?: Order[] } | Order[]>(
      ctx,
      admin,
      'GET',
      '/admin-order?payment_method=cash&limit=100',
    );
    const rows = Array.isArray(cash.body) ? cash.body : cash.body.rows!;
    expect(rows.length).toBeGreaterThan(1);
    expect(rows.every((o) => o.payment_method === 'cash')).toBe(true);
    expect(rows.map((o) => o._id)).toEqual(expect.arrayContaining([open.order.id, done.order.id]));
    const online = await adminCall<{ rows?: Order[] } | Order[]>(
      ctx,
      admin,
      'GET',
      '/admin-order?payment_method=online&limit=100',
    );
    expect(
      (Array.isArray(online.body) ? online.body : online.body.rows!).some((o) => o.payment_method === 'cash'),
    ).toBe(false);
    expect((await adminCall(ctx, admin, 'GET', '/admin-order?payment_method=card')).status).toBe(400);

    const after = (await adminCall<OwnersDay>(ctx, admin, 'GET', '/admin-today')).body.cash!;
    // Each order: 10.00 tk with the 5 % shipping, 10.50 tk.
    expect(after.orders - before.orders).toBe(1);
    expect(after.toCollect - before.toCollect).toBeCloseTo(10.5);
    expect(after.taken - before.taken).toBeCloseTo(10.5);
  });
});

describe('a cash order the kitchen does not accept in time', () => {
  it('is released after the owner’s time: stock back, the customer told, the rule on Admin → Delivery', async () => {
    const settings = await saveSettings({ ...CASH_ON, cashAcceptMinutes: 20 });
    expect(settings.body).toMatchObject({ cashAcceptMinutes: 20 });
    // A client that knows nothing of the field keeps the default.
    const { cashAcceptMinutes: _, ...older } = CASH_ON;
    expect((await saveSettings(older)).body).toMatchObject({
      cashAcceptMinutes: DEFAULT_CASH_ACCEPT_MINUTES,
    });
    expect((await saveSettings({ ...CASH_ON, cashAcceptMinutes: 2 })).status).toBe(400);
    await saveSettings({ ...CASH_ON, cashAcceptMinutes: 20 });

    const item = await insertMenuItem(ctx, { quantity: 5 });
    const { order } = await cashOrder(item);
    await ageOrder(ctx, order.id, 19);
    await releaseExpiredReservations(ctx.db, 10);
    expect((await rowOf(order.id)).state).toBe('placed');
    await ageOrder(ctx, order.id, 21);
    await releaseExpiredReservations(ctx.db, 10);
    expect((await rowOf(order.id)).state).toBe('cancelled');
    expect(await stockOf(ctx, item.id)).toBe(5);
    expect((await eventsOf(order.id)).at(-1)).toMatchObject({
      fromState: 'placed',
      toState: 'cancelled',
      actor: 'job',
      note: CASH_NOT_ACCEPTED,
    });
    expect(await mailKinds(order.id)).toEqual(['order_placed', 'order_cancelled']);
    await saveSettings(CASH_ON);
  });

  it('the review’s flood: 10 fresh accounts placing cash orders for a minute hold one each, and none after', async () => {
    await saveSettings(CASH_ON);
    const item = await insertMenuItem(ctx, { quantity: 200 });
    const accounts = await Promise.all(Array.from({ length: 10 }, () => createCustomer(ctx)));
    let placed = 0;
    for (let attempt = 0; attempt < 46; attempt += 1) {
      const customer = accounts[attempt % 10]!;
      // Each try starts from a cart of one (a refused one leaves its cart; a placed one empties it).
      await ctx.db.delete(cartLines).where(eq(cartLines.userUid, customer.uid));
      const { answer } = await orderFor(item, { method: 'cash', customer });
      if (answer.status === 200) placed += 1;
      else expect(answer.body.message).toBe(CASH_ORDER_WAITING);
    }
    expect(placed).toBe(10);
    expect(await stockOf(ctx, item.id)).toBe(190);
    // The owner's time passes with nobody accepting them: the sweep gives everything back.
    await ctx.db.execute(sql`update orders set created_at = created_at - interval '16 minutes'
      where state = 'placed' and id in (select order_id from order_lines where item_id = ${item.id})`);
    await releaseExpiredReservations(ctx.db, 10);
    expect(await stockOf(ctx, item.id)).toBe(200);
  });
});
