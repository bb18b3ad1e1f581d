import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ROOM_SETTINGS } from '../../contract/booking.ts';
import { DEFAULT_KITCHEN_SETTINGS } from '../../contract/kitchen.ts';
import { DEFAULT_SHOP_HOURS } from '../../contract/opening-hours.ts';
import { DEFAULT_PAYMENT_SETTINGS } from '../../contract/payment-settings.ts';
import type { Promotion } from '../../contract/promotions.ts';
import { routeKey } from '../../contract/route-entry.ts';
import { ROUTE_LIST } from '../../contract/routes.ts';
import { requireAdmin } from '../../server/api/middleware/auth.ts';
import { listAreas } from '../../server/api/services/delivery-areas.ts';
import { cartLines, diningTables } from '../../server/db/schema.ts';
import { bearer } from './support/accounts.ts';
import {
  adminCall,
  asCaller,
  createAdmin,
  databaseFingerprint,
  payOrder,
  placeOrder,
} from './support/admin.ts';
import { bookedWithLink } from './support/bookings.ts';
import {
  CALLERS,
  type Caller,
  type Cast,
  type Credential,
  createCast,
  tokenOf,
  uidNamedBy,
} from './support/callers.ts';
import { addToCart, checkoutBody, insertMenuItem, ORDER_TIME, type OrderRow } from './support/commerce.ts';
import { openDayIn } from './support/dates.ts';
import { SITE_ORIGIN, SITE_ORIGINS, sharedTestContext } from './support/test-app.ts';

const ctx = sharedTestContext();

/** Statuses for the callers none, forged, expired, customer A, customer B, admin (in that order). */
type Statuses = readonly [number, number, number, number, number, number];

/**
 * Every route of the route table (contract/routes.ts) and what each caller gets. Customer A owns
 * whatever the path or body names
 * (a cart line, an order, a profile); every caller sends the same request, naming itself in ?uid= as
 * its storefront would (the forged and expired tokens claim to be A). 401 means "who are you?" and 403
 * "you may not": the storefront signs out on both, so business refusals are 400/404/409 (B's checkout
 * of A's cart finds B's own cart empty: 400).
 */
