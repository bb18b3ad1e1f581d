import { readFileSync } from 'node:fs';
import { asc, count, eq, max, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Order, OrderListSchema, OrderSchema } from '../../contract/order.ts';
import {
  findTransition,
  MailMessageListSchema,
  ORDER_ACTORS,
  ORDER_STATE_LABELS,
  ORDER_STATES,
  ORDER_TRANSITIONS,
  ORDER_TYPES,
  type OrderActor,
  OrderEventListSchema,
  type OrderState,
  type OrderType,
  PAYMENT_METHODS,
  type PaymentMethod,
} from '../../contract/order-lifecycle.ts';
import { SUPERSEDED } from '../../server/api/services/checkout.ts';
import { releaseExpiredReservations } from '../../server/api/services/expiry.ts';
import { TransitionRefused, transitionOrder } from '../../server/api/services/order-lifecycle.ts';
import { mailOutbox, orderEvents, orders } from '../../server/db/schema.ts';
import { findUserRow } from './support/accounts.ts';
import { adminCall, createAdmin, paidOrder, payOrder, placeOrder } from './support/admin.ts';
import {
  ageOrder,
  type Customer,
  call,
  checkout,
  checkoutBody,
  createCustomer,
  insertMenuItem,
  type OrderRow,
  postIpn,
  setStock,
  stockOf,
} from './support/commerce.ts';
import { fixture, sharedTestContext } from './support/test-app.ts';

const ctx = sharedTestContext();
const admin = fixture(() => createAdmin(ctx));

const transition = (id: string, body: unknown) =>
  adminCall<Order>(ctx, admin, 'POST', `/admin-order/${id}/transition`, body);

async function eventsOf(orderId: string) {
  return ctx.db
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.sequence));
}
async function mailOf(orderId: string) {
  return ctx.db.select().from(mailOutbox).where(eq(mailOutbox.orderId, orderId)).orderBy(asc(mailOutbox.id));
}
/** Puts an order of `type` paid by `method` in `state` directly (test setup only: no event, no stock moved). */
async function setState(
  orderId: string,
  state: OrderState,
  type: OrderType = 'delivery',
  method: PaymentMethod = 'online',
): Promise<void> {
  await ctx.db
    .update(orders)
    .set({ state, orderType: type, paymentMethod: method })
    .where(eq(orders.id, orderId));
}
const everyTypeAndState = PAYMENT_METHODS.flatMap((method) =>
  ORDER_TYPES.flatMap((type) => ORDER_STATES.map((from) => [method, type, from] as const)),
);

/** Everything a transition could touch for this order: its row, events, mail and its item's stock. */
async function footprint(order: OrderRow, itemId: string) {
  const [row] = await ctx.db.select().from(orders).where(eq(orders.id, order.id));
  return {
    row,
    events: await eventsOf(order.id),
    mail: await mailOf(order.id),
    stock: await stockOf(ctx, itemId),
  };
}

/** An order of one unit of a fresh item, awaiting payment (its stock held). */
async function freshOrder(quantity = 5) {
  const item = await insertMenuItem(ctx, { quantity });
  const placed = await placeOrder(ctx, [{ item, quantity: 1 }]);
  return { item, ...placed };
}

