// Open orders on the kitchen board of a running stack, put there as staff put them: phone orders
// (POST /admin-phone-order, paid in cash, so each lands in Placed at once) with varied lines, pickups
// and deliveries, a few for a later slot GET /order-slots offers, then some moved on with the board's
// own call (POST /admin-order/:id/transition). The product's limits stay as they are: a phone order
// spends its taker's checkout quota (10 a minute an account), so the calls go round the staff given
// and, when the quota refuses one, wait as long as its Retry-After says, as staff on the phone would.
import dayjs from 'dayjs';
import * as v from 'valibot';
import { DeliveryAreaListSchema } from '../../contract/delivery.ts';
import { type OrderSlots, OrderSlotsSchema, slotLinesText } from '../../contract/kitchen.ts';
import { type MenuItem, MenuItemListSchema, MenuItemSchema } from '../../contract/menu.ts';
import { takesSeveral } from '../../contract/options.ts';
import { ORDER_TIME_FORMAT, type Order, OrderSchema } from '../../contract/order.ts';
import { nextKitchenStep } from '../../contract/order-lifecycle.ts';
import { type PhoneOrderBody, PhoneOrderTakenSchema } from '../../contract/phone-order.ts';

/** A member of staff signed in: their uid and our API token. */
export interface StaffAccount {
  uid: string;
  token: string;
}

/** How far on the orders are moved: how many accepted, being prepared, and out (or ready to collect). */
export interface KitchenMoves {
  accepted?: number;
  preparing?: number;
  out?: number;
}

export interface KitchenOrdersOptions {
  /** The API's address, no trailing slash. */
  api: string;
  /** Who takes the calls, in turn (at least one). */
  staff: readonly StaffAccount[];
  /** How many open orders to put on the board. */
  count: number;
  /** How many of them are for a later slot (in the Later rail until their start); 1 unless said. */
  later?: number;
  /** How many of the orders for now to move on, the first ones taken first. */
  moves?: KitchenMoves;
  /** Told of each wait a limit asked for. */
  log?: (line: string) => void;
}

/** What the kitchen reads on the lines: allergies set apart, and the usual asks. */
const INSTRUCTIONS = [
  'No nuts — allergy',
  '',
  'Extra crispy',
  '',
  'Gluten-free base please — coeliac',
  'Cut in squares',
  '',
  'No onions',
] as const;
const CUSTOMERS = [
  'Nadia Rahman',
  'Omar Faruk',
  'Rina Das',
  'Imran Hossain',
  'Sara Ahmed',
  'Tanvir Alam',
  'Mitu Akter',
  'Jamal Uddin',
  'Farah Khan',
  'Arif Chowdhury',
] as const;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The longest wait a refusal is followed: a quota's window is a minute. */
const LONGEST_WAIT_S = 90;

/**
 * One call as `staff`. A refusal that says when to come back (429 over a quota, 503 while the API
 * sheds load) is sent again after that wait; any other refusal is an error.
 */
