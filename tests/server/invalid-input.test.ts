import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  DeleteUserQuerySchema,
  ItemStockSchema,
  ItemsQuerySchema,
  ItemUpdateSchema,
  NewItemSchema,
  ReservationsQuerySchema,
  UsersQuerySchema,
} from '../../contract/admin.ts';
import {
  availabilityQuerySchema,
  DayQuerySchema,
  DEFAULT_ROOM_SETTINGS,
  LinkKeySchema,
  linkTimesQuerySchema,
  RoomSettingsSchema,
  TableInputSchema,
  timeChangeSchema,
  WalkInSchema,
} from '../../contract/booking.ts';
import { BookingTransitionSchema } from '../../contract/booking-lifecycle.ts';
import { AddToCartSchema, CartQuantitySchema } from '../../contract/cart.ts';
import { AreasInputSchema } from '../../contract/delivery.ts';
import {
  DEFAULT_KITCHEN_SETTINGS,
  KitchenSettingsSchema,
  OrderSlotsQuerySchema,
} from '../../contract/kitchen.ts';
import { KitchenBoardQuerySchema } from '../../contract/kitchen-lanes.ts';
import { AllItemsQuerySchema } from '../../contract/menu.ts';
import { NAME_CONTROL_MESSAGE, placeControlMessage } from '../../contract/names.ts';
import { DEFAULT_SHOP_HOURS } from '../../contract/opening-hours.ts';
import { AdminOrdersQuerySchema, DeliveryPaymentSchema } from '../../contract/order.ts';
import { StaffTransitionSchema } from '../../contract/order-lifecycle.ts';
import { PageQuerySchema } from '../../contract/paging.ts';
import { DEFAULT_PAYMENT_SETTINGS, PaymentSettingsSchema } from '../../contract/payment-settings.ts';
import { PhonePickupSchema } from '../../contract/phone-order.ts';
import {
  PromoCodeInputSchema,
  type Promotion,
  PromotionInputSchema,
  PromotionsQuerySchema,
} from '../../contract/promotions.ts';
import { PayNowSchema } from '../../contract/reorder.ts';
import { MAX_ONLINE_PARTY, reservationSchema } from '../../contract/reservation.ts';
import { routeKey } from '../../contract/route-entry.ts';
import { ROUTE_LIST, TRANSACTION_ID_MAX, TRANSACTION_ID_TOO_LONG } from '../../contract/routes.ts';
import { ShopStatusSchema } from '../../contract/shop.ts';
import { ShopHoursSchema } from '../../contract/shop-hours.ts';
import {
  ApiTokenRequestSchema,
  NewUserSchema,
  ProfileAddressSchema,
  ProfileUpdateSchema,
  UidSchema,
} from '../../contract/user.ts';
import { MAX_BODY_BYTES } from '../../server/api/app.ts';
import { listAreas } from '../../server/api/services/delivery-areas.ts';
import { encodeCursor } from '../../server/api/services/paging.ts';
import { diningTables } from '../../server/db/schema.ts';
import { bearer, insertUserRow } from './support/accounts.ts';
import { asCaller, databaseFingerprint, paidOrder, placeOrder, TABLES } from './support/admin.ts';
import { bookedWithLink } from './support/bookings.ts';
import { createCast } from './support/callers.ts';
import { addToCart, checkoutBody, insertMenuItem, SHIPPING } from './support/commerce.ts';
import { inDays, openDayIn } from './support/dates.ts';
import {
  applyCase,
  dropsUnknownFields,
  fieldShape,
  type InvalidCase,
  invalidCases,
  invalidValues,
  toJsonText,
  type Value,
} from './support/invalid-values.ts';
import { SEEDED_AREA } from './support/ordering.ts';
import { fixture, sharedTestContext } from './support/test-app.ts';

const ctx = sharedTestContext();
const cast = fixture(() => createCast(ctx));

const SAMPLE_ID = '3f1b6a52-8a43-4c1e-9a65-1f2d3c4b5a69';
const ITEM = {
  name: 'Invalid Input Margherita',
  price: 12.5,
  quantity: 4,
  image: '/images/menu/margherita.jpg',
  description: 'Tomato, mozzarella and basil.',
};

type Input = Record<string, Value>;

/** A request the generator breaks: a body or a query, a valid input, and who sends it. */
interface Target {
  schema: v.GenericSchema;
  method: string;
  in: 'body' | 'query';
  /** The answer to the valid input. */
  ok: number;
  /** A valid input with the field types of the real one (the invalid values are derived from it). */
  sample: Input;
  /** Creates what a valid call needs: the real valid input and how to send an input. */
  prepare: () => Promise<{ valid: Input; send: (input: Input | string) => Promise<Response> }>;
}

function jsonCall(method: string, path: string, token?: string) {
  return (input: Input | string) =>
    ctx.request(path, {
      method,
      headers: { 'Content-Type': 'application/json', ...(token ? bearer(token) : {}) },
      body: typeof input === 'string' ? input : toJsonText(input),
    });
}