// biome-ignore format: the matrix reads best as a table
const EXPECTED: Record<string, Statuses> = {
  //                                    none forged expired   A    B  admin
  // Public
  'GET /health':                        [200,  200,   200,  200, 200, 200],
  // The API's description: it shows no data (docs/decisions/030-one-route-table.md)
  'GET /openapi.json':                  [200,  200,   200,  200, 200, 200],
  'GET /docs':                          [200,  200,   200,  200, 200, 200],
  'GET /docs/:file':                    [200,  200,   200,  200, 200, 200],
  // Loopback callers (no socket here: in-process) or METRICS_TOKEN only, which no caller holds
  'GET /metrics':                       [403,  403,   403,  403, 403, 403],
  'GET /all-items':                     [200,  200,   200,  200, 200, 200],
  'GET /shop-status':                   [200,  200,   200,  200, 200, 200],
  'GET /delivery-areas':                [200,  200,   200,  200, 200, 200],
  'GET /item-detail/:id':               [200,  200,   200,  200, 200, 200],
  'POST /reservations':                 [201,  201,   201,  201, 201, 201],
  'GET /availability':                  [200,  200,   200,  200, 200, 200],
  // A booking's signed link: the link's key is the whole proof, whoever calls
  'GET /bookings/:reference':           [200,  200,   200,  200, 200, 200],
  'GET /bookings/:reference/times':     [200,  200,   200,  200, 200, 200],
  'POST /bookings/:reference/cancel':   [200,  200,   200,  200, 200, 200],
  'POST /bookings/:reference/time':     [200,  200,   200,  200, 200, 200],
  // Sign-in and sign-up (the provider's ID token); the body or path names customer A
  'POST /jwt':                          [401,  401,   401,  200, 403, 403],
  'GET /role/:uid':                     [401,  401,   401,  200, 403, 200],
  'POST /users':                        [401,  401,   401,  200, 403, 403],
  // Signed in (our API token)
  'GET /profile':                       [401,  401,   401,  200, 200, 200],
  'PATCH /update-profile/:id':          [401,  401,   401,  200, 403, 403],
  'PUT /profile/address':               [401,  401,   401,  200, 200, 200],
  'GET /add-to-cart':                   [401,  401,   401,  200, 200, 200],
  'POST /add-to-cart':                  [401,  401,   401,  201, 201, 201],
  'DELETE /remove-cart-item/:id':       [401,  401,   401,  200, 404, 404],
  'PATCH /cart-line/:id':               [401,  401,   401,  200, 404, 404],
  'POST /create-payment-intent':        [401,  401,   401,  200, 400, 400],
  'GET /my-orders':                     [401,  401,   401,  200, 200, 200],
  'GET /order-slots':                   [401,  401,   401,  200, 200, 200],
  'GET /payment-options':               [401,  401,   401,  200, 200, 200],
  'DELETE /order-delete/:id':           [401,  401,   401,  200, 404, 404],
  'GET /payment-status/:tranId':        [401,  401,   401,  200, 404, 404],
  'GET /my-orders-stream':              [401,  401,   401,  200, 200, 200],
  'GET /my-orders/:id/events':          [401,  401,   401,  200, 404, 404],
  'GET /cart-promo':                    [401,  401,   401,  200, 200, 200],
  'PUT /cart-promo':                    [401,  401,   401,  200, 200, 200],
  'DELETE /cart-promo':                 [401,  401,   401,  200, 200, 200],
  'POST /my-orders/:id/again':          [401,  401,   401,  200, 404, 404],
  'POST /my-orders/:id/pay':            [401,  401,   401,  200, 404, 404],
  // The payment gateway's side: vouched for by signatures, not by who calls
  'POST /payment/ipn':                  [200,  200,   200,  200, 200, 200],
  'GET /payment/success':               [303,  303,   303,  303, 303, 303],
  'POST /payment/success':              [303,  303,   303,  303, 303, 303],
  'GET /payment/fail':                  [303,  303,   303,  303, 303, 303],
  'POST /payment/fail':                 [303,  303,   303,  303, 303, 303],
  'GET /payment/cancel':                [303,  303,   303,  303, 303, 303],
  'POST /payment/cancel':               [303,  303,   303,  303, 303, 303],
  'GET /sandbox-pay/:tranId':           [200,  200,   200,  200, 200, 200],
  'POST /sandbox-pay/:tranId/:button':  [303,  303,   303,  303, 303, 303],
  // Admin
  'GET /users':                         [401,  401,   401,  403, 403, 200],
  'DELETE /delete-user':                [401,  401,   401,  403, 403, 200],
  'POST /add-item':                     [401,  401,   401,  403, 403, 201],
  'GET /admin-all-items':               [401,  401,   401,  403, 403, 200],
  'DELETE /item-delete/:id':            [401,  401,   401,  403, 403, 200],
  'GET /admin-item-update/:id':         [401,  401,   401,  403, 403, 200],
  'PATCH /admin-item-update/:id':       [401,  401,   401,  403, 403, 200],
  'GET /admin-order':                   [401,  401,   401,  403, 403, 200],
  'PATCH /admin-order-delete/:id':      [401,  401,   401,  403, 403, 200],
  'DELETE /admin-order-delete/:id':     [401,  401,   401,  403, 403, 200],
  'GET /admin-reservations':            [401,  401,   401,  403, 403, 200],
  'GET /admin-order-stream':            [401,  401,   401,  403, 403, 200],
  'POST /admin-order/:id/transition':   [401,  401,   401,  403, 403, 200],
  'POST /admin-phone-order':            [401,  401,   401,  403, 403, 201],
  'GET /admin-order/:id/events':        [401,  401,   401,  403, 403, 200],
  'GET /admin-order/:id/mail':          [401,  401,   401,  403, 403, 200],
  'GET /admin-kitchen-board':           [401,  401,   401,  403, 403, 200],
  'PUT /admin-item-stock/:id':          [401,  401,   401,  403, 403, 200],
  'GET /admin-today':                   [401,  401,   401,  403, 403, 200],
  'GET /admin-promotions':              [401,  401,   401,  403, 403, 200],
  'POST /admin-promotions':             [401,  401,   401,  403, 403, 201],
  'PATCH /admin-promotions/:id':        [401,  401,   401,  403, 403, 200],
  'PUT /shop-status':                   [401,  401,   401,  403, 403, 200],
  'GET /admin-day':                     [401,  401,   401,  403, 403, 200],
  'POST /admin-reservation/:id/transition': [401, 401,  401,  403, 403, 200],
  'GET /admin-reservation/:id/events':  [401,  401,   401,  403, 403, 200],
  'POST /admin-walk-ins':               [401,  401,   401,  403, 403, 201],
  'GET /admin-tables':                  [401,  401,   401,  403, 403, 200],
  'POST /admin-tables':                 [401,  401,   401,  403, 403, 201],
  'PATCH /admin-tables/:id':            [401,  401,   401,  403, 403, 200],
  'DELETE /admin-tables/:id':           [401,  401,   401,  403, 403, 200],
  'GET /admin-room-settings':           [401,  401,   401,  403, 403, 200],
  'PUT /admin-room-settings':           [401,  401,   401,  403, 403, 200],
  'PUT /admin-delivery-areas':          [401,  401,   401,  403, 403, 200],
  'PUT /admin-shop-hours':              [401,  401,   401,  403, 403, 200],
  'GET /admin-kitchen-settings':        [401,  401,   401,  403, 403, 200],
  'PUT /admin-kitchen-settings':        [401,  401,   401,  403, 403, 200],
  'GET /admin-payment-settings':        [401,  401,   401,  403, 403, 200],
  'PUT /admin-payment-settings':        [401,  401,   401,  403, 403, 200],
};

