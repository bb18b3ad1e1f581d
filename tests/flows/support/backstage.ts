// The server-side steps a flow performs beside the browser: what the identity provider, the restaurant's
// staff, the payment gateway and the clock do to the shop while the customer's page is open. Each goes
// through the same door it would in production (the provider's API, our API as an admin, the gateway's
// signed notification); only the clock is moved in the database, since nobody can wait out a reservation.
import { readFileSync } from 'node:fs';
import { type APIRequestContext, expect } from '@playwright/test';
import dayjs from 'dayjs';
import pg from 'pg';
import type { ItemUpdate, NewItemInput, OptionGroupFormInput } from '../../../contract/admin.ts';
import { type CartLine, cartTotals } from '../../../contract/cart.ts';
import type { KitchenSettings } from '../../../contract/kitchen.ts';
import type { MenuItem } from '../../../contract/menu.ts';
import { DEFAULT_SHOP_HOURS } from '../../../contract/opening-hours.ts';
import { ORDER_TIME_FORMAT, type Order } from '../../../contract/order.ts';
import type { OrderState, OrderType, PaymentMethod } from '../../../contract/order-lifecycle.ts';
import type { PaymentSettingsInput } from '../../../contract/payment-settings.ts';
import { E2E } from '../../../playwright.config.ts';
import { notifyApp, SandboxGateway } from '../../../server/api/payments/sandbox.ts';
import { embeddedPostgresUrl } from '../../../server/db/embedded.ts';
import { DEMO_ACCOUNTS } from '../../../server/db/seed/demo-accounts.ts';
import { unique } from '../../e2e/support/accounts.ts';
import { DELIVERY } from '../../e2e/support/shop.ts';

// The project `npm start` gives the emulator (tests/e2e/support/auth-emulator.ts); its admin calls take
// the emulator's owner token.
const PROJECT_ID = 'demo-pizzon';
const TOOLKIT = `http://127.0.0.1:${E2E.ports.auth}/identitytoolkit.googleapis.com/v1`;
const OWNER = { Authorization: 'Bearer owner' };

export interface Account {
  uid: string;
  email: string;
  password: string;
  displayName: string;
}