function queryCall(
  method: string,
  path: string,
  token: string | undefined,
  fixed: Record<string, string> = {},
) {
  return (input: Input | string) => {
    const query = new URLSearchParams(fixed);
    if (typeof input !== 'string')
      for (const [key, value] of Object.entries(input)) query.set(key, String(value));
    return ctx.request(`${path}?${query}`, { method, headers: token ? bearer(token) : {} });
  };
}

/** A cursor of the server's own making (valid, though no row is there). */
const SAMPLE_CURSOR = encodeCursor({ at: '2026-11-24T10:00:00.000000Z', id: SAMPLE_ID });

/** A paged list, read by the admin (or by customer A for their own orders). */
function pagedList(path: string, schema: v.GenericSchema, filters: Input, asAdmin = true): Target {
  const sample = { limit: '20', cursor: SAMPLE_CURSOR, ...filters };
  return {
    schema,
    method: 'GET',
    in: 'query',
    ok: 200,
    sample,
    prepare: async () => {
      const caller = asAdmin ? cast.admin : cast.customerA;
      return { valid: sample, send: queryCall('GET', path, caller.token, { uid: caller.uid }) };
    },
  };
}

/** A public call about a booking's signed link (its key in the query, the rest as the target says). */
async function guestLinkPath(rest: string) {
  const { reference, key } = await bookedWithLink(ctx);
  return { path: `/bookings/${reference}${rest}`, key };
}

/** Every field a promo code has, within its rules. */
const PROMOTION = {
  code: 'SAMPLE10',
  kind: 'fixed',
  amount: 5,
  minFood: 20,
  startsAt: '2026-01-01T00:00:00Z',
  endsAt: '2099-01-01T00:00:00Z',
  maxUses: 100,
  maxUsesPerCustomer: 2,
  orderType: 'delivery',
  categories: ['pizza'],
  active: true,
};
const uniquePromoCode = () => `INV${randomBytes(4).toString('hex').toUpperCase()}`;
async function addPromotion(): Promise<Promotion> {
  const answer = await ctx.request(asCaller('/admin-promotions', cast.admin.uid), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...bearer(cast.admin.token) },
    body: JSON.stringify({ ...PROMOTION, code: uniquePromoCode() }),
  });
  return (await answer.json()) as Promotion;
}

const TABLE = { name: 'Invalid Input Booth', section: 'Bar', minSeats: 1, maxSeats: 2, joinable: false };