/** The calls of the spec's API table (section 7); each must be served and have its row. */
const SPEC_API_TABLE = [
  'GET /all-items',
  'GET /item-detail/:id',
  'POST /jwt',
  'GET /role/:uid',
  'POST /users',
  'GET /profile',
  'PATCH /update-profile/:id',
  'GET /add-to-cart',
  'POST /add-to-cart',
  'DELETE /remove-cart-item/:id',
  'GET /my-orders',
  'DELETE /order-delete/:id',
  'POST /create-payment-intent',
  'POST /add-item',
  'GET /admin-all-items',
  'DELETE /item-delete/:id',
  'GET /admin-item-update/:id',
  'PATCH /admin-item-update/:id',
  'GET /users',
  'DELETE /delete-user',
  'GET /admin-order',
  'DELETE /admin-order-delete/:id',
  'PATCH /admin-order-delete/:id',
];

interface Call {
  path: string;
  /** JSON, or a form (what gateways post). */
  body?: unknown;
}

interface Endpoint {
  credential: Credential;
  /** The storefront names the caller in ?uid= (its own uid; the impostors name A's). */
  namesCaller?: true;
  /** Creates what the call needs, owned by customer A, and the call itself (without ?uid=). */
  prepare: (cast: Cast) => Promise<Call>;
}

/** The call `caller` sends: the endpoint's, naming `self` in ?uid= where the storefront does. */
async function callFor(endpoint: Endpoint, cast: Cast, self: string): Promise<Call> {
  const call = await endpoint.prepare(cast);
  return endpoint.namesCaller ? { ...call, path: asCaller(call.path, self) } : call;
}

const newItem = {
  name: 'Matrix Margherita',
  price: 12.5,
  quantity: 4,
  image: '/images/menu/margherita.jpg',
  category: 'pizza',
  description: 'Tomato, mozzarella and basil.',
};
const { category: _, ...itemChanges } = { ...newItem, name: 'Matrix Marinara' };

const asA = (cast: Cast) => ({ uid: cast.customerA.uid, token: cast.customerA.token });
const itemPath = async (prefix: string) => `${prefix}/${(await insertMenuItem(ctx)).id}`;
/** Checkout takes the whole cart, and lines stay in it until paid: each call starts from an empty one. */
const emptyCartOfA = (cast: Cast) =>
  ctx.db.delete(cartLines).where(eq(cartLines.userUid, cast.customerA.uid));
const unpaidOrderOfA = async (cast: Cast): Promise<OrderRow> => {
  await emptyCartOfA(cast);
  return (await placeOrder(ctx, [{ item: await insertMenuItem(ctx), quantity: 1 }], asA(cast))).order;
};
const paidOrderOfA = async (cast: Cast): Promise<OrderRow> => payOrder(ctx, await unpaidOrderOfA(cast));
const sandboxPage = (order: OrderRow) => new URL(ctx.sandbox.pageUrl(order.transactionId, order.totalCents));
/** Public and gateway calls: they need no token, and the one each caller sends must change nothing. */
/** A booking's signed link, with `rest` after its reference (its key in the query). */
const linkPath = async (rest: string) => {
  const { reference, key } = await bookedWithLink(ctx);
  return `/bookings/${reference}${rest}?key=${key}`;
};
let tables = 0;
const newTable = () => ({
  name: `Matrix ${++tables}`,
  section: 'Bar',
  minSeats: 1,
  maxSeats: 2,
  joinable: false,
});
const tablePath = async () => {
  const [table] = await ctx.db.insert(diningTables).values(newTable()).returning({ id: diningTables.id });
  return `/admin-tables/${table!.id}`;
};