describe('the transition table, enforced', () => {
  it.each(
    everyTypeAndState,
  )('refuses a %s %s from %s every move the table does not give an actor: 409, nothing written', async (method, type, from) => {
    const { item, customer, order } = await freshOrder();
    await setState(order.id, from, type, method);
    const before = await footprint(order, item.id);
    const uids: Record<OrderActor, string | undefined> = {
      gateway: undefined,
      job: undefined,
      customer: customer.uid,
      staff: admin.uid,
    };
    let refused = 0;
    for (const by of ORDER_ACTORS) {
      for (const to of ORDER_STATES) {
        if (findTransition(from, to, by, type, method)) continue;
        const attempt = ctx.db.transaction((tx) =>
          transitionOrder(tx, { order: { id: order.id }, to, actor: { by, uid: uids[by] } }),
        );
        await expect(attempt, `${from} → ${to} by ${by}`).rejects.toSatisfy(
          (error) => error instanceof TransitionRefused && error.message.includes(order.transactionId),
        );
        refused += 1;
      }
    }
    expect(refused).toBeGreaterThan(30);
    expect(await footprint(order, item.id)).toEqual(before);
  });

  it.each(
    everyTypeAndState,
  )('answers 409 to staff asking a move of a %s %s from %s the table does not give them', async (method, type, from) => {
    const { item, order } = await freshOrder();
    await setState(order.id, from, type, method);
    const before = await footprint(order, item.id);
    for (const to of ORDER_STATES.filter((to) => !findTransition(from, to, 'staff', type, method))) {
      const answer = await transition(order.id, { to });
      expect(answer.status, `${from} → ${to}`).toBe(409);
      expect((answer.body as unknown as { message: string }).message).toContain(
        `${order.transactionId} is ${ORDER_STATE_LABELS[from]}: staff can not move it to ${ORDER_STATE_LABELS[to]}`,
      );
    }
    expect(await footprint(order, item.id)).toEqual(before);
  });

  const staffMoves = ORDER_TRANSITIONS.filter((t) => t.by === 'staff');
  it.each(
    staffMoves.map((t) => [t.method ?? 'online', t.only ?? 'delivery', t.from, t.to] as const),
  )('lets staff move a %s %s %s → %s: one event, the order answered', async (method, type, from, to) => {
    const { item, order } = await freshOrder();
    await setState(order.id, from, type, method);
    const before = await footprint(order, item.id);
    const answer = await transition(order.id, { to, note: '  shop closed early  ' });
    expect(answer.status).toBe(200);
    expect(v.parse(OrderSchema, answer.body)).toMatchObject({ _id: order.id, state: to });
    const after = await footprint(order, item.id);
    expect(after.events.slice(0, -1)).toEqual(before.events);
    expect(after.events.at(-1)).toMatchObject({
      sequence: before.events.length + 1,
      fromState: from,
      toState: to,
      actor: 'staff',
      actorUid: admin.uid,
      note: 'shop closed early',
    });
    // Leaving the states that hold stock gives the unit back; moves among them (or among the others) don't.
    const released =
      [
        'awaiting_payment',
        'paid',
        'placed',
        'accepted',
        'preparing',
        'out_for_delivery',
        'ready_for_pickup',
      ].includes(from) && ['cancelled', 'refund_due', 'cash_refused'].includes(to);
    expect(after.stock).toBe(before.stock + (released ? 1 : 0));
    const mailed = [
      'out_for_delivery',
      'delivered',
      'ready_for_pickup',
      'cancelled',
      'refund_due',
      'refunded',
      'cash_refused',
    ].includes(to);
    expect(after.mail.map((m) => m.kind)).toEqual([
      ...before.mail.map((m) => m.kind),
      ...(mailed ? [`order_${to}`] : []),
    ]);
  });

  it('answers 404 for an unknown or malformed id and 400 for an unknown state', async () => {
    expect((await transition('3f1b6a52-8a43-4c1e-9a65-1f2d3c4b5a69', { to: 'accepted' })).status).toBe(404);
    expect((await transition('nope', { to: 'accepted' })).status).toBe(404);
    const { order } = await freshOrder();
    expect((await transition(order.id, { to: 'baked' })).status).toBe(400);
  });

  it('lets exactly one of ten simultaneous staff clicks move the order', async () => {
    const item = await insertMenuItem(ctx, { quantity: 5 });
    const { order } = await paidOrder(ctx, [{ item, quantity: 1 }]);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => transition(order.id, { to: 'accepted' })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array(9).fill(409)]);
    const events = await eventsOf(order.id);
    expect(events.filter((e) => e.toState === 'accepted')).toHaveLength(1);
    expect(events.map((e) => e.sequence)).toEqual([1, 2, 3]);
  });

  it('writes nothing, mail included, when the transaction around a transition rolls back', async () => {
    const { item, order } = await freshOrder();
    await setState(order.id, 'preparing');
    const before = await footprint(order, item.id);
    const attempt = ctx.db.transaction(async (tx) => {
      await transitionOrder(tx, {
        order: { id: order.id },
        to: 'out_for_delivery',
        actor: { by: 'staff', uid: admin.uid },
      });
      throw new Error('the caller changed its mind');
    });
    await expect(attempt).rejects.toThrow('the caller changed its mind');
    expect(await footprint(order, item.id)).toEqual(before);
  });
});