const TARGETS: Record<string, Target> = {
  'GET /admin-day': pagedList('/admin-day', DayQuerySchema, { date: '2026-12-01' }),
  'GET /admin-tables': pagedList('/admin-tables', PageQuerySchema, {}),
  'GET /admin-kitchen-board': {
    schema: KitchenBoardQuerySchema,
    method: 'GET',
    in: 'query',
    ok: 200,
    sample: { ids: `${SAMPLE_ID},${SAMPLE_ID}` },
    prepare: async () => ({
      valid: { ids: `${SAMPLE_ID},${SAMPLE_ID}` },
      send: queryCall('GET', '/admin-kitchen-board', cast.admin.token, { uid: cast.admin.uid }),
    }),
  },
  'GET /availability': {
    schema: availabilityQuerySchema(() => inDays(0)),
    method: 'GET',
    in: 'query',
    ok: 200,
    sample: { date: openDayIn(3), persons: '6' },
    prepare: async () => ({
      valid: { date: openDayIn(3), persons: '6' },
      send: queryCall('GET', '/availability', undefined),
    }),
  },
  'GET /bookings/:reference': {
    schema: LinkKeySchema,
    method: 'GET',
    in: 'query',
    ok: 200,
    sample: { key: 'k'.repeat(43) },
    prepare: async () => {
      const { path, key } = await guestLinkPath('');
      return { valid: { key }, send: queryCall('GET', path, undefined) };
    },
  },
  'GET /bookings/:reference/times': {
    schema: linkTimesQuerySchema(() => inDays(0)),
    method: 'GET',
    in: 'query',
    ok: 200,
    sample: { key: 'k'.repeat(43), date: openDayIn(3) },
    prepare: async () => {
      const { path, key } = await guestLinkPath('/times');
      return { valid: { key, date: openDayIn(4) }, send: queryCall('GET', path, undefined) };
    },
  },
  'POST /bookings/:reference/cancel': {
    schema: LinkKeySchema,
    method: 'POST',
    in: 'query',
    ok: 200,
    sample: { key: 'k'.repeat(43) },
    prepare: async () => {
      const { path, key } = await guestLinkPath('/cancel');
      return { valid: { key }, send: queryCall('POST', path, undefined) };
    },
  },
  'POST /bookings/:reference/time': {
    schema: timeChangeSchema(() => inDays(0)),
    method: 'POST',
    in: 'body',
    ok: 200,
    sample: { date: openDayIn(3), time: '11:00' },
    prepare: async () => {
      const { path, key } = await guestLinkPath('/time');
      return { valid: { date: openDayIn(4), time: '11:00' }, send: jsonCall('POST', `${path}?key=${key}`) };
    },
  },
  'POST /admin-reservation/:id/transition': {
    schema: BookingTransitionSchema,
    method: 'POST',
    in: 'body',
    ok: 200,
    sample: { to: 'seated', note: 'By the window' },
    prepare: async () => {
      const { id } = await bookedWithLink(ctx);
      return {
        valid: { to: 'seated', note: 'By the window' },
        send: jsonCall(
          'POST',
          asCaller(`/admin-reservation/${id}/transition`, cast.admin.uid),
          cast.admin.token,
        ),
      };
    },
  },
  'POST /admin-walk-ins': {
    schema: WalkInSchema,
    method: 'POST',
    in: 'body',
    ok: 201,
    sample: { persons: 2, name: 'By the door' },
    prepare: async () => ({
      valid: { persons: 2, name: 'By the door' },
      send: jsonCall('POST', asCaller('/admin-walk-ins', cast.admin.uid), cast.admin.token),
    }),
  },
  'POST /admin-tables': {
    schema: TableInputSchema,
    method: 'POST',
    in: 'body',
    ok: 201,
    sample: TABLE,
    prepare: async () => ({
      valid: { ...TABLE, name: `Booth ${randomBytes(3).toString('hex')}` },
      send: jsonCall('POST', asCaller('/admin-tables', cast.admin.uid), cast.admin.token),
    }),
  },
  'PATCH /admin-tables/:id': {
    schema: TableInputSchema,
    method: 'PATCH',
    in: 'body',
    ok: 200,
    sample: TABLE,
    prepare: async () => {
      const [table] = await ctx.db
        .insert(diningTables)
        .values({ ...TABLE, name: `Booth ${randomBytes(3).toString('hex')}` })
        .returning({ id: diningTables.id });
      return {
        valid: { ...TABLE, name: `Booth ${randomBytes(3).toString('hex')}` },
        send: jsonCall('PATCH', asCaller(`/admin-tables/${table!.id}`, cast.admin.uid), cast.admin.token),
      };
    },
  },
  'PUT /admin-room-settings': {
    schema: RoomSettingsSchema,
    method: 'PUT',
    in: 'body',
    ok: 200,
    sample: DEFAULT_ROOM_SETTINGS,
    prepare: async () => ({
      valid: DEFAULT_ROOM_SETTINGS,
      send: jsonCall('PUT', asCaller('/admin-room-settings', cast.admin.uid), cast.admin.token),
    }),
  },
  'PUT /admin-delivery-areas': {
    schema: AreasInputSchema,
    method: 'PUT',
    in: 'body',
    ok: 200,
    sample: { areas: [SEEDED_AREA] },
    // The areas as they are, each by its id: saving them changes nothing the other targets rely on.
    prepare: async () => ({
      valid: { areas: await listAreas(ctx.db) },
      send: jsonCall('PUT', asCaller('/admin-delivery-areas', cast.admin.uid), cast.admin.token),
    }),
  },
  'PUT /admin-shop-hours': {
    schema: ShopHoursSchema,
    method: 'PUT',
    in: 'body',
    ok: 200,
    sample: DEFAULT_SHOP_HOURS,
    prepare: async () => ({
      valid: DEFAULT_SHOP_HOURS,
      send: jsonCall('PUT', asCaller('/admin-shop-hours', cast.admin.uid), cast.admin.token),
    }),
  },
  'PUT /admin-kitchen-settings': {
    schema: KitchenSettingsSchema,
    method: 'PUT',
    in: 'body',
    ok: 200,
    sample: DEFAULT_KITCHEN_SETTINGS,
    prepare: async () => ({
      valid: DEFAULT_KITCHEN_SETTINGS,
      send: jsonCall('PUT', asCaller('/admin-kitchen-settings', cast.admin.uid), cast.admin.token),
    }),
  },
  'PUT /admin-payment-settings': {
    schema: PaymentSettingsSchema,
    method: 'PUT',
    in: 'body',
    ok: 200,
    sample: { ...DEFAULT_PAYMENT_SETTINGS, cashMax: 500 },
    prepare: async () => ({
      valid: { ...DEFAULT_PAYMENT_SETTINGS, cashMax: 500 },
      send: jsonCall('PUT', asCaller('/admin-payment-settings', cast.admin.uid), cast.admin.token),
    }),
  },
  'GET /order-slots': {
    schema: OrderSlotsQuerySchema,
    method: 'GET',
    in: 'query',
    ok: 200,
    sample: { orderType: 'delivery', postcode: '1205' },
    prepare: async () => ({
      valid: { orderType: 'delivery', postcode: '1205' },
      send: queryCall('GET', '/order-slots', cast.customerA.token),
    }),
  },
  'GET /admin-order': pagedList('/admin-order', AdminOrdersQuerySchema, {
    status: 'paid',
    state: 'paid',
    from: '2026-01-01',
    to: '2026-12-31T18:00:00+06:00',
    q: 'nadia',
  }),
  'GET /users': pagedList('/users', UsersQuerySchema, { role: 'user', q: 'nadia' }),
  'GET /admin-reservations': pagedList('/admin-reservations', ReservationsQuerySchema, {
    date: '2026-12-01',
  }),
  'GET /admin-all-items': pagedList('/admin-all-items', ItemsQuerySchema, {
    stock: 'low',
    q: 'margherita',
  }),
  'GET /my-orders': pagedList('/my-orders', PageQuerySchema, {}, false),
  'GET /all-items': {
    schema: AllItemsQuerySchema,
    method: 'GET',
    in: 'query',
    ok: 200,
    sample: { category: 'all', limit: '8' },
    prepare: async () => ({
      valid: { category: 'pizza', limit: '8' },
      send: queryCall('GET', '/all-items', undefined),
    }),
  },
  'POST /reservations': {
    schema: reservationSchema(() => inDays(0), MAX_ONLINE_PARTY),
    method: 'POST',
    in: 'body',
    ok: 201,
    sample: {
      name: 'Nadia',
      email: 'nadia@example.com',
      persons: 2,
      date: openDayIn(3),
      time: '19:30',
      phone: '+880 1711 000000',
    },
    prepare: async () => ({
      valid: {
        name: 'Nadia',
        email: 'nadia@example.com',
        persons: 2,
        date: openDayIn(3),
        time: '19:30',
        phone: '01711 000000',
      },
      send: jsonCall('POST', '/reservations'),
    }),
  },
  'POST /jwt': {
    schema: ApiTokenRequestSchema,
    method: 'POST',
    in: 'body',
    ok: 200,
    sample: { uid: 'a-uid' },
    prepare: async () => ({
      valid: { uid: cast.customerA.uid },
      send: jsonCall('POST', '/jwt', cast.customerA.idToken),
    }),
  },
  'POST /users': {
    schema: NewUserSchema,
    method: 'POST',
    in: 'body',
    ok: 200,
    sample: { uid: 'a-uid', displayName: 'Nadia', email: 'nadia@example.com', photoURL: '/images/a.png' },
    prepare: async () => ({
      valid: {
        uid: cast.customerA.uid,
        displayName: 'Nadia',
        email: 'nadia@example.com',
        photoURL: '/images/a.png',
      },
      send: jsonCall('POST', '/users', cast.customerA.idToken),
    }),
  },
  'PATCH /update-profile/:id': {
    schema: ProfileUpdateSchema,
    method: 'PATCH',
    in: 'body',
    ok: 200,
    sample: { displayName: 'Nadia', photoURL: '/images/a.png', address: '7 Lake Road' },
    prepare: async () => ({
      valid: {
        displayName: `Nadia ${randomBytes(2).toString('hex')}`,
        photoURL: '/images/a.png',
        address: '7 Lake Road',
      },
      send: jsonCall(
        'PATCH',
        asCaller(`/update-profile/${cast.customerA.id}`, cast.customerA.uid),
        cast.customerA.token,
      ),
    }),
  },
  'PUT /shop-status': {
    schema: ShopStatusSchema,
    method: 'PUT',
    in: 'body',
    ok: 200,
    sample: { closed: false },
    prepare: async () => ({
      valid: { closed: false },
      send: jsonCall('PUT', asCaller('/shop-status', cast.admin.uid), cast.admin.token),
    }),
  },
  'PUT /profile/address': {
    schema: ProfileAddressSchema,
    method: 'PUT',
    in: 'body',
    ok: 200,
    sample: { address: '7 Lake Road' },
    prepare: async () => ({
      valid: { address: `${randomBytes(2).toString('hex')} Lake Road` },
      send: jsonCall('PUT', asCaller('/profile/address', cast.customerA.uid), cast.customerA.token),
    }),
  },
  'POST /add-to-cart': {
    schema: AddToCartSchema,
    method: 'POST',
    in: 'body',
    ok: 201,
    sample: { itemId: SAMPLE_ID, quantity: 1 },
    // Customer B's cart: A's is checkout's.
    prepare: async () => ({
      valid: { itemId: (await insertMenuItem(ctx)).id, quantity: 1 },
      send: jsonCall('POST', '/add-to-cart', cast.customerB.token),
    }),
  },
  'PATCH /cart-line/:id': {
    schema: CartQuantitySchema,
    method: 'PATCH',
    in: 'body',
    ok: 200,
    sample: { quantity: 2 },
    // A line of customer B's own: A's cart is checkout's.
    prepare: async () => {
      const line = await addToCart(ctx, cast.customerB, await insertMenuItem(ctx));
      return { valid: { quantity: 2 }, send: jsonCall('PATCH', `/cart-line/${line}`, cast.customerB.token) };
    },
  },
  // The spec's body, a delivery's (a pickup's asks for less: tests/server/ordering-checkout.test.ts).
  'POST /create-payment-intent': {
    schema: DeliveryPaymentSchema,
    method: 'POST',
    in: 'body',
    ok: 200,
    sample: { ...SHIPPING, total_price: 47.3, order_time: 'November 23,2026 08:05:09 PM' },
    prepare: async () => {
      // Checkout takes the whole cart: start from an empty one.
      await ctx.db.execute(sql`delete from cart_lines where user_uid = ${cast.customerA.uid}`);
      const item = await insertMenuItem(ctx);
      await addToCart(ctx, { uid: cast.customerA.uid, token: cast.customerA.token }, item, 1);
      return {
        valid: checkoutBody([{ item, quantity: 1 }]),
        send: jsonCall('POST', asCaller('/create-payment-intent', cast.customerA.uid), cast.customerA.token),
      };
    },
  },
  'PUT /cart-promo': {
    schema: PromoCodeInputSchema,
    method: 'PUT',
    in: 'body',
    ok: 200,
    sample: { code: 'WELCOME10' },
    // Customer B's cart: A's checkouts (the other targets) are priced without a code.
    prepare: async () => ({
      valid: { code: (await addPromotion()).code },
      send: jsonCall('PUT', asCaller('/cart-promo', cast.customerB.uid), cast.customerB.token),
    }),
  },
  'POST /my-orders/:id/pay': {
    schema: PayNowSchema,
    method: 'POST',
    in: 'body',
    ok: 200,
    sample: { order_time: 'November 23,2026 08:05:09 PM' },
    prepare: async () => {
      await ctx.db.execute(sql`delete from cart_lines where user_uid = ${cast.customerA.uid}`);
      const item = await insertMenuItem(ctx);
      const customer = { uid: cast.customerA.uid, token: cast.customerA.token };
      const { order } = await placeOrder(ctx, [{ item, quantity: 1 }], customer);
      // The order keeps its lines; the cart is left as the other targets expect it, empty.
      await ctx.db.execute(sql`delete from cart_lines where user_uid = ${customer.uid}`);
      return {
        valid: { order_time: 'November 23,2026 08:05:09 PM' },
        send: jsonCall('POST', asCaller(`/my-orders/${order.id}/pay`, customer.uid), customer.token),
      };
    },
  },
  'PUT /admin-item-stock/:id': {
    schema: ItemStockSchema,
    method: 'PUT',
    in: 'body',
    ok: 200,
    sample: { soldOut: false, quantity: 5 },
    prepare: async () => ({
      valid: { soldOut: false, quantity: 5 },
      send: jsonCall(
        'PUT',
        asCaller(`/admin-item-stock/${(await insertMenuItem(ctx, { quantity: 0 })).id}`, cast.admin.uid),
        cast.admin.token,
      ),
    }),
  },
  'GET /admin-promotions': pagedList('/admin-promotions', PromotionsQuerySchema, {}),
  'POST /admin-promotions': {
    schema: PromotionInputSchema,
    method: 'POST',
    in: 'body',
    ok: 201,
    sample: PROMOTION,
    prepare: async () => ({
      valid: { ...PROMOTION, code: uniquePromoCode() },
      send: jsonCall('POST', asCaller('/admin-promotions', cast.admin.uid), cast.admin.token),
    }),
  },
  'PATCH /admin-promotions/:id': {
    schema: PromotionInputSchema,
    method: 'PATCH',
    in: 'body',
    ok: 200,
    sample: PROMOTION,
    prepare: async () => {
      const { _id } = await addPromotion();
      return {
        valid: { ...PROMOTION, code: uniquePromoCode() },
        send: jsonCall('PATCH', asCaller(`/admin-promotions/${_id}`, cast.admin.uid), cast.admin.token),
      };
    },
  },
  'POST /add-item': {
    schema: NewItemSchema,
    method: 'POST',
    in: 'body',
    ok: 201,
    sample: { ...ITEM, category: 'pizza' },
    prepare: async () => ({
      valid: { ...ITEM, category: 'pizza' },
      send: jsonCall('POST', asCaller('/add-item', cast.admin.uid), cast.admin.token),
    }),
  },
  'PATCH /admin-item-update/:id': {
    schema: ItemUpdateSchema,
    method: 'PATCH',
    in: 'body',
    ok: 200,
    sample: ITEM,
    prepare: async () => ({
      valid: ITEM,
      send: jsonCall(
        'PATCH',
        asCaller(`/admin-item-update/${(await insertMenuItem(ctx)).id}`, cast.admin.uid),
        cast.admin.token,
      ),
    }),
  },
  // A pickup's body (a delivery's adds the checkout's address fields: tests/server/phone-orders.test.ts).
  'POST /admin-phone-order': {
    schema: PhonePickupSchema,
    method: 'POST',
    in: 'body',
    ok: 201,
    sample: {
      orderType: 'pickup',
      fullName: 'Karim Uddin',
      phone: '+880 1811 222333',
      email: '',
      lines: [{ itemId: '3f1b2c4d-0000-4000-8000-000000000001', quantity: 1 }],
      order_time: 'November 23,2026 08:05:09 PM',
    },
    prepare: async () => ({
      valid: {
        orderType: 'pickup',
        fullName: 'Karim Uddin',
        phone: '+880 1811 222333',
        lines: [{ itemId: (await insertMenuItem(ctx)).id, quantity: 1 }],
        order_time: 'November 23,2026 08:05:09 PM',
      },
      send: jsonCall('POST', asCaller('/admin-phone-order', cast.admin.uid), cast.admin.token),
    }),
  },
  'POST /admin-order/:id/transition': {
    schema: StaffTransitionSchema,
    method: 'POST',
    in: 'body',
    ok: 200,
    sample: { to: 'accepted', note: 'The kitchen has it' },
    prepare: async () => {
      const { order } = await paidOrder(ctx, [{ item: await insertMenuItem(ctx), quantity: 1 }]);
      return {
        valid: { to: 'accepted', note: 'The kitchen has it' },
        send: jsonCall(
          'POST',
          asCaller(`/admin-order/${order.id}/transition`, cast.admin.uid),
          cast.admin.token,
        ),
      };
    },
  },
  'DELETE /delete-user': {
    schema: DeleteUserQuerySchema,
    method: 'DELETE',
    in: 'query',
    ok: 200,
    sample: { mid: SAMPLE_ID, fid: 'a-uid' },
    prepare: async () => {
      const customer = await insertUserRow(ctx, { role: 'user' });
      return {
        valid: { mid: customer.id, fid: customer.uid },
        send: queryCall('DELETE', '/delete-user', cast.admin.token, { uid: cast.admin.uid }),
      };
    },
  },
};