let promotions = 0;
const newPromotion = () => ({ code: `MATRIX${++promotions}`, kind: 'percent', amount: 10 });
/** A promo code of the call's own, made as the owner makes one. */
async function promotion(): Promise<Promotion> {
  const owner = await createAdmin(ctx);
  return (await adminCall<Promotion>(ctx, owner, 'POST', '/admin-promotions', newPromotion())).body;
}

const anyone = (prepare: (cast: Cast) => Promise<Call>): Endpoint => ({ credential: 'apiToken', prepare });
const gatewayReturn = (kind: string, method: 'GET' | 'POST') =>
  anyone(async (cast) => {
    const order = await unpaidOrderOfA(cast);
    return method === 'GET'
      ? { path: `/payment/${kind}?tran_id=${order.transactionId}` }
      : { path: `/payment/${kind}`, body: new URLSearchParams({ tran_id: order.transactionId }) };
  });
/** Calls with our API token; `namesCaller` false where the spec sends no ?uid=. */
const signedIn = (prepare: (cast: Cast) => Promise<Call>, namesCaller = true): Endpoint => ({
  credential: 'apiToken',
  prepare,
  ...(namesCaller ? { namesCaller } : {}),
});
// Every admin call names the caller, as src/api/admin.ts does.
const admin = signedIn;

