// Orders staff take by phone (issue 35, item 3; docs/decisions/039-cash-and-the-counter.md): staff
// only, priced by the server whatever the client sends, stock and slot held as any order's (raced over
// two API processes), no owner, marked on the board as taken by staff, paid through the link it gives.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { OrderSlots } from '../../contract/kitchen.ts';
import type { Order } from '../../contract/order.ts';
import { NO_LINES, type PhoneOrderTaken } from '../../contract/phone-order.ts';
import { UNKNOWN_ITEM } from '../../server/api/services/phone-orders.ts';
import {
  kitchenSettings,
  mailOutbox,
  menuItems,
  openingHours,
  optionChoices,
  optionGroups,
  orderEvents,
  orderLines,
  orders,
} from '../../server/db/schema.ts';
import { bearer } from './support/accounts.ts';
import { adminCall, createAdmin } from './support/admin.ts';
import {
  type ApiProcess,
  registeredAccounts,
  sharedScratchDatabase,
  twoApiProcesses,
} from './support/api-process.ts';
import {
  call,
  createCustomer,
  insertMenuItem,
  ORDER_TIME,
  orderByTransaction,
  orderLinesOf,
  pressSandboxButton,
  SHIPPING,
  stockOf,
} from './support/commerce.ts';
import { read, settle } from './support/order-streams.ts';
import { fixture, SITE_ORIGIN, sharedTestContext } from './support/test-app.ts';

const ctx = sharedTestContext();
const staff = fixture(() => createAdmin(ctx));

const PATH = '/admin-phone-order';

/** A pickup as the form sends it, for these lines. */
const pickup = (lines: unknown[], extra: Record<string, unknown> = {}) => ({
  orderType: 'pickup',
  fullName: 'Karim Uddin',
  phone: '+880 1811 222333',
  email: '',
  lines,
  order_time: ORDER_TIME,
  ...extra,
});

const take = (body: unknown) =>
  adminCall<PhoneOrderTaken & { message?: string }>(ctx, staff, 'POST', PATH, body);

