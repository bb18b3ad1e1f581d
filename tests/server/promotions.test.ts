import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartTotals, ORDER_TOTAL_ZERO_MESSAGE } from '../../contract/cart.ts';
import { formatAdminPrice } from '../../contract/money.ts';
import type { Order } from '../../contract/order.ts';
import { priceOrder } from '../../contract/pricing.ts';
import {
  type CartPromo,
  onlyForCategories,
  onlyForOrderType,
  PROMO_ALREADY_USED,
  PROMO_EXPIRED,
  PROMO_INACTIVE,
  PROMO_USED_UP,
  type PromoStanding,
  type Promotion,
  type PromotionFormInput,
  spendMore,
} from '../../contract/promotions.ts';
import { SandboxGateway } from '../../server/api/payments/sandbox.ts';
import { stockMessage } from '../../server/api/services/cart.ts';
import { promoRefused } from '../../server/api/services/checkout.ts';
import { releaseExpiredReservations } from '../../server/api/services/expiry.ts';
import { createApiTokens } from '../../server/api/tokens.ts';
import { cartPromos, mailOutbox, menuItems, orders, users } from '../../server/db/schema.ts';
import { bearer } from './support/accounts.ts';
import { adminCall, createAdmin } from './support/admin.ts';
import { type ApiProcess, sharedScratchDatabase, startApiProcess, stopApi } from './support/api-process.ts';
import {
  addToCart,
  ageOrder,
  type Customer,
  call,
  checkout,
  checkoutBody,
  createCustomer,
  insertMenuItem,
  type MenuItemRow,
  ORDER_TIME,
  orderByTransaction,
  postIpn,
  SHIPPING,
  setStock,
  stockOf,
  transactionIdOf,
} from './support/commerce.ts';
import {
  API_PUBLIC_URL,
  sharedTestContext,
  TEST_API_TOKEN_SECRET,
  TEST_SANDBOX_SECRET,
} from './support/test-app.ts';

// Promo codes (docs/decisions/038-promos-reorders-and-the-owners-day.md): priced by the server with
// every reason a code does not apply, a use reserved at checkout and counted once paid, given back when
// the payment fails or lapses, and exactly one order holding a code's last use however many race for it.

const ctx = sharedTestContext();
let codes = 0;
const uniqueCode = (prefix: string) =>
  `${prefix}${++codes}${Date.now().toString(36).slice(-4)}`.toUpperCase();