describe('the gateway, the job and the customer write their events', () => {
  const actorsOf = async (orderId: string) =>
    (await eventsOf(orderId)).map((e) => [e.fromState, e.toState, e.actor] as const);

  it('checkout, then a payment: two events, a paid mail', async () => {
    const item = await insertMenuItem(ctx, { quantity: 5 });
    const { customer, order } = await paidOrder(ctx, [{ item, quantity: 1 }]);
    expect(await actorsOf(order.id)).toEqual([
      [null, 'awaiting_payment', 'checkout'],
      ['awaiting_payment', 'paid', 'gateway'],
    ]);
    expect((await eventsOf(order.id))[0]!.actorUid).toBe(customer.uid);
    const mail = await mailOf(order.id);
    // To the account's verified e-mail, not the one typed at checkout.
    const { email } = (await findUserRow(ctx, customer.uid))!;
    expect(email).not.toBe(order.email);
    expect(mail).toMatchObject([{ kind: 'order_paid', toAddress: email, state: 'pending' }]);
    expect(mail[0]!.body).toContain(order.transactionId);
    // A replayed notification changes nothing.
    await payOrder(ctx, order);
    expect(await eventsOf(order.id)).toHaveLength(2);
  });

  it.each(['failed', 'cancelled'] as const)('a %s payment: payment_failed, stock back', async (outcome) => {
    const { item, order } = await freshOrder();
    const answer = await postIpn(
      ctx,
      ctx.sandbox.notificationFields(order.transactionId, outcome, order.totalCents),
    );
    expect(answer.status).toBe(200);
    expect(await actorsOf(order.id)).toEqual([
      [null, 'awaiting_payment', 'checkout'],
      ['awaiting_payment', 'payment_failed', 'gateway'],
    ]);
    expect(await stockOf(ctx, item.id)).toBe(5);
  });

  it('the expiry sweep: expired by the job; a late payment takes the stock again', async () => {
    const { item, order } = await freshOrder();
    await ageOrder(ctx, order.id, 600);
    expect(await releaseExpiredReservations(ctx.db)).toBeGreaterThanOrEqual(1);
    expect(await stockOf(ctx, item.id)).toBe(5);
    expect(await payOrder(ctx, order)).toMatchObject({ state: 'paid' });
    expect(await stockOf(ctx, item.id)).toBe(4);
    expect(await actorsOf(order.id)).toEqual([
      [null, 'awaiting_payment', 'checkout'],
      ['awaiting_payment', 'expired', 'job'],
      ['expired', 'paid', 'gateway'],
    ]);
  });

  it('a late payment with the stock gone: refund due, and a mail saying so', async () => {
    const { item, order } = await freshOrder(1);
    await ageOrder(ctx, order.id, 600);
    await releaseExpiredReservations(ctx.db);
    await setStock(ctx, item.id, 0);
    expect(await payOrder(ctx, order)).toMatchObject({
      state: 'refund_due',
      paymentStatus: true,
      refundDue: true,
    });
    expect((await actorsOf(order.id)).at(-1)).toEqual(['expired', 'refund_due', 'gateway']);
    expect((await mailOf(order.id)).map((m) => m.kind)).toEqual(['order_refund_due']);
  });

  it('the customer’s delete: cancelled by them, gone from My order, its timeline still theirs', async () => {
    const { item, customer, order } = await freshOrder();
    const answer = await call(ctx, 'DELETE', `/order-delete/${order.id}`, customer.token);
    expect(answer).toMatchObject({ status: 200, body: { deletedCount: 1 } });
    expect(await stockOf(ctx, item.id)).toBe(5);
    const mine = await call(ctx, 'GET', '/my-orders', customer.token);
    expect(v.parse(OrderListSchema, mine.body).map((o) => o._id)).not.toContain(order.id);
    const timeline = await call(ctx, 'GET', `/my-orders/${order.id}/events`, customer.token);
    expect(timeline.status).toBe(200);
    expect(v.parse(OrderEventListSchema, timeline.body)).toMatchObject([
      { sequence: 1, from: null, to: 'awaiting_payment', by: { actor: 'checkout', uid: customer.uid } },
      {
        sequence: 2,
        from: 'awaiting_payment',
        to: 'cancelled',
        by: { actor: 'customer', uid: customer.uid },
      },
    ]);
    // Staff still see it, cancelled.
    const all = await adminCall(ctx, admin, 'GET', '/admin-order?state=cancelled&limit=100');
    expect(v.parse(OrderListSchema, all.body).map((o) => o._id)).toContain(order.id);
  });

  it('a newer checkout cancels the previous unpaid order, with a note', async () => {
    const item = await insertMenuItem(ctx, { quantity: 5 });
    const { customer, order } = await placeOrder(ctx, [{ item, quantity: 2 }]);
    expect((await checkout(ctx, customer, checkoutBody([{ item, quantity: 2 }]))).status).toBe(200);
    expect(await stockOf(ctx, item.id)).toBe(3);
    expect((await eventsOf(order.id)).at(-1)).toMatchObject({
      fromState: 'awaiting_payment',
      toState: 'cancelled',
      actor: 'customer',
      actorUid: customer.uid,
      note: SUPERSEDED,
    });
    const mine = v.parse(OrderListSchema, (await call(ctx, 'GET', '/my-orders', customer.token)).body);
    expect(mine.map((o) => o.state)).toEqual(['awaiting_payment']);
  });

  it('keeps a staff cancellation in My order (the customer should see the restaurant cancelled it)', async () => {
    const { customer, order } = await freshOrder();
    expect((await adminCall(ctx, admin, 'DELETE', `/admin-order-delete/${order.id}`)).body).toEqual({
      deletedCount: 1,
      refund_due: false,
    });
    const mine = v.parse(OrderListSchema, (await call(ctx, 'GET', '/my-orders', customer.token)).body);
    expect(mine.find((o) => o._id === order.id)).toMatchObject({ state: 'cancelled', payment_status: false });
  });
});