describe('POST /admin-phone-order', () => {
  it('prices the order from the database, whatever prices, fees and totals the client sends', async () => {
    const item = await insertMenuItem(ctx, { priceCents: 1_000, quantity: 10 });
    const [group] = await ctx.db
      .insert(optionGroups)
      .values({ itemId: item.id, name: 'Size', required: true, minChoices: 1, maxChoices: 1, position: 0 })
      .returning();
    const [, large] = await ctx.db
      .insert(optionChoices)
      .values([
        { groupId: group!.id, name: 'Regular', priceDeltaCents: 0, isDefault: true, position: 0 },
        { groupId: group!.id, name: 'Large', priceDeltaCents: 250, position: 1 },
      ])
      .returning();
    const answer = await take({
      orderType: 'delivery',
      ...SHIPPING,
      total_price: 1,
      shipping: 0,
      fee: 0,
      lines: [
        {
          itemId: item.id,
          quantity: 2,
          choices: [large!.id],
          price: 1,
          priceCents: 1,
          instructions: 'Well done',
        },
      ],
      order_time: ORDER_TIME,
    });
    expect(answer.status).toBe(201);
    // 2 × (10.00 + 2.50) = 25.00 of food, and the seeded area's 5 %: 1.25.
    expect(answer.body.order.total_price).toBe(26.25);
    const order = await orderByTransaction(ctx, answer.body.order.transaction_id);
    expect(order!.totalCents).toBe(2_625);
    const [line] = await orderLinesOf(ctx, order!.id);
    expect(line).toMatchObject({
      priceCents: 1_250,
      quantity: 2,
      instructions: 'Well done',
      cartLineId: null,
    });
    expect(line!.options.map((choice) => choice.name)).toEqual(['Large']);
    // Left out, the item's defaults are taken, as the item page starts from them.
    const plain = await take(pickup([{ itemId: item.id, quantity: 1 }]));
    expect(plain.status).toBe(201);
    expect(plain.body.order.total_price).toBe(10);
    expect(plain.body.order.carts[0]!.options!.map((choice) => choice.name)).toEqual(['Regular']);
  });

  it('holds the stock, has no owner and keeps who took it, shown on the board', async () => {
    const item = await insertMenuItem(ctx, { priceCents: 2_000, quantity: 5 });
    const answer = await take(pickup([{ itemId: item.id, quantity: 3 }]));
    expect(answer.status).toBe(201);
    expect(await stockOf(ctx, item.id)).toBe(2);
    const order = await orderByTransaction(ctx, answer.body.order.transaction_id);
    expect(order).toMatchObject({ userUid: null, takenBy: staff.uid, state: 'awaiting_payment' });
    const [created] = await ctx.db.select().from(orderEvents).where(eq(orderEvents.orderId, order!.id));
    expect(created).toMatchObject({ userUid: null, actor: 'checkout', actorUid: staff.uid });
    const board = await adminCall<Order[]>(ctx, staff, 'GET', `/admin-order?q=${order!.transactionId}`);
    expect(board.body.map((shown) => [shown.transaction_id, shown.taken_by])).toEqual([
      [order!.transactionId, staff.uid],
    ]);
    // More than is left: the spec's words, 409, nothing more held.
    const short = await take(pickup([{ itemId: item.id, quantity: 3 }]));
    expect(short.status).toBe(409);
    expect(await stockOf(ctx, item.id)).toBe(2);
  });

  it('gives the payment link as SMS text, mails it when an e-mail was given, and the link pays', async () => {
    const item = await insertMenuItem(ctx, { priceCents: 1_500 });
    const mailed = await take(pickup([{ itemId: item.id, quantity: 1 }], { email: 'karim@example.com' }));
    expect(mailed.status).toBe(201);
    const { payment_link: link, sms_text: text, order } = mailed.body;
    expect(link).toMatch(/\/sandbox-pay\//);
    expect(text).toBe(
      `Pizzon: your order #${order.order_number} (${order.transaction_id}) comes to Tk 15.00. Pay here: ${link}`,
    );
    expect(mailed.body.mailed).toBe(true);
    const stored = await orderByTransaction(ctx, order.transaction_id);
    const mail = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.orderId, stored!.id));
    expect(mail.map((row) => [row.kind, row.toAddress])).toEqual([
      ['order_payment_link', 'karim@example.com'],
    ]);
    expect(mail[0]!.body).toContain(text!);

    const unmailed = await take(pickup([{ itemId: item.id, quantity: 1 }]));
    expect(unmailed.body.mailed).toBe(false);
    const none = await orderByTransaction(ctx, unmailed.body.order.transaction_id);
    expect(await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.orderId, none!.id))).toEqual([]);

    const paid = await pressSandboxButton(ctx, link!, 'pay');
    expect(paid.status).toBe(303);
    expect((await orderByTransaction(ctx, order.transaction_id))!.state).toBe('paid');
    // The caller has no account: back from the gateway to a page that asks for none, not to the
    // customer's payment page (which would ask them to log in).
    const back = await ctx.request(paid.headers.get('Location')!);
    expect(back.headers.get('Location')).toBe(
      `${SITE_ORIGIN}/phone-order/${order.transaction_id}?payment=success`,
    );
    const unpaid = unmailed.body;
    const cancelled = await pressSandboxButton(ctx, unpaid.payment_link!, 'cancel');
    expect((await ctx.request(cancelled.headers.get('Location')!)).headers.get('Location')).toBe(
      `${SITE_ORIGIN}/phone-order/${unpaid.order.transaction_id}?payment=cancel`,
    );
    // On the board's Paid lane, marked as taken by staff.
    const paidLane = await adminCall<Order[]>(ctx, staff, 'GET', '/admin-order?state=paid');
    expect(paidLane.body.find((shown) => shown.transaction_id === order.transaction_id)?.taken_by).toBe(
      staff.uid,
    );
  });

  it('takes cash: placed on the board at once, no link, through the kitchen to the cash taken', async () => {
    const item = await insertMenuItem(ctx, { priceCents: 1_800, quantity: 3 });
    // The owner's cash switch is the storefront's (off in a fresh shop): staff take cash all the same.
    const answer = await take(pickup([{ itemId: item.id, quantity: 1 }], { paymentMethod: 'cash' }));
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ payment_link: null, sms_text: null, mailed: false });
    expect(answer.body.order).toMatchObject({ state: 'placed', payment_method: 'cash', taken_by: staff.uid });
    expect(await stockOf(ctx, item.id)).toBe(2);
    const { _id: id, transaction_id: transactionId } = answer.body.order;
    const board = await adminCall<Order[]>(ctx, staff, 'GET', '/admin-order?state=placed');
    expect(board.body.map((order) => order.transaction_id)).toContain(transactionId);
    for (const to of ['accepted', 'preparing', 'ready_for_pickup', 'collected']) {
      const moved = await adminCall<Order>(ctx, staff, 'POST', `/admin-order/${id}/transition`, { to });
      expect(moved.status, to).toBe(200);
    }
    const paid = await orderByTransaction(ctx, transactionId);
    expect(paid).toMatchObject({ state: 'collected', paymentStatus: true });
  });

  it('is heard live by the staff stream, never by a customer’s', async () => {
    const item = await insertMenuItem(ctx);
    const customer = await createCustomer(ctx);
    const board = read(await ctx.request('/admin-order-stream', { headers: bearer(staff.token) }));
    const mine = read(await ctx.request('/my-orders-stream', { headers: bearer(customer.token) }));
    const answer = await take(pickup([{ itemId: item.id, quantity: 1 }]));
    const [created] = await board.waitFor(1).then(() => board.events);
    expect(created).toMatchObject({
      transactionId: answer.body.order.transaction_id,
      to: 'awaiting_payment',
    });
    await settle();
    expect(mine.events).toEqual([]);
    await Promise.all([board.close(), mine.close()]);
  });

  it('refuses a customer (403) and a caller without a token (401)', async () => {
    const item = await insertMenuItem(ctx);
    const customer = await createCustomer(ctx);
    const body = pickup([{ itemId: item.id, quantity: 1 }]);
    expect((await call(ctx, 'POST', `${PATH}?uid=${customer.uid}`, customer.token, body)).status).toBe(403);
    expect((await call(ctx, 'POST', PATH, undefined, body)).status).toBe(401);
    expect(await stockOf(ctx, item.id)).toBe(item.quantity);
  });

  it('refuses bad input with 400 and a message, holding nothing', async () => {
    const item = await insertMenuItem(ctx, { quantity: 4 });
    const line = { itemId: item.id, quantity: 1 };
    const cases: Array<[unknown, string]> = [
      [pickup([]), NO_LINES],
      [pickup([{ itemId: crypto.randomUUID(), quantity: 1 }]), UNKNOWN_ITEM],
      [pickup([{ itemId: item.id, quantity: 0 }]), 'quantity must be at least 1'],
      [pickup([line], { phone: 'call me' }), 'Phone must be 6 to 20 digits'],
      [pickup([line], { fullName: '' }), 'empty filed can not be submitted'],
      [pickup([line], { orderType: 'drone' }), 'orderType must be delivery or pickup'],
      [pickup([line], { email: 'not-an-address' }), 'Invalid email address'],
      [pickup([line], { paymentMethod: 'cheque' }), 'paymentMethod must be one of'],
      [pickup([line], { slot: 'tomorrow' }), 'slot must be a time the shop offered'],
      [{ ...pickup([line]), orderType: 'delivery' }, 'empty filed can not be submitted'],
      ['{"orderType":', 'The request body'],
    ];
    for (const [body, message] of cases) {
      const answer = await take(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.message).toContain(message);
    }
    expect(await stockOf(ctx, item.id)).toBe(4);
  });
});