async function addPromotion(fields: Partial<PromotionFormInput> = {}): Promise<Promotion> {
  const admin = await createAdmin(ctx);
  const answer = await adminCall<Promotion>(ctx, admin, 'POST', '/admin-promotions', {
    code: uniqueCode('SAVE'),
    kind: 'percent',
    amount: 10,
    ...fields,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body;
}

const applyCode = (customer: Customer, code: string) =>
  call<CartPromo & { message?: string }>(ctx, 'PUT', `/cart-promo?uid=${customer.uid}`, customer.token, {
    code,
  });
const cartPromo = (customer: Customer) =>
  call<CartPromo>(ctx, 'GET', `/cart-promo?uid=${customer.uid}`, customer.token);

/** A customer with these lines in the cart. */
async function customerWith(lines: Array<{ item: MenuItemRow; quantity: number }>): Promise<Customer> {
  const customer = await createCustomer(ctx);
  for (const { item, quantity } of lines) await addToCart(ctx, customer, item, quantity);
  return customer;
}

/** The body the storefront sends for these lines, less what the server priced the code at. */
function discountedBody(lines: Array<{ item: MenuItemRow; quantity: number }>, discount: number) {
  const carts = lines.map(({ item, quantity }) => ({ price: item.priceCents / 100, quantity }));
  return checkoutBody(lines, { total_price: cartTotals(carts, discount).totalPrice });
}

const pay = (order: { transactionId: string; totalCents: number }, outcome: 'paid' | 'failed' = 'paid') =>
  postIpn(ctx, ctx.sandbox.notificationFields(order.transactionId, outcome, order.totalCents));

async function promotionNow(id: string): Promise<Promotion> {
  const admin = await createAdmin(ctx);
  const list = await adminCall<Promotion[]>(ctx, admin, 'GET', '/admin-promotions?limit=100');
  return list.body.find((promotion) => promotion._id === id)!;
}

describe('the owner’s codes', () => {
  it('adds a code in upper case, refuses the same code twice and terms that make no sense', async () => {
    const admin = await createAdmin(ctx);
    const code = uniqueCode('welcome');
    const added = await adminCall<Promotion>(ctx, admin, 'POST', '/admin-promotions', {
      code: code.toLowerCase(),
      kind: 'fixed',
      amount: 50,
      minFood: 300,
      maxUses: 100,
      maxUsesPerCustomer: 1,
      categories: ['pizza'],
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      code,
      kind: 'fixed',
      amount: 50,
      minFood: 300,
      maxUses: 100,
      maxUsesPerCustomer: 1,
      orderType: null,
      categories: ['pizza'],
      active: true,
      usesPaid: 0,
      usesHeld: 0,
    });
    const again = await adminCall<{ message: string }>(ctx, admin, 'POST', '/admin-promotions', {
      code,
      kind: 'percent',
      amount: 5,
    });
    expect(again).toMatchObject({ status: 409, body: { message: `There is already a promo code ${code}` } });
    for (const [body, message] of [
      [{ code: 'HALF', kind: 'percent', amount: 150 }, 'A percent is a whole number from 1 to 100'],
      [{ code: 'HUGE', kind: 'fixed', amount: 100_001 }, 'Amount must be at most 100000'],
      [{ code: 'HALF', kind: 'percent', amount: 12.5 }, 'A percent is a whole number from 1 to 100'],
      [{ code: 'X', kind: 'fixed', amount: 5 }, 'A code is 3 to 24 letters, digits, - or _'],
      [
        { code: 'LATE', kind: 'fixed', amount: 5, startsAt: '2026-12-02', endsAt: '2026-12-01' },
        'A code must start before it ends',
      ],
      [{ code: 'ZERO', kind: 'fixed', amount: 0 }, 'Amount must be at least 0.01'],
    ] as const) {
      const refused = await adminCall<{ message: string }>(ctx, admin, 'POST', '/admin-promotions', body);
      expect(refused, JSON.stringify(body)).toMatchObject({ status: 400, body: { message } });
    }
  });

  it('switches a code off and on again: carts are priced by its terms at every read', async () => {
    const item = await insertMenuItem(ctx, { priceCents: 2_000 });
    const promo = await addPromotion({ kind: 'fixed', amount: 3 });
    const customer = await customerWith([{ item, quantity: 1 }]);
    expect((await applyCode(customer, promo.code)).body).toEqual({
      code: promo.code,
      discount: 3,
      refusal: null,
    });
    const admin = await createAdmin(ctx);
    const { _id, usesPaid: _p, usesHeld: _h, standing: _s, ...terms } = promo;
    expect(promo.standing).toBe('active');
    const off = await adminCall<Promotion>(ctx, admin, 'PATCH', `/admin-promotions/${_id}`, {
      ...terms,
      active: false,
    });
    expect(off.body).toMatchObject({ active: false, standing: 'off' });
    expect((await cartPromo(customer)).body).toEqual({
      code: promo.code,
      discount: 0,
      refusal: PROMO_INACTIVE,
    });
    await adminCall(ctx, admin, 'PATCH', `/admin-promotions/${_id}`, { ...terms, active: true });
    expect((await cartPromo(customer)).body.discount).toBe(3);
  });
});

describe('a code on the cart, priced by the server', () => {
  it('refuses a code that does not exist, and keeps none', async () => {
    const customer = await customerWith([{ item: await insertMenuItem(ctx), quantity: 1 }]);
    const answer = await applyCode(customer, 'nosuchcode');
    expect(answer).toMatchObject({ status: 400, body: { message: 'There is no promo code NOSUCHCODE' } });
    expect((await cartPromo(customer)).body).toEqual({ code: null, discount: 0, refusal: null });
  });

  it('takes a percent off the food, rounded half-up, and the total is food − discount + shipping', async () => {
    const pizza = await insertMenuItem(ctx, { priceCents: 1_299 });
    const drink = await insertMenuItem(ctx, { priceCents: 333, category: 'drink' });
    const promo = await addPromotion({ kind: 'percent', amount: 15 });
    const lines = [
      { item: pizza, quantity: 3 },
      { item: drink, quantity: 1 },
    ];
    const customer = await customerWith(lines);
    // Food 38.97 + 3.33 = 42.30; 15 % of it is 6.345, half-up 6.35; shipping is the lines' own 5 %.
    expect((await applyCode(customer, promo.code)).body).toEqual({
      code: promo.code,
      discount: 6.35,
      refusal: null,
    });
    const priced = priceOrder(
      lines.map(({ item, quantity }) => ({ priceCents: item.priceCents, quantity, category: item.category })),
      { promo: { code: promo.code, kind: 'percent', amount: 15, minFoodCents: 0, categories: [] } },
    );
    expect(priced).toMatchObject({ subtotalCents: 4_230, discountCents: 635, shippingCents: 195 + 17 });
    expect(priced.totalCents).toBe(4_230 - 635 + 212);

    const response = await checkout(ctx, customer, discountedBody(lines, 6.35));
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const order = (await orderByTransaction(ctx, transactionIdOf(response.body.url!)))!;
    expect(order).toMatchObject({ totalCents: 3_807, discountCents: 635, promoCode: promo.code });
    expect(order.promotionId).toBe(promo._id);
    // The gateway is asked for that total, the sandbox page shows the code, My order the discount.
    const page = await ctx.request(new URL(response.body.url!).pathname + new URL(response.body.url!).search);
    const html = await page.text();
    expect(html).toContain(`Promo code ${promo.code}`);
    expect(html).toContain('−6.35 tk');
    expect(html).toContain('38.07 tk');
    const mine = await call<Order[]>(ctx, 'GET', `/my-orders?uid=${customer.uid}`, customer.token);
    expect(mine.body[0]).toMatchObject({ total_price: 38.07, discount: 6.35, promo_code: promo.code });
    // And the mail, once paid.
    await pay(order);
    const [mail] = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.orderId, order.id));
    expect(mail!.body).toContain(`- Promo code ${promo.code}: −${formatAdminPrice(635)}`);
    expect(mail!.body).toContain(`We received your payment of ${formatAdminPrice(3_807)}`);
  });

  it('says by how much the food falls short of the minimum, and applies once it does not', async () => {
    const item = await insertMenuItem(ctx, { priceCents: 1_500 });
    const promo = await addPromotion({ kind: 'fixed', amount: 5, minFood: 35 });
    const customer = await customerWith([{ item, quantity: 2 }]);
    expect((await applyCode(customer, promo.code)).body).toEqual({
      code: promo.code,
      discount: 0,
      refusal: spendMore(500),
    });
    expect(spendMore(500)).toBe('Spend 5.00 tk more');
    // Without the discount, checkout charges the spec's total.
    // The same line raised (200, not a new line).
    await call(ctx, 'POST', '/add-to-cart', customer.token, { itemId: item.id, quantity: 1 });
    expect((await cartPromo(customer)).body).toEqual({ code: promo.code, discount: 5, refusal: null });
  });

  it('says a code has expired, has not started, or is kept to other categories or order types', async () => {
    const item = await insertMenuItem(ctx, { priceCents: 1_000 });
    const customer = await customerWith([{ item, quantity: 1 }]);
    const hour = 3_600_000;
    // Admin → Promotions says what the customer is told: Expired, Scheduled, or Active for a code
    // that applies to other orders.
    const cases: Array<[Partial<PromotionFormInput>, string | RegExp, PromoStanding]> = [
      [
        {
          startsAt: new Date(Date.now() - 200 * hour).toISOString(),
          endsAt: new Date(Date.now() - hour).toISOString(),
        },
        PROMO_EXPIRED,
        'expired',
      ],
      [
        { startsAt: new Date(Date.now() + 48 * hour).toISOString() },
        /^Starts on \d{4}-\d{2}-\d{2}$/,
        'scheduled',
      ],
      [{ categories: ['drink', 'salad'] }, onlyForCategories(['drink', 'salad']), 'active'],
      // The spec's checkout ships every order: a pickup code does not apply to it.
      [{ orderType: 'pickup' }, onlyForOrderType('pickup'), 'active'],
    ];
    for (const [terms, refusal, standing] of cases) {
      const promo = await addPromotion(terms);
      const answer = (await applyCode(customer, promo.code)).body;
      expect(answer.discount, JSON.stringify(terms)).toBe(0);
      expect(answer.refusal, JSON.stringify(terms)).toMatch(refusal);
      expect((await promotionNow(promo._id)).standing, JSON.stringify(terms)).toBe(standing);
    }
    expect(onlyForCategories(['drink', 'salad'])).toBe('Only for drink, salad');
  });

  it('discounts only the lines of the code’s categories', async () => {
    const pizza = await insertMenuItem(ctx, { priceCents: 2_000 });
    const drink = await insertMenuItem(ctx, { priceCents: 500, category: 'drink' });
    const promo = await addPromotion({ kind: 'percent', amount: 50, categories: ['drink'] });
    const customer = await customerWith([
      { item: pizza, quantity: 1 },
      { item: drink, quantity: 2 },
    ]);
    expect((await applyCode(customer, promo.code)).body.discount).toBe(5);
  });

  it('prices only the lines the stock can fill: a sold-out line is left out, and checkout names it', async () => {
    const pizza = await insertMenuItem(ctx, { priceCents: 2_000 });
    const soldOut = await insertMenuItem(ctx, { priceCents: 1_000 });
    const promo = await addPromotion({ kind: 'percent', amount: 10 });
    const lines = [
      { item: pizza, quantity: 1 },
      { item: soldOut, quantity: 2 },
    ];
    const customer = await customerWith(lines);
    await setStock(ctx, soldOut.id, 1);
    // 10 % of the pizza alone: the other line asks for 2 of the 1 left.
    expect((await applyCode(customer, promo.code)).body.discount).toBe(2);
    const response = await checkout(ctx, customer, discountedBody([{ item: pizza, quantity: 1 }], 2));
    expect(response).toMatchObject({ status: 409, body: { message: stockMessage(soldOut.name, 1) } });
  });

  it('is taken off the cart on request', async () => {
    const promo = await addPromotion();
    const customer = await customerWith([{ item: await insertMenuItem(ctx), quantity: 1 }]);
    await applyCode(customer, promo.code);
    const removed = await call(ctx, 'DELETE', `/cart-promo?uid=${customer.uid}`, customer.token);
    expect(removed).toMatchObject({ status: 200, body: { deletedCount: 1 } });
    expect((await cartPromo(customer)).body.code).toBeNull();
  });
});