describe('reading an order’s timeline and mail', () => {
  let customer: Customer;
  let order: OrderRow;
  beforeAll(async () => {
    const item = await insertMenuItem(ctx, { quantity: 5 });
    ({ customer, order } = await paidOrder(ctx, [{ item, quantity: 1 }]));
    for (const to of ['accepted', 'preparing', 'out_for_delivery'] as const) {
      expect((await transition(order.id, { to })).status).toBe(200);
    }
  });

  it('GET /admin-order/:id/events: every event, oldest first', async () => {
    const answer = await adminCall(ctx, admin, 'GET', `/admin-order/${order.id}/events`);
    expect(answer.status).toBe(200);
    const events = v.parse(OrderEventListSchema, answer.body);
    expect(events.map((e) => e.to)).toEqual([
      'awaiting_payment',
      'paid',
      'accepted',
      'preparing',
      'out_for_delivery',
    ]);
    expect(events.map((e) => e.sequence)).toEqual([1, 2, 3, 4, 5]);
    expect(events.every((e) => e.transactionId === order.transactionId)).toBe(true);
    expect(events[2]!.by).toEqual({ actor: 'staff', uid: admin.uid });
  });

  it('GET /my-orders/:id/events: the owner’s only (404 for anyone else’s)', async () => {
    expect((await call(ctx, 'GET', `/my-orders/${order.id}/events`, customer.token)).status).toBe(200);
    const stranger = await createCustomer(ctx);
    const answer = await call(ctx, 'GET', `/my-orders/${order.id}/events`, stranger.token);
    expect(answer.status).toBe(404);
  });

  it('GET /admin-order/:id/mail: the order’s mail, without bodies', async () => {
    const answer = await adminCall(ctx, admin, 'GET', `/admin-order/${order.id}/mail`);
    expect(answer.status).toBe(200);
    const mail = v.parse(MailMessageListSchema, answer.body);
    expect(mail.map((m) => m.kind)).toEqual(['order_paid', 'order_out_for_delivery']);
    const { email } = (await findUserRow(ctx, customer.uid))!;
    expect(mail[0]).toMatchObject({ to: email, state: 'pending', attempts: 0, sentAt: null });
    expect(answer.body).not.toHaveProperty('0.body');
  });

  it('answers 404 for an unknown order', async () => {
    for (const path of ['events', 'mail']) {
      const answer = await adminCall(
        ctx,
        admin,
        'GET',
        `/admin-order/3f1b6a52-8a43-4c1e-9a65-1f2d3c4b5a69/${path}`,
      );
      expect(answer.status).toBe(404);
    }
  });

  it('GET /admin-order?state= lists that state only; each order shows its state and paid_at', async () => {
    const answer = await adminCall(ctx, admin, 'GET', '/admin-order?state=out_for_delivery&limit=100');
    const listed = v.parse(OrderListSchema, answer.body);
    expect(listed.map((o) => o._id)).toContain(order.id);
    expect(listed.every((o) => o.state === 'out_for_delivery')).toBe(true);
    expect(listed.find((o) => o._id === order.id)).toMatchObject({
      payment_status: true,
      status: true,
      paid_at: expect.any(String),
    });
    expect((await adminCall(ctx, admin, 'GET', '/admin-order?state=baked')).status).toBe(400);
  });
});