async function call(
  options: KitchenOrdersOptions,
  staff: StaffAccount,
  method: string,
  path: string,
  body?: unknown,
): Promise<unknown> {
  for (;;) {
    // Every signed-in call names its caller, as the storefront's do.
    const url = `${options.api}${path}${path.includes('?') ? '&' : '?'}uid=${encodeURIComponent(staff.uid)}`;
    const response = await fetch(url, {
      method,
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${staff.token}` },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const retryAfter = Number(response.headers.get('Retry-After'));
    if ((response.status === 429 || response.status === 503) && retryAfter > 0) {
      const seconds = Math.min(retryAfter, LONGEST_WAIT_S);
      options.log?.(
        `${method} ${path.split('?')[0]} answered ${response.status}: waiting ${seconds} s as asked`,
      );
      await response.body?.cancel();
      await sleep(seconds * 1000);
      continue;
    }
    const answer = (await response.json()) as unknown;
    if (!response.ok)
      throw new Error(`${method} ${path} answered ${response.status}: ${JSON.stringify(answer)}`);
    return answer;
  }
}

/** Each single-choice group's second choice (a size up, another crust) and a group's first extra. */
function chosen(item: MenuItem): string[] | undefined {
  const groups = item.options ?? [];
  if (groups.length === 0) return undefined;
  return groups.flatMap((group) => {
    const open = group.choices.filter((choice) => choice.available);
    if (takesSeveral(group)) return open.slice(0, 1).map((choice) => choice._id);
    const pick = open.find((choice) => !choice.default) ?? open[0];
    return pick ? [pick._id] : [];
  });
}

interface Menu {
  pizzas: MenuItem[];
  sides: MenuItem[];
  /** The units each item has left, as the orders taken so far leave them. */
  left: Map<string, number>;
}

async function readMenu(options: KitchenOrdersOptions, staff: StaffAccount): Promise<Menu> {
  const all = v.parse(
    MenuItemListSchema,
    await call(options, staff, 'GET', '/all-items?category=all&limit=0'),
  );
  const inStock = all.filter((item) => item.quantity > 0);
  // Each pizza's own answer carries its options.
  const pizzas = await Promise.all(
    inStock
      .filter((item) => item.category === 'pizza')
      .map(async (item) =>
        v.parse(MenuItemSchema, await call(options, staff, 'GET', `/item-detail/${item._id}`)),
      ),
  );
  const sides = inStock.filter((item) => item.category !== 'pizza');
  if (pizzas.length === 0 || sides.length === 0) throw new Error('The menu has no pizza or no side in stock');
  return { pizzas, sides, left: new Map(inStock.map((item) => [item._id, item.quantity])) };
}

/** The first of `items` from the `n`th on with `quantity` units left, taken from what is left. */
function take(menu: Menu, items: MenuItem[], n: number, quantity: number): MenuItem {
  for (let k = 0; k < items.length; k += 1) {
    const item = items[(n + k) % items.length]!;
    const left = menu.left.get(item._id) ?? 0;
    if (left < quantity) continue;
    menu.left.set(item._id, left - quantity);
    return item;
  }
  throw new Error('The menu has run out of stock for more orders');
}

/** Order `n`'s lines: a pizza (with options and instructions on most), and a side on every other one. */
function linesOf(menu: Menu, n: number): PhoneOrderBody['lines'] {
  const quantity = 1 + (n % 2);
  const pizza = take(menu, menu.pizzas, n, quantity);
  const choices = n % 3 === 2 ? undefined : chosen(pizza);
  const lines: PhoneOrderBody['lines'] = [
    {
      itemId: pizza._id,
      quantity,
      ...(choices ? { choices } : {}),
      instructions: INSTRUCTIONS[n % INSTRUCTIONS.length]!,
    },
  ];
  if (n % 2 === 0) {
    const sides = 1 + (n % 3);
    lines.push({ itemId: take(menu, menu.sides, n, sides)._id, quantity: sides });
  }
  return lines;
}

/**
 * Puts `count` open orders on the board, the last `later` of them for a later slot, then moves the
 * first orders for now on; the orders as the server has them after, in the order they were taken.
 */
export async function putKitchenOrders(options: KitchenOrdersOptions): Promise<Order[]> {
  const { staff, count, later = 1, moves = {} } = options;
  if (staff.length === 0) throw new Error('putKitchenOrders needs at least one member of staff');
  const first = staff[0]!;
  const menu = await readMenu(options, first);
  const areas = v.parse(DeliveryAreaListSchema, await call(options, first, 'GET', '/delivery-areas'));
  // An area with no postcodes takes every one.
  const postcode = areas.some((area) => area.postcodes.length === 0)
    ? '1205'
    : areas.flatMap((area) => area.postcodes)[0];
  if (!postcode) throw new Error('No delivery area: set one in Admin → Delivery');

  // Outside the hours an order for now is taken for the opening: it would wait in Later, not on the rail.
  const now: OrderSlots = v.parse(
    OrderSlotsSchema,
    await call(options, first, 'GET', `/order-slots?orderType=pickup&lines=${menu.pizzas[0]!._id}:1`),
  );
  if (count > later && now.asap === null)
    throw new Error(
      `The shop is closed now${now.opensAt ? ` (it opens ${now.opensAt.date} at ${now.opensAt.time})` : ''}: orders for now would wait for the opening`,
    );

  const orders: Order[] = [];
  for (let n = 0; n < count; n += 1) {
    const taker = staff[n % staff.length]!;
    const lines = linesOf(menu, n);
    const forLater = n >= count - later;
    const pickup = n % 3 === 1;
    const orderType = pickup ? 'pickup' : 'delivery';
    let slot: string | null = null;
    if (forLater) {
      const query = new URLSearchParams({ orderType, lines: slotLinesText(lines) });
      if (!pickup) query.set('postcode', postcode);
      const slots: OrderSlots = v.parse(
        OrderSlotsSchema,
        await call(options, taker, 'GET', `/order-slots?${query}`),
      );
      // Two hours on, or the last slot offered: well after the kitchen would start an order for now.
      const wanted = Date.now() + 2 * 3_600_000;
      slot =
        (slots.slots.find((offered) => Date.parse(offered.at) >= wanted) ?? slots.slots.at(-1))?.at ?? null;
      if (slot === null) throw new Error('GET /order-slots offered no later slot');
    }
    const name = CUSTOMERS[n % CUSTOMERS.length]!;
    const customer = {
      fullName: name,
      phone: `01711 ${String(100_000 + n).slice(-6)}`,
      email: n % 4 === 0 ? '' : `${name.split(' ')[0]!.toLowerCase()}${n}@example.com`,
    };
    const body: PhoneOrderBody = {
      ...(pickup
        ? { orderType: 'pickup', ...customer }
        : {
            orderType: 'delivery',
            ...customer,
            address: `${12 + n} Lake Road, Dhanmondi`,
            postcode,
            city: 'Dhaka',
          }),
      lines,
      slot,
      paymentMethod: 'cash',
      order_time: dayjs().format(ORDER_TIME_FORMAT),
    };
    const taken = v.parse(
      PhoneOrderTakenSchema,
      await call(options, taker, 'POST', '/admin-phone-order', body),
    );
    orders.push(taken.order);
  }

  // The orders for now, moved on: the first `out` three steps, the next `preparing` two, then `accepted` one.
  const forNow = orders.slice(0, count - later);
  const { accepted = 0, preparing = 0, out = 0 } = moves;
  const stepsFor = (n: number) =>
    n < out ? 3 : n < out + preparing ? 2 : n < out + preparing + accepted ? 1 : 0;
  for (const [n, order] of forNow.entries()) {
    let current = order;
    for (let step = 0; step < stepsFor(n); step += 1) {
      const to = nextKitchenStep(
        current.state,
        current.order_type ?? 'delivery',
        current.payment_method ?? 'online',
      );
      if (!to) break;
      current = v.parse(
        OrderSchema,
        await call(options, staff[n % staff.length]!, 'POST', `/admin-order/${current._id}/transition`, {
          to,
        }),
      );
    }
    forNow[n] = current;
  }
  return [...forNow, ...orders.slice(count - later)];
}