describe('a code’s uses: held at checkout, counted once paid, given back like stock', () => {
  it('holds a use while unpaid, gives it back when the payment fails, counts it once paid', async () => {
    const item = await insertMenuItem(ctx, { priceCents: 1_000 });
    const promo = await addPromotion({ kind: 'fixed', amount: 2, maxUses: 1 });
    const lines = [{ item, quantity: 1 }];
    const first = await customerWith(lines);
    await applyCode(first, promo.code);
    const placed = await checkout(ctx, first, discountedBody(lines, 2));
    expect(placed.status).toBe(200);
    expect(await promotionNow(promo._id)).toMatchObject({ usesHeld: 1, usesPaid: 0, standing: 'used_up' });

    // While it is held, the last use is no one else's.
    const second = await customerWith(lines);
    expect((await applyCode(second, promo.code)).body).toMatchObject({ discount: 0, refusal: PROMO_USED_UP });

    const order = (await orderByTransaction(ctx, transactionIdOf(placed.body.url!)))!;
    await pay(order, 'failed');
    expect(await promotionNow(promo._id)).toMatchObject({ usesHeld: 0, usesPaid: 0, standing: 'active' });
    expect((await cartPromo(second)).body).toMatchObject({ discount: 2, refusal: null });

    const again = await checkout(ctx, second, discountedBody(lines, 2));
    expect(again.status).toBe(200);
    await pay((await orderByTransaction(ctx, transactionIdOf(again.body.url!)))!);
    expect(await promotionNow(promo._id)).toMatchObject({ usesHeld: 0, usesPaid: 1, standing: 'used_up' });
    expect((await cartPromo(first)).body.refusal).toBe(PROMO_USED_UP);
  });

  it('counts a cash order not yet accepted as holding its use, as checkout does', async () => {
    const item = await insertMenuItem(ctx, { priceCents: 1_000 });
    const promo = await addPromotion({ kind: 'fixed', amount: 2, maxUses: 1 });
    await ctx.db.insert(orders).values({
      ...SHIPPING,
      userUid: 'promo-cash-customer',
      orderTime: ORDER_TIME,
      transactionId: `PZPROMOCASH${Date.now().toString(36).toUpperCase()}`,
      totalCents: 800,
      state: 'placed',
      paymentMethod: 'cash',
      promotionId: promo._id,
      promoCode: promo.code,
      discountCents: 200,
    });
    expect(await promotionNow(promo._id)).toMatchObject({ usesHeld: 1, usesPaid: 0, standing: 'used_up' });
    const customer = await customerWith([{ item, quantity: 1 }]);
    expect((await applyCode(customer, promo.code)).body).toMatchObject({
      discount: 0,
      refusal: PROMO_USED_UP,
    });
  });

  it('gives the use back when the hold lapses, and says "Already used" to the customer who has it', async () => {
    const item = await insertMenuItem(ctx, { priceCents: 1_000 });
    const promo = await addPromotion({ kind: 'fixed', amount: 1, maxUsesPerCustomer: 1 });
    const lines = [{ item, quantity: 1 }];
    const customer = await customerWith(lines);
    await applyCode(customer, promo.code);
    const placed = await checkout(ctx, customer, discountedBody(lines, 1));
    const order = (await orderByTransaction(ctx, transactionIdOf(placed.body.url!)))!;
    // Their own unpaid order holds the use: a second checkout of theirs replaces it, so it applies.
    expect((await cartPromo(customer)).body.refusal).toBe(PROMO_ALREADY_USED);
    await ageOrder(ctx, order.id, 30);
    expect(await releaseExpiredReservations(ctx.db, 10)).toBeGreaterThanOrEqual(1);
    expect((await orderByTransaction(ctx, order.transactionId))!.state).toBe('expired');
    expect(await promotionNow(promo._id)).toMatchObject({ usesHeld: 0, usesPaid: 0 });
    expect((await cartPromo(customer)).body).toMatchObject({ discount: 1, refusal: null });

    const paid = await checkout(ctx, customer, discountedBody(lines, 1));
    await pay((await orderByTransaction(ctx, transactionIdOf(paid.body.url!)))!);
    expect((await cartPromo(customer)).body).toMatchObject({ discount: 0, refusal: PROMO_ALREADY_USED });
  });

  it('owes back a late payment whose use went to another order meanwhile, stock returned', async () => {
    const item = await insertMenuItem(ctx, { priceCents: 1_000, quantity: 5 });
    const promo = await addPromotion({ kind: 'fixed', amount: 2, maxUses: 1 });
    const lines = [{ item, quantity: 1 }];
    const late = await customerWith(lines);
    await applyCode(late, promo.code);
    const first = (await orderByTransaction(
      ctx,
      transactionIdOf((await checkout(ctx, late, discountedBody(lines, 2))).body.url!),
    ))!;
    await ageOrder(ctx, first.id, 30);
    await releaseExpiredReservations(ctx.db, 10);
    const other = await customerWith(lines);
    await applyCode(other, promo.code);
    await pay(
      (await orderByTransaction(
        ctx,
        transactionIdOf((await checkout(ctx, other, discountedBody(lines, 2))).body.url!),
      ))!,
    );
    const stock = await stockOf(ctx, item.id);
    // The first customer pays at the gateway after all: their discounted price is for a use now gone.
    await pay(first);
    expect((await orderByTransaction(ctx, first.transactionId))!.state).toBe('refund_due');
    expect(await stockOf(ctx, item.id)).toBe(stock);
    expect(await promotionNow(promo._id)).toMatchObject({ usesPaid: 1, usesHeld: 0 });
  });

  it('takes a late payment back with its use when the use is still free', async () => {
    const item = await insertMenuItem(ctx, { priceCents: 1_000 });
    const promo = await addPromotion({ kind: 'fixed', amount: 2, maxUses: 1 });
    const lines = [{ item, quantity: 1 }];
    const customer = await customerWith(lines);
    await applyCode(customer, promo.code);
    const order = (await orderByTransaction(
      ctx,
      transactionIdOf((await checkout(ctx, customer, discountedBody(lines, 2))).body.url!),
    ))!;
    await pay(order, 'failed');
    await pay(order);
    expect((await orderByTransaction(ctx, order.transactionId))!.state).toBe('paid');
    expect(await promotionNow(promo._id)).toMatchObject({ usesPaid: 1, usesHeld: 0 });
  });

  it('refuses a checkout whose code stopped applying since the cart was read, naming why', async () => {
    const item = await insertMenuItem(ctx, { priceCents: 1_000 });
    const promo = await addPromotion({ kind: 'fixed', amount: 2 });
    const lines = [{ item, quantity: 1 }];
    const customer = await customerWith(lines);
    await applyCode(customer, promo.code);
    await ctx.db.execute(
      sql`update promotions set ends_at = now() - interval '1 minute' where id = ${promo._id}`,
    );
    const response = await checkout(ctx, customer, discountedBody(lines, 2));
    expect(response).toMatchObject({
      status: 409,
      body: { message: promoRefused(promo.code, PROMO_EXPIRED) },
    });
  });
});