/** Every row of every table, searched for a marker: did a value reach the database? */
async function databaseContains(marker: string): Promise<boolean> {
  for (const table of TABLES) {
    const result = await ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from ${sql.identifier(table)} t where t::text like ${`%${marker}%`}`,
    );
    if (result.rows[0]!.n > 0) return true;
  }
  return false;
}

const adminCount = async () =>
  (await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from users where role <> 'user'`))
    .rows[0]!.n;

/** The answer is a refusal (400 unless told) with a message, and the database is exactly as it was. */
async function expectRefused(send: () => Promise<Response>, status = 400) {
  const before = await databaseFingerprint(ctx);
  const response = await send();
  const body = await response.json();
  expect({ status: response.status, body }).toEqual({ status, body: { message: expect.any(String) } });
  expect((body as { message: string }).message.length).toBeGreaterThan(0);
  expect(await databaseFingerprint(ctx)).toEqual(before);
}

it('has a target for every route of the table whose body or query a schema checks', () => {
  // A gateway's fields are its own (the payment routes read them); GET /role/:uid's path: below.
  const checked = ROUTE_LIST.filter(
    (entry) =>
      entry.access !== 'gateway' && (('query' in entry && entry.query) || ('body' in entry && entry.body)),
  ).map(routeKey);
  expect(Object.keys(TARGETS).sort()).toEqual(checked.sort());
});