async function ok<T>(response: Awaited<ReturnType<APIRequestContext['get']>>, what: string): Promise<T> {
  if (!response.ok()) throw new Error(`${what}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

/** The provider's own sign-in: its ID token, which our API exchanges for an API token. */
async function providerIdToken(request: APIRequestContext, account: { email: string; password: string }) {
  const response = await request.post(`${TOOLKIT}/accounts:signInWithPassword?key=flows`, {
    data: { email: account.email, password: account.password, returnSecureToken: true },
  });
  return (await ok<{ idToken: string; localId: string }>(response, 'provider sign-in')).idToken;
}

/** The provider creates an account, as a sign-up elsewhere would (no record in our database yet). */
export async function createProviderAccount(
  request: APIRequestContext,
  email: string,
  password: string,
): Promise<{ uid: string; idToken: string }> {
  const response = await request.post(`${TOOLKIT}/accounts:signUp?key=flows`, {
    data: { email, password, returnSecureToken: true },
  });
  const body = await ok<{ idToken: string; localId: string }>(response, 'provider sign-up');
  return { uid: body.localId, idToken: body.idToken };
}

/** What the provider's console does to an account: disable it, give it another password or name. */
export async function changeProviderAccount(
  request: APIRequestContext,
  uid: string,
  changes: { disableUser?: boolean; password?: string; displayName?: string },
): Promise<void> {
  const response = await request.post(`${TOOLKIT}/projects/${PROJECT_ID}/accounts:update`, {
    headers: OWNER,
    data: { localId: uid, ...changes },
  });
  await ok(response, 'provider account change');
}

/** The provider's uid of an account made in the browser. */
export async function providerUid(request: APIRequestContext, email: string): Promise<string> {
  const response = await request.post(`${TOOLKIT}/projects/${PROJECT_ID}/accounts:lookup`, {
    headers: OWNER,
    data: { email: [email] },
  });
  const { users } = await ok<{ users?: Array<{ localId: string }> }>(response, 'provider look-up');
  if (!users?.[0]) throw new Error(`the provider has no account for ${email}`);
  return users[0].localId;
}

/** Our API, called as one signed-in account. */
export class Api {
  constructor(
    private readonly request: APIRequestContext,
    readonly token: string,
  ) {}

  async call<T>(method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', path: string, data?: unknown) {
    const response = await this.request.fetch(`${E2E.apiURL}/${path}`, {
      method,
      headers: { Authorization: `Bearer ${this.token}` },
      ...(data === undefined ? {} : { data }),
    });
    return ok<T>(response, `${method} /${path}`);
  }
}

async function apiFor(request: APIRequestContext, account: Account): Promise<Api> {
  const idToken = await providerIdToken(request, account);
  const response = await request.post(`${E2E.apiURL}/jwt`, {
    headers: { Authorization: `Bearer ${idToken}` },
    data: { uid: account.uid },
  });
  return new Api(request, (await ok<{ token: string }>(response, 'POST /jwt')).token);
}

/** The picture the flows' customers chose (a profile can not be saved without one). */
export const CUSTOMER_PHOTO = '/images/chefs/chef-1.svg';

/** A customer registered as the sign-up page registers one, and our API as them. */
export async function newCustomer(
  request: APIRequestContext,
  displayName: string,
): Promise<{ account: Account; api: Api }> {
  const email = `flow-${unique()}@pizzon.test`;
  const password = 'pizza1';
  const { uid, idToken } = await createProviderAccount(request, email, password);
  // The sign-up page names the provider's account too: the navbar shows that name.
  await changeProviderAccount(request, uid, { displayName });
  const response = await request.post(`${E2E.apiURL}/users`, {
    headers: { Authorization: `Bearer ${idToken}` },
    data: { uid, displayName, email, photoURL: CUSTOMER_PHOTO, role: 'user' },
  });
  await ok(response, 'POST /users');
  const account = { uid, email, password, displayName };
  return { account, api: await apiFor(request, account) };
}

/**
 * Customers the paths of one file share, a new one every `visits`: our API lets one account check out
 * ten times a minute and the whole suite sign up thirty accounts a minute from this address.
 */
const regulars = new Map<string, { account: Account; token: string; visits: number }>();
export async function regularCustomer(
  request: APIRequestContext,
  displayName: string,
  visits = 8,
): Promise<{ account: Account; api: Api }> {
  const known = regulars.get(displayName);
  if (known && known.visits < visits) {
    known.visits++;
    return { account: known.account, api: new Api(request, known.token) };
  }
  const { account, api } = await newCustomer(request, displayName);
  regulars.set(displayName, { account, token: api.token, visits: 1 });
  return { account, api };
}

export const ADMIN = DEMO_ACCOUNTS[0];

/** What the flows' own dishes are made of, besides their name and stock. */
export const DISH = {
  price: 8.5,
  image: '/images/menu/margherita-napoletana.svg',
  category: 'pizza',
  description: 'Made for a model-based flow; it leaves the menu when the flow ends.',
} as const;

let staffToken: string | undefined;

/** The restaurant's staff, through the admin API. */
export class Staff {
  private constructor(readonly api: Api) {}

  /** The admin's API token is asked for once per worker (it lasts an hour). */
  static async signIn(request: APIRequestContext): Promise<Staff> {
    staffToken ??= (await apiFor(request, { ...ADMIN })).token;
    return new Staff(new Api(request, staffToken));
  }

  /** A dish of the flow's own, so its stock can change without touching anyone else's. */
  async addItem(
    name: string,
    quantity: number,
    price = DISH.price,
    options: OptionGroupFormInput[] = [],
  ): Promise<MenuItem> {
    const item: NewItemInput = { ...DISH, name: `${name} ${unique()}`, price, quantity, options };
    const { insertedId } = await this.api.call<{ insertedId: string }>('POST', 'add-item', item);
    return this.item(insertedId);
  }

  item(id: string): Promise<MenuItem> {
    return this.api.call<MenuItem>('GET', `admin-item-update/${id}`);
  }

  /** Saves an item as the Update item form does; answers whether anything changed. */
  async updateItem(id: string, changes: Partial<ItemUpdate>): Promise<boolean> {
    const { name, price, quantity, image, description } = { ...(await this.item(id)), ...changes };
    const result = await this.api.call<{ modifiedCount: number }>('PATCH', `admin-item-update/${id}`, {
      name,
      price,
      quantity,
      image,
      description,
    });
    return result.modifiedCount > 0;
  }

  async setStock(id: string, quantity: number): Promise<void> {
    await this.updateItem(id, { quantity });
  }

  async deleteItem(id: string): Promise<void> {
    await this.api.call('DELETE', `item-delete/${id}`);
  }

  async moveOrder(orderId: string, to: OrderState, note?: string): Promise<void> {
    await this.api.call('POST', `admin-order/${orderId}/transition`, note ? { to, note } : { to });
  }

  /** How customers may pay (Admin → Delivery). */
  async setPayments(settings: PaymentSettingsInput): Promise<void> {
    await this.api.call('PUT', 'admin-payment-settings', settings);
  }

  /** The kitchen's busy switch, the rest of its rules as they are. */
  async setBusy(busy: boolean): Promise<void> {
    const settings = await this.api.call<KitchenSettings>('GET', 'admin-kitchen-settings');
    await this.api.call('PUT', 'admin-kitchen-settings', { ...settings, busy });
  }

  /**
   * The shop's week: open around the clock while a flow needs as soon as possible whatever the hour
   * (`open` false: the seed's hours back, as the storefront's own pages show them).
   */
  async openAroundTheClock(open: boolean): Promise<void> {
    const week = DEFAULT_SHOP_HOURS.week.map((day) =>
      open ? { day: day.day, opens: '00:00', closes: '23:59', closed: false } : day,
    );
    await this.api.call('PUT', 'admin-shop-hours', { week, closedDates: [] });
  }
}

/**
 * The customer's checkout made through the API, as the checkout page makes it (a delivery to the
 * seeded area, or a pickup; as soon as possible, or in a `slot` GET /order-slots offered): answers the
 * order.
 */
export async function placeOrder(
  api: Api,
  fullName: string,
  email: string,
  orderType: OrderType = 'delivery',
  paymentMethod: PaymentMethod = 'online',
  slot?: string,
): Promise<Order> {
  const lines = await api.call<CartLine[]>('GET', 'add-to-cart');
  expect(lines.length, 'the cart has lines').toBeGreaterThan(0);
  const { url } = await api.call<{ url: string }>('POST', 'create-payment-intent', {
    fullName,
    email,
    ...DELIVERY,
    orderType,
    paymentMethod,
    total_price: cartTotals(lines, 0, orderType === 'pickup' ? null : undefined).totalPrice,
    order_time: dayjs().format(ORDER_TIME_FORMAT),
    ...(slot === undefined ? {} : { slot }),
  });
  // The gateway's page, or a cash order's confirmation on the storefront.
  const transactionId = decodeURIComponent(new URL(url, E2E.baseURL).pathname.split('/').at(-1)!);
  const order = (await api.call<Order[]>('GET', 'my-orders?limit=5')).find(
    (row) => row.transaction_id === transactionId,
  );
  if (!order) throw new Error(`order ${transactionId} is not in My order`);
  return order;
}

/** The built-in gateway's signed server-to-server notification, as its Pay and Fail buttons send it. */
export async function notifyPayment(order: Order, outcome: 'paid' | 'failed'): Promise<void> {
  const secret = readFileSync(`${E2E.dataDir}/sandbox-payment-secret`, 'utf8').trim();
  // From outside the API's process, over the network to its IPN route, as a real gateway's would come.
  const gateway = new SandboxGateway({
    secret,
    apiPublicUrl: E2E.apiURL,
    notify: notifyApp((path, init) => fetch(`${E2E.apiURL}${path}`, init)),
  });
  const cents = Math.round(order.total_price * 100);
  await gateway.notify(gateway.notificationFields(order.transaction_id, outcome, cents));
}

/** Moves an order's creation back a day: its reservation has lapsed, as if the customer had gone away. */
export async function ageOrder(order: Order): Promise<void> {
  const client = new pg.Client({ connectionString: embeddedPostgresUrl(E2E.ports.pg, 'pizzon') });
  await client.connect();
  try {
    await client.query(
      // A hold checkout set moves back with it (docs/decisions/042-holds-by-behaviour.md).
      `update orders set created_at = created_at - interval '1 day', hold_until = hold_until - interval '1 day'
        where transaction_id = $1`,
      [order.transaction_id],
    );
  } finally {
    await client.end();
  }
}

/**
 * Runs the reservation sweep now: a checkout short of stock releases the lapsed reservations first
 * (services/checkout.ts), so another customer asks for a dish that has just sold out. Their checkout is
 * refused all the same; the lapsed orders have expired by the job meanwhile.
 */
export async function runExpirySweep(request: APIRequestContext, staff: Staff): Promise<void> {
  const { account, api } = await regularCustomer(request, 'Sweep Trigger');
  const dish = await staff.addItem('Last slice', 1);
  await api.call('POST', 'add-to-cart', { itemId: dish._id, quantity: 1 });
  await staff.setStock(dish._id, 0);
  await expect(placeOrder(api, account.displayName, account.email)).rejects.toThrow(/409/);
  await staff.deleteItem(dish._id);
}