const ENDPOINTS: Record<string, Endpoint> = {
  'GET /health': anyone(async () => ({ path: '/health' })),
  'GET /metrics': anyone(async () => ({ path: '/metrics' })),
  'GET /openapi.json': anyone(async () => ({ path: '/openapi.json' })),
  'GET /docs': anyone(async () => ({ path: '/docs' })),
  'GET /docs/:file': anyone(async () => ({ path: '/docs/start.js' })),
  'GET /all-items': anyone(async () => ({ path: '/all-items?category=all&limit=8' })),
  'GET /shop-status': anyone(async () => ({ path: '/shop-status' })),
  'GET /delivery-areas': anyone(async () => ({ path: '/delivery-areas' })),
  'GET /item-detail/:id': anyone(async () => ({ path: await itemPath('/item-detail') })),
  'POST /reservations': anyone(async () => ({
    path: '/reservations',
    body: { name: 'Nadia Rahman', email: 'nadia@example.com', persons: 2, date: openDayIn(3), time: '19:30' },
  })),
  'POST /jwt': {
    credential: 'idToken',
    prepare: async (cast) => ({ path: '/jwt', body: { uid: cast.customerA.uid } }),
  },
  'GET /role/:uid': {
    credential: 'idToken',
    prepare: async (cast) => ({ path: `/role/${cast.customerA.uid}` }),
  },
  'POST /users': {
    credential: 'idToken',
    prepare: async (cast) => ({
      path: '/users',
      body: { uid: cast.customerA.uid, displayName: 'Nadia', role: 'user' },
    }),
  },
  'GET /profile': signedIn(async () => ({ path: '/profile' })),
  'PATCH /update-profile/:id': signedIn(async (cast) => ({
    path: `/update-profile/${cast.customerA.id}`,
    body: { displayName: 'Nadia R', photoURL: '/images/avatar.png', address: '7 Lake Road' },
  })),
  'PUT /profile/address': signedIn(async () => ({
    path: '/profile/address',
    body: { address: '7 Lake Road' },
  })),
  'GET /add-to-cart': signedIn(async () => ({ path: '/add-to-cart' })),
  'POST /add-to-cart': signedIn(
    async () => ({ path: '/add-to-cart', body: { itemId: (await insertMenuItem(ctx)).id, quantity: 1 } }),
    false,
  ),
  'DELETE /remove-cart-item/:id': signedIn(
    async (cast) => ({
      path: `/remove-cart-item/${await addToCart(ctx, asA(cast), await insertMenuItem(ctx))}`,
    }),
    false,
  ),
  'PATCH /cart-line/:id': signedIn(
    async (cast) => ({
      path: `/cart-line/${await addToCart(ctx, asA(cast), await insertMenuItem(ctx))}`,
      body: { quantity: 2 },
    }),
    false,
  ),
  'POST /create-payment-intent': signedIn(async (cast) => {
    await emptyCartOfA(cast);
    const item = await insertMenuItem(ctx);
    await addToCart(ctx, asA(cast), item);
    return { path: '/create-payment-intent', body: checkoutBody([{ item, quantity: 1 }]) };
  }),
  'GET /my-orders': signedIn(async () => ({ path: '/my-orders' })),
  'GET /order-slots': signedIn(async () => ({ path: '/order-slots?orderType=pickup' })),
  'GET /payment-options': signedIn(async () => ({ path: '/payment-options' })),
  'DELETE /order-delete/:id': signedIn(async (cast) => ({
    path: `/order-delete/${(await unpaidOrderOfA(cast)).id}`,
  })),
  'GET /payment-status/:tranId': signedIn(async (cast) => ({
    path: `/payment-status/${(await unpaidOrderOfA(cast)).transactionId}`,
  })),
  'POST /payment/ipn': anyone(async (cast) => {
    const order = await unpaidOrderOfA(cast);
    const fields = ctx.sandbox.notificationFields(order.transactionId, 'paid', order.totalCents);
    return { path: '/payment/ipn', body: new URLSearchParams(fields) };
  }),
  'GET /payment/success': gatewayReturn('success', 'GET'),
  'POST /payment/success': gatewayReturn('success', 'POST'),
  'GET /payment/fail': gatewayReturn('fail', 'GET'),
  'POST /payment/fail': gatewayReturn('fail', 'POST'),
  'GET /payment/cancel': gatewayReturn('cancel', 'GET'),
  'POST /payment/cancel': gatewayReturn('cancel', 'POST'),
  'GET /sandbox-pay/:tranId': anyone(async (cast) => {
    const page = sandboxPage(await unpaidOrderOfA(cast));
    return { path: `${page.pathname}${page.search}` };
  }),
  'POST /sandbox-pay/:tranId/:button': anyone(async (cast) => {
    const page = sandboxPage(await unpaidOrderOfA(cast));
    return {
      path: `${page.pathname}/pay`,
      body: new URLSearchParams({ sig: page.searchParams.get('sig') ?? '' }),
    };
  }),
  'GET /users': admin(async () => ({ path: '/users' })),
  'DELETE /delete-user': admin(async (cast) => ({
    path: `/delete-user?mid=${cast.customerA.id}&fid=${encodeURIComponent(cast.customerA.uid)}`,
  })),
  'POST /add-item': admin(async () => ({ path: '/add-item', body: newItem })),
  'GET /admin-all-items': admin(async () => ({ path: '/admin-all-items' })),
  'DELETE /item-delete/:id': admin(async () => ({ path: await itemPath('/item-delete') })),
  'GET /admin-item-update/:id': admin(async () => ({ path: await itemPath('/admin-item-update') })),
  'PATCH /admin-item-update/:id': admin(async () => ({
    path: await itemPath('/admin-item-update'),
    body: itemChanges,
  })),
  'GET /admin-order': admin(async () => ({ path: '/admin-order' })),
  'PATCH /admin-order-delete/:id': admin(async (cast) => ({
    path: `/admin-order-delete/${(await paidOrderOfA(cast)).id}`,
  })),
  'DELETE /admin-order-delete/:id': admin(async (cast) => ({
    path: `/admin-order-delete/${(await unpaidOrderOfA(cast)).id}`,
  })),
  'GET /admin-reservations': admin(async () => ({ path: '/admin-reservations' })),
  // The lifecycle's calls: staff move an order and read its timeline and mail; A reads A's timeline.
  'POST /admin-order/:id/transition': admin(async (cast) => ({
    path: `/admin-order/${(await paidOrderOfA(cast)).id}/transition`,
    body: { to: 'accepted' },
  })),
  'POST /admin-phone-order': admin(async () => ({
    path: '/admin-phone-order',
    body: {
      orderType: 'pickup',
      fullName: 'Karim Uddin',
      phone: '+880 1811 222333',
      lines: [{ itemId: (await insertMenuItem(ctx)).id, quantity: 1 }],
      order_time: ORDER_TIME,
    },
  })),
  'GET /admin-order/:id/events': admin(async (cast) => ({
    path: `/admin-order/${(await paidOrderOfA(cast)).id}/events`,
  })),
  'GET /admin-order/:id/mail': admin(async (cast) => ({
    path: `/admin-order/${(await paidOrderOfA(cast)).id}/mail`,
  })),
  'GET /admin-kitchen-board': admin(async (cast) => ({
    path: `/admin-kitchen-board?ids=${(await paidOrderOfA(cast)).id}`,
  })),
  // Keeps the shop open: the body switches it to what it already is.
  'PUT /shop-status': admin(async () => ({ path: '/shop-status', body: { closed: false } })),
  'GET /availability': anyone(async () => ({ path: `/availability?date=${openDayIn(3)}&persons=4` })),
  'GET /bookings/:reference': anyone(async () => ({ path: await linkPath('') })),
  'GET /bookings/:reference/times': anyone(async () => ({ path: await linkPath('/times') })),
  'POST /bookings/:reference/cancel': anyone(async () => ({ path: await linkPath('/cancel') })),
  'POST /bookings/:reference/time': anyone(async () => ({
    path: await linkPath('/time'),
    body: { date: openDayIn(4), time: '11:00' },
  })),
  'GET /admin-day': admin(async () => ({ path: `/admin-day?date=${openDayIn(3)}` })),
  'POST /admin-reservation/:id/transition': admin(async () => ({
    path: `/admin-reservation/${(await bookedWithLink(ctx)).id}/transition`,
    body: { to: 'seated' },
  })),
  'GET /admin-reservation/:id/events': admin(async () => ({
    path: `/admin-reservation/${(await bookedWithLink(ctx)).id}/events`,
  })),
  'POST /admin-walk-ins': admin(async () => ({ path: '/admin-walk-ins', body: { persons: 2 } })),
  'GET /admin-tables': admin(async () => ({ path: '/admin-tables' })),
  'POST /admin-tables': admin(async () => ({ path: '/admin-tables', body: newTable() })),
  'PATCH /admin-tables/:id': admin(async () => ({ path: await tablePath(), body: newTable() })),
  'DELETE /admin-tables/:id': admin(async () => ({ path: await tablePath() })),
  'GET /admin-room-settings': admin(async () => ({ path: '/admin-room-settings' })),
  'PUT /admin-room-settings': admin(async () => ({
    path: '/admin-room-settings',
    body: DEFAULT_ROOM_SETTINGS,
  })),
  'PUT /admin-delivery-areas': admin(async () => ({
    path: '/admin-delivery-areas',
    body: { areas: await listAreas(ctx.db) },
  })),
  'PUT /admin-shop-hours': admin(async () => ({ path: '/admin-shop-hours', body: DEFAULT_SHOP_HOURS })),
  'GET /admin-kitchen-settings': admin(async () => ({ path: '/admin-kitchen-settings' })),
  'PUT /admin-kitchen-settings': admin(async () => ({
    path: '/admin-kitchen-settings',
    body: DEFAULT_KITCHEN_SETTINGS,
  })),
  'GET /admin-payment-settings': admin(async () => ({ path: '/admin-payment-settings' })),
  'PUT /admin-payment-settings': admin(async () => ({
    path: '/admin-payment-settings',
    body: DEFAULT_PAYMENT_SETTINGS,
  })),
  'GET /cart-promo': signedIn(async () => ({ path: '/cart-promo' })),
  'PUT /cart-promo': signedIn(async () => ({
    path: '/cart-promo',
    body: { code: (await promotion()).code },
  })),
  'DELETE /cart-promo': signedIn(async () => ({ path: '/cart-promo' })),
  'POST /my-orders/:id/again': signedIn(async (cast) => ({
    path: `/my-orders/${(await paidOrderOfA(cast)).id}/again`,
  })),
  'POST /my-orders/:id/pay': signedIn(async (cast) => ({
    path: `/my-orders/${(await unpaidOrderOfA(cast)).id}/pay`,
    body: { order_time: ORDER_TIME },
  })),
  'PUT /admin-item-stock/:id': admin(async () => ({
    path: await itemPath('/admin-item-stock'),
    body: { soldOut: true },
  })),
  'GET /admin-today': admin(async () => ({ path: '/admin-today' })),
  'GET /admin-promotions': admin(async () => ({ path: '/admin-promotions' })),
  'POST /admin-promotions': admin(async () => ({ path: '/admin-promotions', body: newPromotion() })),
  'PATCH /admin-promotions/:id': admin(async () => {
    const { _id, usesPaid: _paid, usesHeld: _held, ...terms } = await promotion();
    return { path: `/admin-promotions/${_id}`, body: { ...terms, amount: 15 } };
  }),
  'GET /my-orders/:id/events': signedIn(async (cast) => ({
    path: `/my-orders/${(await unpaidOrderOfA(cast)).id}/events`,
  })),
  // The live streams (read with fetch, as the SPA's src/api/order-stream.ts does: no ?uid=).
  'GET /my-orders-stream': signedIn(async () => ({ path: '/my-orders-stream' }), false),
  'GET /admin-order-stream': signedIn(async () => ({ path: '/admin-order-stream' }), false),
};