/**
 * Two API processes on one PostgreSQL: staff on both race for the last unit and for a slot's last
 * place; the database's locks let exactly one through.
 */
describe('phone orders raced over two API processes', () => {
  const scratch = sharedScratchDatabase();
  const apis = twoApiProcesses(scratch);
  const staffMembers = (count: number, tag: string) => registeredAccounts(scratch.db, count, tag, 'admin');
  const post = (api: ApiProcess, who: { uid: string; token: string }, body: unknown) =>
    fetch(`${api.url}${PATH}?uid=${who.uid}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${who.token}` },
      body: JSON.stringify(body),
    });
  const dish = (name: string, quantity: number) =>
    insertMenuItem(scratch, { name, priceCents: 1500, quantity });

  it('sell the last unit once: 10 staff over both processes, one order', async () => {
    const item = await dish('The Last Phone Calzone', 1);
    const callers = await staffMembers(10, 'phone-unit');
    const answers = await Promise.all(
      callers.map((who, i) =>
        post(i % 2 === 0 ? apis.a : apis.b, who, pickup([{ itemId: item.id, quantity: 1 }])),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, ...Array(9).fill(409)]);
    const [left] = await scratch.db.select().from(menuItems).where(eq(menuItems.id, item.id));
    expect(left!.quantity).toBe(0);
    const [line] = await scratch.db
      .select({ takenBy: orders.takenBy })
      .from(orders)
      .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
      .where(eq(orderLines.itemId, item.id));
    expect(callers.map((who) => who.uid)).toContain(line!.takenBy);
  });

  it('give a slot’s last place once: 8 staff over both processes', async () => {
    await scratch.db.update(openingHours).set({ opens: '00:00', closes: '23:59', closed: false });
    await scratch.db.update(kitchenSettings).set({ slotOrders: 2 });
    const item = await dish('The Slot Phone Margherita', 100);
    const callers = await staffMembers(8, 'phone-slot');
    const offer = (await (
      await fetch(`${apis.a.url}/order-slots?orderType=pickup&uid=${callers[0]!.uid}`, {
        headers: { Authorization: `Bearer ${callers[0]!.token}` },
      })
    ).json()) as OrderSlots;
    const slot = offer.slots.at(-1)!;
    // One place taken already: the race is for the second.
    expect(
      (await post(apis.a, callers[0]!, pickup([{ itemId: item.id, quantity: 1 }], { slot: slot.at }))).status,
    ).toBe(201);
    const answers = await Promise.all(
      callers
        .slice(1)
        .map((who, i) =>
          post(
            i % 2 === 0 ? apis.a : apis.b,
            who,
            pickup([{ itemId: item.id, quantity: 1 }], { slot: slot.at }),
          ),
        ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, ...Array(6).fill(409)]);
    const held = await scratch.db
      .select()
      .from(orders)
      .where(eq(orders.slotAt, new Date(slot.at)));
    expect(held).toHaveLength(2);
  });
});