describe.each(Object.entries(TARGETS))('%s', (_, target) => {
  const location = target.in === 'body' ? 'json' : 'text';
  const cases: InvalidCase[] = invalidCases(target.schema, target.sample, location);
  let call: Awaited<ReturnType<Target['prepare']>>;
  beforeAll(async () => {
    call = await target.prepare();
  });

  it('accepts the valid input (so each case below breaks only its one field)', async () => {
    const fresh = await target.prepare();
    expect((await fresh.send(fresh.valid)).status).toBe(target.ok);
  });

  it.each(cases.map((c) => [c.label, c] as const))('refuses %s: 400, nothing written', async (_, change) => {
    await expectRefused(() => call.send(applyCase(call.valid, change)));
  });

  if (target.in === 'body') {
    it.each([
      ['null', 'null'],
      ['an array', '[]'],
      ['a string', '"text"'],
      ['a number', '42'],
      ['empty', ''],
      ['broken JSON', '{"uid": '],
      ['NaN', 'NaN'],
    ])('refuses a body that is %s: 400, nothing written', async (_, text) => {
      await expectRefused(() => call.send(text));
    });

    it('refuses a body over the size limit: 413, nothing written', async () => {
      await expectRefused(() => call.send({ ...call.valid, padding: 'x'.repeat(MAX_BODY_BYTES) }), 413);
    });
  }

  if (dropsUnknownFields(target.schema)) {
    it('ignores unknown fields: accepted as the valid input, none of them stored, nobody made admin', async () => {
      const fresh = await target.prepare();
      const marker = `marker${randomBytes(6).toString('hex')}`;
      const admins = await adminCount();
      const extras: Input = { [marker]: marker, role: 'admin', isAdmin: true, note: marker };
      const input = { ...fresh.valid, ...extras };
      // __proto__ as a JSON key: JSON.parse makes it an own property, which must not become a prototype.
      const text = toJsonText(input).replace(/^\{/, `{"__proto__":{"role":"admin","marker":"${marker}"},`);
      const response = await fresh.send(target.in === 'body' ? text : input);
      expect(response.status).toBe(target.ok);
      expect(await databaseContains(marker)).toBe(false);
      expect(await adminCount()).toBe(admins);
    });
  }
});

describe('names refuse control characters', () => {
  // Each field where a person's name is typed: its target, and the spec's words for it left empty (null:
  // the field may be empty).
  const NAME_FIELDS: Array<[string, string, string | null]> = [
    ['POST /create-payment-intent', 'fullName', 'empty filed can not be submitted'],
    ['POST /reservations', 'name', 'Name is required'],
    ['PATCH /update-profile/:id', 'displayName', 'Empty filed can not be submitted'],
    ['POST /users', 'displayName', null],
  ];
  const CONTROLS: Array<[string, string]> = [
    ['a bell', 'Nadia\u0007 Rahman'],
    ['an escape sequence', 'Nadia \u001b[2J\u001b[31mRahman'],
    ['a line break inside', 'Nadia\r\nRahman'],
    ['a tab inside', 'Nadia\tRahman'],
    ['DEL', 'Nadia\u007f'],
    ['a C1 control (NEL)', 'Nadia\u0085Rahman'],
    ['a right-to-left override', 'Nadia \u202enamhaR'],
    ['a bidirectional isolate', 'Nadia \u2066Rahman\u2069'],
    ['a left-to-right mark', 'Nadia\u200e Rahman'],
    ['a right-to-left mark', 'Nadia\u200f Rahman'],
    ['a line separator (U+2028)', 'Nadia\u2028Rahman'],
    ['a paragraph separator (U+2029)', 'Nadia\u2029Rahman'],
    ['a zero-width space', 'Na\u200bdia Rahman'],
    ['a byte-order mark', 'Nadia\ufeffRahman'],
    ['a soft hyphen', 'Na\u00addia Rahman'],
    ['tag characters', 'Nadia Rahman\u{e0041}\u{e0042}'],
  ];

  describe.each(NAME_FIELDS)('%s %s', (target, field, emptyMessage) => {
    const send = async (name: string) => {
      const call = await TARGETS[target]!.prepare();
      return call.send({ ...call.valid, [field]: name });
    };

    it.each(CONTROLS)('refuses %s: 400 saying why, nothing written', async (_, name) => {
      const { valid, send: sendInput } = await TARGETS[target]!.prepare();
      const before = await databaseFingerprint(ctx);
      const response = await sendInput({ ...valid, [field]: name });
      expect({ status: response.status, body: await response.json() }).toEqual({
        status: 400,
        body: { message: NAME_CONTROL_MESSAGE },
      });
      expect(await databaseFingerprint(ctx)).toEqual(before);
    });

    it('accepts names of every script, joiners, and blanks at the ends (trimmed)', async () => {
      for (const name of ['Zoë O’Brien-Smith', 'নাদিয়া রহমান', 'Rahul ঝ্\u200dা', '\nNadia Rahman\t']) {
        expect((await send(name)).status).toBe(TARGETS[target]!.ok);
      }
    });

    it('keeps the spec’s words for an empty name', async () => {
      const response = await send(' ');
      if (emptyMessage === null) expect(response.status).toBe(TARGETS[target]!.ok);
      else expect(await response.json()).toEqual({ message: emptyMessage });
    });
  });
});

describe('places refuse control and invisible characters', () => {
  // Checkout's address, city and postcode (the kitchen and the rider read them), and the profile's address.
  const PLACES: Array<[string, string, string]> = [
    ['POST /create-payment-intent', 'address', 'Address'],
    ['POST /create-payment-intent', 'city', 'City'],
    ['POST /create-payment-intent', 'postcode', 'Postcode'],
    ['PUT /profile/address', 'address', 'Address'],
  ];
  const CONTROLS: Array<[string, string]> = [
    // Short enough for a postcode (12 characters).
    ['a tab', '12\tBaker'],
    ['a line feed', '12\nBaker'],
    ['a bell', 'Baker\u0007'],
    ['NEL', '12\u0085Baker'],
    ['a right-to-left override', '12 \u202erekaB'],
    ['a zero-width space', 'Ba\u200bker'],
  ];
  describe.each(PLACES)('%s %s', (target, field, label) => {
    it.each(CONTROLS)('refuses %s: 400 naming the field, nothing written', async (_, place) => {
      const { valid, send } = await TARGETS[target]!.prepare();
      const before = await databaseFingerprint(ctx);
      const response = await send({ ...valid, [field]: place });
      expect({ status: response.status, body: await response.json() }).toEqual({
        status: 400,
        body: { message: placeControlMessage(label) },
      });
      expect(await databaseFingerprint(ctx)).toEqual(before);
    });
  });
});

describe('GET /role/:uid', () => {
  // The uid is a path segment; an admin asks, so a well-formed uid would be looked up.
  // An empty segment is another route (GET /role/ is a 404), so that case does not apply.
  const cases = invalidValues(fieldShape(UidSchema), 'a-uid', 'text').filter(
    ([label]) => label !== 'empty text',
  );
  it.each(cases)('refuses a uid that is %s: 400, nothing written', async (_, value) => {
    await expectRefused(() =>
      ctx.request(`/role/${encodeURIComponent(String(value))}`, { headers: bearer(cast.admin.idToken) }),
    );
  });

  it('accepts a well-formed uid', async () => {
    const response = await ctx.request(`/role/${cast.customerA.uid}`, {
      headers: bearer(cast.admin.idToken),
    });
    expect(response.status).toBe(200);
  });
});

describe('path parameters', () => {
  /** Every served route with a parameter, e.g. 'DELETE /order-delete/:id'. */
  const withParams = () => [
    ...new Set(ctx.app.routes.filter((r) => r.path.includes('/:')).map((r) => `${r.method} ${r.path}`)),
  ];
  // Sent by the admin, who passes every guard, so the parameter is what the route reads.
  const send = (route: string, value: string) => {
    const [method, path] = route.split(' ') as [string, string];
    const token = path.startsWith('/role/') ? cast.admin.idToken : cast.admin.token;
    const url = asCaller(path.replace(/:\w+/g, encodeURIComponent(value)), cast.admin.uid);
    return ctx.request(url, { method, headers: bearer(token) });
  };

  it('refuses a NUL character in any of them with 400, nothing written', async () => {
    expect(withParams().length).toBeGreaterThan(10);
    for (const route of withParams()) await expectRefused(() => send(route, 'PZ\u0000'));
  });

  it.each([
    ['not an id', 'not-an-id'],
    ['huge', 'x'.repeat(5000)],
    ['full-width look-alike characters', 'ＰＺ１２３'],
    ['a path climb', '../../etc/passwd'],
    ['SQL', "' or '1'='1"],
  ])('answers a parameter that is %s without a server error, nothing written', async (_, value) => {
    for (const route of withParams()) {
      const before = await databaseFingerprint(ctx);
      const response = await send(route, value);
      expect({ route, status: response.status }).toEqual({
        route,
        status: expect.toBeOneOf([400, 404, 409]),
      });
      expect(await databaseFingerprint(ctx)).toEqual(before);
    }
  });
});

describe('the generator', () => {
  it('reads a field’s rules from its schema', () => {
    expect(fieldShape(NewItemSchema.entries.price)).toMatchObject({
      kinds: new Set(['number', 'string']),
      toNumber: true,
      minValue: 0.01,
      maxValue: 100_000,
      trims: true,
      nonEmpty: true,
    });
    expect(fieldShape(AddToCartSchema.entries.itemId)).toMatchObject({
      kinds: new Set(['string']),
      formatted: true,
    });
    expect(fieldShape(AllItemsQuerySchema.entries.category).picklist).toContain('pizza');
  });

  it('derives each kind of invalid value the issue asks for', () => {
    const labels = Object.values(TARGETS)
      .flatMap((t) => invalidCases(t.schema, t.sample, t.in === 'body' ? 'json' : 'text'))
      .map((c) => c.label);
    for (const kind of [
      'wrong type',
      'missing',
      'empty text',
      'huge',
      'NUL',
      'full-width',
      'negative',
      'Infinity',
      'not a number',
    ]) {
      expect(labels.some((label) => label.includes(kind))).toBe(true);
    }
  });
});

describe('a transaction id echoed into a header', () => {
  const HUGE = `PZ${'A'.repeat(20_000)}`;
  const TOO_LONG = `PZ${'A'.repeat(TRANSACTION_ID_MAX - 1)}`;
  it.each([
    ['GET /payment/success (query)', () => ctx.request(`/payment/success?tran_id=${HUGE}`)],
    [
      'POST /payment/fail (form)',
      () => ctx.request('/payment/fail', { method: 'POST', body: new URLSearchParams({ tran_id: HUGE }) }),
    ],
    [
      'POST /payment/ipn (form)',
      () => ctx.request('/payment/ipn', { method: 'POST', body: new URLSearchParams({ tran_id: TOO_LONG }) }),
    ],
    ['GET /sandbox-pay/:tranId', () => ctx.request(`/sandbox-pay/${HUGE}?sig=x`)],
  ])('%s: one longer than any of ours is 400 naming the rule, nothing written', async (_, send) => {
    const before = await databaseFingerprint(ctx);
    const response = await send();
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: TRANSACTION_ID_TOO_LONG });
    expect(response.headers.get('Location')).toBeNull();
    expect(await databaseFingerprint(ctx)).toEqual(before);
  });

  it('one of our own length still goes on to its page', async () => {
    const response = await ctx.request(`/payment/success?tran_id=PZ${'0'.repeat(24)}`, {
      redirect: 'manual',
    });
    expect(response.status).toBe(303);
  });
});