/** Sends a call with a token, from the storefront's origin. */
function send(method: string, call: Call, token: string | undefined): Promise<Response> {
  const headers: Record<string, string> = { Origin: SITE_ORIGIN, ...(token ? bearer(token) : {}) };
  let body: string | URLSearchParams | undefined;
  if (call.body instanceof URLSearchParams) body = call.body;
  else if (call.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(call.body);
  }
  return ctx.request(call.path, { method, headers, ...(body === undefined ? {} : { body }) });
}

/** Every route the app serves, as 'METHOD /path' (middleware registered for all methods left out). */
const servedRoutes = () =>
  [...new Set(ctx.app.routes.filter((r) => r.method !== 'ALL').map((r) => `${r.method} ${r.path}`))].sort();

/** Who the route table lets call a route, as the first three callers (none, forged, expired) see it. */
const REFUSED_WITHOUT_TOKEN = new Set(['idToken', 'signedIn', 'admin']);

describe('the table', () => {
  it('has a row for every route of the route table and every route the app serves, and no other', () => {
    expect(Object.keys(EXPECTED).sort()).toEqual(ROUTE_LIST.map(routeKey).sort());
    expect(Object.keys(EXPECTED).sort()).toEqual(servedRoutes());
    expect(Object.keys(ENDPOINTS).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it('refuses whom the route table’s access refuses: 401 without a good token, 403 to customers on admin routes', () => {
    for (const entry of ROUTE_LIST) {
      const [none, forged, expired, a, b, admin] = EXPECTED[routeKey(entry)]!;
      const refused = REFUSED_WITHOUT_TOKEN.has(entry.access);
      expect({ route: routeKey(entry), unknown: [none, forged, expired].map((s) => s === 401) }).toEqual({
        route: routeKey(entry),
        unknown: [refused, refused, refused],
      });
      if (entry.access === 'admin') expect([a, b, admin < 300]).toEqual([403, 403, true]);
    }
  });

  it('covers every call of the spec’s API table', () => {
    expect(servedRoutes()).toEqual(expect.arrayContaining(SPEC_API_TABLE));
  });

  it('marks exactly the routes guarded by requireAdmin as admin-only, as the route table does', () => {
    const guarded = new Set(
      ctx.app.routes.filter((r) => r.handler === requireAdmin).map((r) => `${r.method} ${r.path}`),
    );
    const adminOnly = Object.entries(EXPECTED)
      .filter(([, [, , , a, b, admin]]) => a === 403 && b === 403 && admin < 300)
      .map(([name]) => name);
    expect([...guarded].sort()).toEqual(adminOnly.sort());
    expect(
      ROUTE_LIST.filter((entry) => entry.access === 'admin')
        .map(routeKey)
        .sort(),
    ).toEqual(adminOnly.sort());
  });
});

describe.each(
  ROUTE_LIST.map((entry) => [routeKey(entry), EXPECTED[routeKey(entry)]!] as const),
)('%s', (name, statuses) => {
  const method = name.split(' ')[0]!;
  const endpoint = ENDPOINTS[name]!;
  // One cast per row: its cells run in the table's order, and A's account outlives every cell but the
  // admin's (the last), which may delete it.
  let cast: Cast;
  beforeAll(async () => {
    cast = await createCast(ctx);
  });

  it.each(
    CALLERS.map((caller, i) => [caller, statuses[i]!] as const),
  )('%s → %i', async (caller: Caller, status: number) => {
    const call = await callFor(endpoint, cast, uidNamedBy(cast, caller));
    const before = await databaseFingerprint(ctx);
    const response = await send(method, call, await tokenOf(cast, caller, endpoint.credential));
    // A live stream never ends on its own: its status and headers are the answer here.
    if (response.headers.get('Content-Type')?.startsWith('text/event-stream')) await response.body?.cancel();
    expect(response.status).toBe(status);
    // Every answer is the storefront's to read, and none may be sniffed or framed.
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe(SITE_ORIGIN);
    expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(response.headers.get('Content-Security-Policy')).toContain("frame-ancestors 'none'");
    if (status >= 400) {
      expect(await response.json()).toEqual({ message: expect.any(String) });
      expect(await databaseFingerprint(ctx)).toEqual(before);
    }
  });
});

const NAMING_CALLER = Object.keys(ENDPOINTS).filter((name) => ENDPOINTS[name]!.namesCaller);

describe('customer B and customer A’s data', () => {
  let cast: Cast;
  beforeAll(async () => {
    cast = await createCast(ctx);
  });

  it.each(
    NAMING_CALLER,
  )('%s: naming another account in ?uid= is refused with 403, nothing written', async (name) => {
    for (const intruder of [cast.customerB, cast.admin]) {
      const call = await callFor(ENDPOINTS[name]!, cast, cast.customerA.uid);
      const before = await databaseFingerprint(ctx);
      const response = await send(name.split(' ')[0]!, call, intruder.token);
      expect(response.status).toBe(403);
      expect(await databaseFingerprint(ctx)).toEqual(before);
    }
  });

  const read = async (path: string, who: { uid: string; token: string }) => {
    const response = await send('GET', { path: asCaller(path, who.uid) }, who.token);
    expect(response.status).toBe(200);
    return JSON.stringify(await response.json());
  };

  it('shows B neither A’s cart lines, nor A’s orders, nor A’s profile', async () => {
    const order = await unpaidOrderOfA(cast);
    const lineId = await addToCart(ctx, asA(cast), await insertMenuItem(ctx));
    const a = cast.customerA;
    for (const path of ['/add-to-cart', '/my-orders', '/profile']) {
      const seen = await read(path, cast.customerB);
      for (const secret of [lineId, order.id, order.transactionId, a.uid, a.id])
        expect(seen).not.toContain(secret);
    }
    // …while A sees them there (so these are the ids those answers would show).
    expect(await read('/add-to-cart', asA(cast))).toContain(lineId);
    expect(await read('/my-orders', asA(cast))).toContain(order.transactionId);
    expect(await read('/profile', asA(cast))).toContain(a.id);
  });
});

describe('headers and CORS', () => {
  it('sends the API’s content security policy and refuses framing on JSON answers', async () => {
    const response = await ctx.request('/all-items?category=all&limit=1');
    expect(response.headers.get('Content-Security-Policy')).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    expect(response.headers.get('X-Frame-Options')).toBe('DENY');
    expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
  });

  it('gives the sandbox payment page a policy that allows exactly its own inline style and form', async () => {
    const cast = await createCast(ctx);
    const page = sandboxPage(await unpaidOrderOfA(cast));
    const response = await ctx.request(`${page.pathname}${page.search}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';
    const hash = createHash('sha256').update(style).digest('base64');
    const policy = response.headers.get('Content-Security-Policy') ?? '';
    expect(policy.split('; ').sort()).toEqual(
      [
        "default-src 'none'",
        `style-src 'sha256-${hash}'`,
        `form-action 'self' ${new URL(ctx.sandbox.apiPublicUrl).origin} ${SITE_ORIGINS.join(' ')}`,
        "base-uri 'none'",
        "frame-ancestors 'none'",
      ].sort(),
    );
    expect(html).not.toMatch(/<script/i);
  });

  it('answers a preflight from the storefront, and nothing to another origin', async () => {
    const preflight = (origin: string) =>
      ctx.request('/add-to-cart', {
        method: 'OPTIONS',
        headers: {
          Origin: origin,
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'authorization,content-type',
        },
      });
    // Each address the storefront answers at is allowed as itself, never as another.
    for (const site of SITE_ORIGINS) {
      const ours = await preflight(site);
      expect(ours.headers.get('Access-Control-Allow-Origin')).toBe(site);
      expect(ours.headers.get('Access-Control-Allow-Headers')).toBe('Authorization,Content-Type');
    }
    const theirs = await preflight('https://evil.example');
    expect(theirs.headers.get('Access-Control-Allow-Origin')).toBeNull();
    // Look-alikes of the site's origin are other origins.
    for (const lookalike of [`${SITE_ORIGIN}.evil.example`, SITE_ORIGIN.replace('http:', 'https:'), 'null']) {
      const response = await ctx.request('/all-items?category=all&limit=1', {
        headers: { Origin: lookalike },
      });
      expect(response.headers.get('Access-Control-Allow-Origin')).toBeNull();
    }
  });

  it('never allows credentials (cookies): the API is called with a bearer token only', async () => {
    const response = await ctx.request('/all-items?category=all&limit=1', {
      headers: { Origin: SITE_ORIGIN },
    });
    expect(response.headers.get('Access-Control-Allow-Credentials')).toBeNull();
  });
});