describe('migration 0004 turns the old flags into one state', () => {
  it('maps every combination of the four flags', async () => {
    const migration = readFileSync(
      new URL('../../server/db/migrations/0004_lifecycle.sql', import.meta.url),
      'utf8',
    );
    const update = /UPDATE "orders" SET "state" = (CASE[\s\S]*?END);/.exec(migration)?.[1];
    expect(update).toBeDefined();
    const mapped = await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`create temp table old_orders (payment_status boolean, status boolean,
        stock_released boolean, refund_due boolean, state text) on commit drop`);
      await tx.execute(sql`insert into old_orders select p, s, r, d, null
        from unnest(array[false, true]) p, unnest(array[false, true]) s, unnest(array[false, true]) r,
             unnest(array[false, true]) d`);
      await tx.execute(sql.raw(`update old_orders set state = ${update}`));
      const rows = await tx.execute<{
        payment_status: boolean;
        status: boolean;
        stock_released: boolean;
        refund_due: boolean;
        state: string;
      }>(sql`select * from old_orders`);
      return rows.rows;
    });
    expect(mapped).toHaveLength(16);
    for (const row of mapped) {
      const expected = row.refund_due
        ? 'refund_due'
        : row.status
          ? 'accepted'
          : row.payment_status
            ? 'paid'
            : row.stock_released
              ? 'expired'
              : 'awaiting_payment';
      expect(row.state, JSON.stringify(row)).toBe(expected);
    }
    // The combinations the old code could write land where the flags meant.
    const find = (p: boolean, s: boolean, r: boolean, d: boolean) =>
      mapped.find(
        (m) => m.payment_status === p && m.status === s && m.stock_released === r && m.refund_due === d,
      )?.state;
    expect(find(false, false, false, false)).toBe('awaiting_payment');
    expect(find(false, false, true, false)).toBe('expired');
    expect(find(true, false, false, false)).toBe('paid');
    expect(find(true, true, false, false)).toBe('accepted');
    expect(find(true, false, true, true)).toBe('refund_due');
    expect(find(false, false, true, true)).toBe('refund_due');
  });
});

describe('the order_events sequence', () => {
  it('numbers each order’s events 1, 2, 3… with no gap', async () => {
    const [row] = await ctx.db
      .select({ bad: count() })
      .from(orderEvents)
      .where(
        sql`${orderEvents.sequence} <> (select count(*) from ${orderEvents} e where e.order_id = ${orderEvents.orderId} and e.id <= ${orderEvents.id})`,
      );
    expect(row!.bad).toBe(0);
  });

  it('gives event ids in commit order, so a resume after an id misses none below it; an open transaction holds no other back', async () => {
    // Two orders counted in different rows of the kitchen's queue (8 rows, by the id's hash: migration
    // 0025): leaving the queue, orders of one row take turns by design, which is not what is tested here.
    const shardOf = async (id: string) =>
      (await ctx.db.execute<{ shard: number }>(sql`select hashtext(${id}::text) & 7 as shard`)).rows[0]!
        .shard;
    const first = await freshOrder();
    let second = await freshOrder();
    while ((await shardOf(second.order.id)) === (await shardOf(first.order.id))) second = await freshOrder();
    await Promise.all([setState(first.order.id, 'preparing'), setState(second.order.id, 'preparing')]);
    const move = (tx: Parameters<typeof transitionOrder>[0], id: string) =>
      transitionOrder(tx, { order: { id }, to: 'out_for_delivery', actor: { by: 'staff', uid: admin.uid } });
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let firstMoved = false;
    const slow = ctx.db.transaction(async (tx) => {
      await move(tx, first.order.id);
      firstMoved = true;
      await held;
    });
    while (!firstMoved) await new Promise((resolve) => setTimeout(resolve, 5));
    // The second order's event is written after the first's, and commits while the first is open.
    await ctx.db.transaction((tx) => move(tx, second.order.id));
    const [b] = (await eventsOf(second.order.id)).slice(-1);
    const [latest] = await ctx.db.select({ id: max(orderEvents.id) }).from(orderEvents);
    expect(latest!.id).toBe(b!.id);
    release();
    await slow;
    const [a] = (await eventsOf(first.order.id)).slice(-1);
    expect(a!.id).toBeGreaterThan(b!.id);
  });
});