describe('two API processes on one database', () => {
  const scratch = sharedScratchDatabase();
  let a: ApiProcess;
  let b: ApiProcess;
  beforeAll(async () => {
    [a, b] = await Promise.all([startApiProcess(scratch.url), startApiProcess(scratch.url)]);
  }, 60_000);
  afterAll(async () => {
    for (const api of [a, b]) await stopApi(api);
  });

  const tokens = createApiTokens(TEST_API_TOKEN_SECRET);
  const send = (api: ApiProcess, method: string, path: string, token: string, body?: unknown) =>
    fetch(`${api.url}${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', ...bearer(token) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  it('give a code’s last use to exactly one of many racing checkouts, and exactly one paid order has it', async () => {
    const uids = Array.from({ length: 12 }, (_, i) => `promo-race-${i}`);
    // A pizza of each racer's own: no item's lock lines their checkouts up, only the code's.
    const items = await scratch.db
      .insert(menuItems)
      .values(
        uids.map((uid) => ({
          name: `Raced Quattro ${uid}`,
          priceCents: 2_000,
          quantity: 10,
          image: '/images/menu/calzone.svg',
          category: 'pizza' as const,
          description: 'One discount for the fastest.',
        })),
      )
      .returning();
    const [promo] = (
      await scratch.db.execute<{ id: string }>(sql`
        insert into promotions (code, kind, amount, max_uses) values ('LASTONE', 'fixed', 500, 1) returning id`)
    ).rows;
    await scratch.db.insert(users).values(uids.map((uid) => ({ uid, email: `${uid}@example.com` })));
    const racers = await Promise.all(
      uids.map(async (uid) => ({ uid, token: (await tokens.issue(uid)).token })),
    );
    for (const [i, racer] of racers.entries()) {
      const api = i % 2 === 0 ? a : b;
      expect(
        (await send(api, 'POST', '/add-to-cart', racer.token, { itemId: items[i]!.id, quantity: 1 })).status,
      ).toBe(201);
      const quote = await send(api, 'PUT', `/cart-promo?uid=${racer.uid}`, racer.token, { code: 'lastone' });
      expect(await quote.json()).toEqual({ code: 'LASTONE', discount: 5, refusal: null });
    }
    const answers = await Promise.all(
      racers.map((racer, i) =>
        send(
          i % 2 === 0 ? a : b,
          'POST',
          `/create-payment-intent?uid=${racer.uid}`,
          racer.token,
          discountedBody([{ item: items[i]!, quantity: 1 }], 5),
        ),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect([...statuses].sort()).toEqual([200, ...Array(racers.length - 1).fill(409)]);
    const refusals = await Promise.all(
      answers
        .filter((answer) => answer.status === 409)
        .map((answer) => answer.json() as Promise<{ message: string }>),
    );
    for (const refusal of refusals) expect(refusal.message).toBe(promoRefused('LASTONE', PROMO_USED_UP));

    // Every order placed is paid at the gateway: one holds the discount.
    const placed = await scratch.db.select().from(orders).where(inArray(orders.userUid, uids));
    const sandbox = new SandboxGateway({
      secret: TEST_SANDBOX_SECRET,
      apiPublicUrl: API_PUBLIC_URL,
      notify: async () => {},
    });
    for (const order of placed) {
      const ipn = await fetch(`${a.url}/payment/ipn`, {
        method: 'POST',
        body: new URLSearchParams(sandbox.notificationFields(order.transactionId, 'paid', order.totalCents)),
      });
      expect(ipn.status).toBe(200);
    }
    const paid = await scratch.db
      .select()
      .from(orders)
      .where(and(inArray(orders.userUid, uids), eq(orders.state, 'paid')));
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({
      promotionId: promo!.id,
      discountCents: 500,
      totalCents: 2_000 - 500 + 100,
    });
    const [{ held }] = (
      await scratch.db.execute<{ held: number }>(
        sql`select count(*)::int as held from orders where promotion_id = ${promo!.id}`,
      )
    ).rows as [{ held: number }];
    expect(held).toBe(1);
    await scratch.db.delete(cartPromos);
  });
});

describe('a code that takes the whole order off', () => {
  it('is refused at checkout with 400 saying why: nothing held, no use taken, no gateway asked', async () => {
    const promotion = await addPromotion({ kind: 'percent', amount: 100 });
    const item = await insertMenuItem(ctx, { priceCents: 900, quantity: 5 });
    const customer = await customerWith([{ item, quantity: 1 }]);
    expect((await applyCode(customer, promotion.code)).body).toMatchObject({ discount: 9 });
    const answer = await checkout(
      ctx,
      customer,
      checkoutBody([{ item, quantity: 1 }], { orderType: 'pickup', total_price: 0 }),
    );
    expect(answer).toMatchObject({ status: 400, body: { message: ORDER_TOTAL_ZERO_MESSAGE } });
    expect(await stockOf(ctx, item.id)).toBe(5);
    expect(await promotionNow(promotion._id)).toMatchObject({ usesPaid: 0, usesHeld: 0 });
    expect(await ctx.db.select().from(orders).where(eq(orders.userUid, customer.uid))).toEqual([]);
  });
});
