// The customer's cart (machines/cart.machine.ts) replayed in one tab, from signing in to signing out:
// adds from the Menu's cards (or, once the dish is in the cart, from its page: the card then counts it),
// quantities and removals on My cart, a refused checkout that reads the cart again, a promo code put on
// the cart and taken off. The page is never reloaded (that would start another cart); every state is
// checked on My cart and the navbar. Refusals are the server's own (a dish sold out, a price changed),
// but for a quantity's, a removal's and a code's (see their actions).
import { expect, type Page } from '@playwright/test';
import { CART_LINE_MAX_UNITS, type CartLine, type CartTotals } from '../../contract/cart.ts';
import type { MenuItem } from '../../contract/menu.ts';
import { formatAmount, formatCartPrice, toCents } from '../../contract/money.ts';
import { type CartPromo, NO_CART_PROMO } from '../../contract/promotions.ts';
import { cartMachine } from '../../machines/cart.machine.ts';
import { logIn, mainNav, unique } from '../e2e/support/accounts.ts';
import { type Account, type Api, DISH, newCustomer, Staff } from './support/backstage.ts';
import { type Fixtures, flowTests } from './support/flow.ts';
import { Gate } from './support/gate.ts';
import { type WorldSnapshot, withSilentEffects } from './support/graph.ts';

const UNREACHABLE = 'We could not reach Pizzon. Check your connection and try again.';
const PRICES = [DISH.price, 9.5];
/** A is in the cart when the customer signs in; B is added from the Menu. */
type Dish = 'A' | 'B';
const NAMES: Record<Dish, string> = { A: 'Flow Cart A', B: 'Flow Cart B' };
const STOCK: Record<Dish, number> = { A: 3, B: 5 };

interface World extends Fixtures {
  account: Account;
  api: Api;
  staff: Staff;
  dishes: Record<Dish, MenuItem>;
  add: Gate;
  save: Gate;
  remove: Gate;
  /** The code made for this flow (a fixed 1.00 tk off the food), and the gates of its three calls. */
  code: string;
  quote: Gate;
  apply: Gate;
  unapply: Gate;
}

/** What the flow's code takes off: 1.00 tk, never more than the food. */
const CODE_OFF = 1;

/**
 * The server's cart (oldest line first) and the two dishes as the menu has them; and the cart the
 * page keeps from its last read (src/api/cart.ts caches it until a change of its own succeeds), which
 * answers the next read at once, without a call.
 */
interface Server {
  cart: Array<{ dish: Dish; quantity: number }>;
  price: Record<Dish, number>;
  stock: Record<Dish, number>;
  cached: CartLine[] | null;
  /** The code is on the server's cart (it stays there across sign-outs). */
  promo: boolean;
}
type Context = {
  lines: CartLine[];
  totals: CartTotals;
  promo: CartPromo;
  promoError: string | null;
  error: string | null;
  saving: { id: string; quantity: number } | null;
};
const contextOf = (snapshot: { context: unknown }) => snapshot.context as Context;
const dishOf = (line: { itemId: string }) => line.itemId.slice(-1) as Dish;

const lineOf = (server: Server, dish: Dish, quantity: number): CartLine => ({
  _id: `line-${dish}`,
  uid: 'customer',
  itemId: `dish-${dish}`,
  name: NAMES[dish],
  price: server.price[dish],
  image: DISH.image,
  category: 'pizza',
  quantity,
  stock: server.stock[dish],
});
const listed = (server: Server) => server.cart.map(({ dish, quantity }) => lineOf(server, dish, quantity));

/** The server's price of the code on its cart now (the flow's name for it: the real code is the world's). */
function quoteOf(server: Server): CartPromo {
  if (!server.promo) return NO_CART_PROMO;
  const food = listed(server).reduce((sum, line) => sum + toCents(line.price) * line.quantity, 0);
  return { code: 'FLOW', discount: Math.min(toCents(CODE_OFF), food) / 100, refusal: null };
}

/** The first line's stepper: what My cart lets the customer click. */
function quantitySteps(line: CartLine | undefined) {
  if (!line) return [];
  const max = Math.min(line.stock, CART_LINE_MAX_UNITS);
  return [
    ...(line.quantity < max ? [{ type: 'cart.setQuantity', id: line._id, quantity: line.quantity + 1 }] : []),
    ...(line.quantity > 1 ? [{ type: 'cart.setQuantity', id: line._id, quantity: line.quantity - 1 }] : []),
  ];
}

function effectAnswers(snapshot: WorldSnapshot<Server>['machine'], server: Server) {
  const { saving } = contextOf(snapshot);
  if (snapshot.matches('loading')) {
    return [
      {
        type: 'xstate.done.actor.fetchCart',
        output: { lines: server.cached ?? listed(server), promo: quoteOf(server) },
      },
      { type: 'xstate.error.actor.fetchCart', error: new Error(UNREACHABLE) },
    ];
  }
  if (snapshot.matches('adding')) {
    const inCart = server.cart.find((line) => line.dish === 'B')?.quantity ?? 0;
    return [
      // A line of its own, or one more on the line already there (the same options: the defaults).
      ...(inCart < server.stock.B
        ? [
            { type: 'xstate.done.actor.addLine', output: { insertedId: 'line-B', message: '' } },
            // The same addition (its key) reached the server first, from a page reloaded meanwhile: the
            // server adds it once and answers this one as already added.
            { type: 'xstate.done.actor.addLine', output: { insertedId: null, message: '' } },
          ]
        : []),
      { type: 'xstate.error.actor.addLine', error: new Error(`${NAMES.B} is no longer in stock`) },
    ];
  }
  if (snapshot.matches('saving')) {
    const dish = saving!.id.slice(-1) as Dish;
    return [
      { type: 'xstate.done.actor.saveQuantity', output: lineOf(server, dish, saving!.quantity) },
      { type: 'xstate.error.actor.saveQuantity', error: new Error(UNREACHABLE) },
    ];
  }
  if (snapshot.matches('applyingPromo')) {
    return [
      { type: 'xstate.done.actor.applyPromo', output: quoteOf({ ...server, promo: true }) },
      { type: 'xstate.error.actor.applyPromo', error: new Error(UNREACHABLE) },
    ];
  }
  if (snapshot.matches('removingPromo')) {
    return [
      { type: 'xstate.done.actor.removePromo', output: { deletedCount: 1 } },
      { type: 'xstate.error.actor.removePromo', error: new Error(UNREACHABLE) },
    ];
  }
  if (snapshot.matches('removing')) {
    return [
      { type: 'xstate.done.actor.removeLine', output: { deletedCount: 1 } },
      { type: 'xstate.error.actor.removeLine', error: new Error(UNREACHABLE) },
    ];
  }
  return [];
}

function serverAfter(
  server: Server,
  event: { type: string },
  before: WorldSnapshot<Server>['machine'],
): Server {
  const { lines, saving } = contextOf(before);
  const first = lines[0] ? dishOf(lines[0]) : undefined;
  switch (event.type) {
    case 'cart.refresh':
      // From a ready cart, a checkout refused because the first dish's price changed meanwhile; the
      // checkout drops the page's cart before asking for it again.
      if (!before.matches('ready') || !first) return server;
      return {
        ...server,
        price: { ...server.price, [first]: PRICES.find((price) => price !== server.price[first])! },
        cached: null,
      };
    case 'xstate.done.actor.fetchCart':
      return { ...server, cached: (event as unknown as { output: { lines: CartLine[] } }).output.lines };
    case 'xstate.done.actor.applyPromo':
      return { ...server, promo: true };
    case 'xstate.done.actor.removePromo':
      return { ...server, promo: false };
    case 'xstate.error.actor.fetchCart':
      return { ...server, cached: null };
    // Either way the dish went in once: by this call, or by the same addition sent first.
    case 'xstate.done.actor.addLine':
      return {
        ...server,
        cart: server.cart.some((line) => line.dish === 'B')
          ? server.cart.map((line) => (line.dish === 'B' ? { ...line, quantity: line.quantity + 1 } : line))
          : [...server.cart, { dish: 'B', quantity: 1 }],
        cached: null,
      };
    case 'xstate.done.actor.saveQuantity': {
      const dish = saving!.id.slice(-1) as Dish;
      return {
        ...server,
        cart: server.cart.map((line) => (line.dish === dish ? { dish, quantity: saving!.quantity } : line)),
        cached: null,
      };
    }
    case 'xstate.done.actor.removeLine':
      return { ...server, cart: server.cart.filter((line) => line.dish !== first), cached: null };
    // A refused change drops the page's cached cart too (src/api/cart.ts): the cart is read again for real.
    case 'xstate.error.actor.saveQuantity':
    case 'xstate.error.actor.removeLine':
      return { ...server, cached: null };
    default:
      return server;
  }
}

const realName = (world: World, name: string) =>
  name === NAMES.A ? world.dishes.A.name : name === NAMES.B ? world.dishes.B.name : name;
const cartLines = (page: Page) => page.getByRole('list', { name: 'Cart lines' }).getByRole('listitem');

/** Every state is looked at on My cart, reached through the navbar as a customer would. */
async function onMyCart(page: Page) {
  if (!new URL(page.url()).pathname.endsWith('/user-dashboard/my-cart')) {
    await mainNav(page)
      .getByRole('link', { name: /^Cart: / })
      .click();
  }
  await expect(page.getByRole('heading', { name: 'My cart', exact: true })).toBeVisible();
}

async function expectNavbarTotals(page: Page, { totalQty, totalPrice }: CartTotals) {
  await expect(
    mainNav(page).getByRole('link', {
      name: `Cart: ${totalQty} items, ${formatAmount(toCents(totalPrice))}`,
      exact: true,
    }),
  ).toBeVisible();
}

/** The lines as the machine has them, each with what may be clicked on it. */
async function expectLines(
  world: World,
  lines: CartLine[],
  controls: (line: CartLine) => { remove: boolean; increase: boolean; decrease: boolean },
) {
  const rows = cartLines(world.page);
  await expect(rows).toHaveCount(lines.length);
  for (const [index, line] of lines.entries()) {
    const row = rows.nth(index);
    const name = realName(world, line.name);
    await expect(row).toContainText(name);
    await expect(row).toContainText(`${formatCartPrice(toCents(line.price))} × ${line.quantity}`);
    await expect(row.getByRole('status', { name: 'Quantity' })).toHaveText(String(line.quantity));
    const allowed = controls(line);
    const expectEnabled = async (button: ReturnType<Page['getByRole']>, enabled: boolean) =>
      enabled ? expect(button).toBeEnabled() : expect(button).toBeDisabled();
    await expectEnabled(row.getByRole('button', { name: `Remove ${name}` }), allowed.remove);
    await expectEnabled(row.getByRole('button', { name: 'Increase quantity' }), allowed.increase);
    await expectEnabled(row.getByRole('button', { name: 'Decrease quantity' }), allowed.decrease);
  }
}

const NOTHING = { remove: false, increase: false, decrease: false };

/** The code as My cart shows it: on the cart with what it takes off, or none; a refused request's reason. */
async function expectPromo(world: World, machine: WorldSnapshot<Server>['machine']) {
  const { promo, promoError } = contextOf(machine);
  const summary = world.page.getByRole('complementary');
  if (promo.code) {
    await expect(summary).toContainText(
      `Code ${world.code}−${formatCartPrice(toCents(promo.discount))} off the food`,
    );
    await expect(summary).toContainText(
      `Discount (${world.code})−${formatCartPrice(toCents(promo.discount))}`,
    );
    await expect(summary.getByRole('button', { name: 'Remove code' })).toBeEnabled();
  } else {
    await expect(summary.getByRole('button', { name: 'Remove code' })).toHaveCount(0);
  }
  const form = world.page.getByRole('form', { name: 'Promo code' });
  await expect(form).toHaveAttribute('aria-busy', 'false');
  if (promoError) await expect(summary.getByRole('alert')).toHaveText(promoError);
  else await expect(summary.getByRole('alert')).toHaveCount(0);
}

/** A call in flight: My cart shows the lines with every control disabled; the call is still open. */
function busyScreen(gate: (world: World) => Gate, what: string) {
  return async (world: World, { machine }: WorldSnapshot<Server>) => {
    const { lines, totals } = contextOf(machine);
    await onMyCart(world.page);
    await expectNavbarTotals(world.page, totals);
    if (lines.length === 0 && machine.matches('loading')) {
      await expect(world.page.getByRole('status').filter({ hasText: /^Loading$/ })).toBeVisible();
    } else {
      await expectLines(world, lines, () => NOTHING);
    }
    await expect.poll(() => gate(world).holding, { message: what }).toBe(true);
  };
}

async function openCheckout(world: World) {
  const { page } = world;
  await onMyCart(page);
  await page.getByRole('link', { name: 'Process to Checkout' }).click();
  const form = page.getByRole('form', { name: 'Shipping Details' });
  // The address comes from the profile (what the page remembers); the rest is typed.
  await expect(form.getByLabel('Address *')).not.toHaveValue('');
  await form.getByLabel('Phone *').fill('01700 000000');
  await form.getByLabel('Postcode *').fill('1205');
  await form.getByLabel('City *').fill('Dhaka');
  return form;
}

flowTests<World, Server>({
  machine: withSilentEffects(cartMachine),
  server: {
    cart: [{ dish: 'A', quantity: 1 }],
    price: { A: DISH.price, B: DISH.price },
    stock: STOCK,
    cached: null,
    promo: false,
  },
  events: (snapshot, server) => {
    if (snapshot.matches('signedOut')) return [{ type: 'cart.load' }];
    const { lines } = contextOf(snapshot);
    // The code, typed on My cart (the real one is the world's), is put on a cart of one line and, while
    // on, only a quantity changes (a cart with a code is read again after it) before it is taken off: the
    // rest of the cart's walk is the same with or without a code, and twice it would not plan in time.
    if (server.promo) {
      return [
        ...(snapshot.matches('ready') ? [{ type: 'cart.removePromo' }] : []),
        ...quantitySteps(lines[0]).slice(0, 1),
        ...effectAnswers(snapshot, server),
      ];
    }
    return [
      { type: 'cart.clear' },
      { type: 'cart.refresh' },
      { type: 'cart.add', itemId: 'dish-B', quantity: 1, name: NAMES.B },
      ...(lines[0] ? [{ type: 'cart.remove', id: lines[0]._id }] : []),
      ...quantitySteps(lines[0]),
      ...(lines.length === 1 ? [{ type: 'cart.applyPromo', code: 'FLOW' }] : []),
      ...effectAnswers(snapshot, server),
    ];
  },
  serverAfter,
  label: (event) => {
    if (event.type === 'cart.setQuantity')
      return `cart.setQuantity ${(event as unknown as { quantity: number }).quantity}`;
    if (event.type === 'xstate.done.actor.addLine') {
      return (event as unknown as { output: { insertedId: string | null } }).output.insertedId
        ? 'addLine done (added)'
        : 'addLine done (already there)';
    }
    return undefined;
  },
  timeoutMs: 90_000,

  calls: {
    // A read of the cart asks for its lines (which the page may answer from its cache) and its code: the
    // code's read is the one always made, and the one held.
    fetchCart: { gate: (world) => world.quote },
    applyPromo: { gate: (world) => world.apply },
    removePromo: { gate: (world) => world.unapply },
    addLine: { gate: (world) => world.add },
    saveQuantity: { gate: (world) => world.save },
    removeLine: { gate: (world) => world.remove },
  },

  async setup(fixtures) {
    const { page, request } = fixtures;
    const staff = await Staff.signIn(request);
    const dishes = { A: await staff.addItem(NAMES.A, STOCK.A), B: await staff.addItem(NAMES.B, STOCK.B) };
    const code = `FLOW${unique()
      .toUpperCase()
      .replace(/[^A-Z0-9]/g, '')
      .slice(-12)}`;
    await staff.api.call('POST', 'admin-promotions', { code, kind: 'fixed', amount: CODE_OFF });
    const { account, api } = await newCustomer(request, 'Flow Cart');
    await api.call('PUT', 'profile/address', { address: '12 Lake Road' });
    await api.call('POST', 'add-to-cart', { itemId: dishes.A._id, quantity: 1 });
    const on = (name: string, method: string, path: RegExp) =>
      Gate.on(page, name, (r) => r.method() === method && path.test(new URL(r.url()).pathname));
    const world: World = {
      ...fixtures,
      account,
      api,
      staff,
      dishes,
      add: await on('POST /add-to-cart', 'POST', /\/api\/add-to-cart$/),
      save: await on('PATCH /cart-line', 'PATCH', /\/api\/cart-line\//),
      remove: await on('DELETE /remove-cart-item', 'DELETE', /\/api\/remove-cart-item\//),
      code,
      quote: await on('GET /cart-promo', 'GET', /\/api\/cart-promo$/),
      apply: await on('PUT /cart-promo', 'PUT', /\/api\/cart-promo$/),
      unapply: await on('DELETE /cart-promo', 'DELETE', /\/api\/cart-promo$/),
    };
    await page.goto('/');
    return world;
  },
  async teardown({ staff, dishes, add, save, remove, quote, apply, unapply }) {
    for (const gate of [add, save, remove, quote, apply, unapply]) await gate.open();
    for (const dish of Object.values(dishes)) await staff.deleteItem(dish._id);
  },

  actions: {
    async 'cart.load'({ page, account }) {
      await mainNav(page).getByRole('link', { name: 'Login' }).click();
      await logIn(page, account.email, account.password);
    },
    async 'cart.clear'({ page }) {
      await mainNav(page).getByRole('button', { name: 'Sign out' }).click();
    },
    async 'cart.refresh'(world, { from }) {
      const { page, staff } = world;
      if (from.machine.matches('failed')) {
        await onMyCart(page);
        await page.getByRole('alert').getByRole('button', { name: 'Try again' }).click();
      } else {
        // Checkout refuses an order whose prices changed since the cart was read, and reads it again.
        const form = await openCheckout(world);
        const first = dishOf(contextOf(from.machine).lines[0]!);
        const price = PRICES.find((other) => other !== contextOf(from.machine).lines[0]!.price)!;
        await staff.updateItem(world.dishes[first]._id, { price });
        await form.getByRole('button', { name: 'Place Order' }).click();
      }
    },
    async 'cart.add'({ page, dishes }, { from }) {
      await mainNav(page).getByRole('link', { name: 'Menu', exact: true }).click();
      if (!from.server.cart.some((line) => line.dish === 'B')) {
        await page.getByRole('button', { name: `Add ${dishes.B.name} to cart` }).click();
        return;
      }
      // The card counts it now (its + changes the line): one more is added from the dish's page.
      await page.getByRole('link', { name: new RegExp(dishes.B.name) }).click();
      await page.getByRole('button', { name: 'Add to Cart' }).click();
    },
    async 'cart.remove'(world, { from }) {
      const first = contextOf(from.machine).lines[0]!;
      await onMyCart(world.page);
      await world.page.getByRole('button', { name: `Remove ${realName(world, first.name)}` }).click();
    },
    async 'cart.setQuantity'({ page }, { event, from }) {
      const { quantity } = event as unknown as { quantity: number };
      const line = contextOf(from.machine).lines[0]!;
      await onMyCart(page);
      const row = cartLines(page).first();
      await row
        .getByRole('button', { name: quantity > line.quantity ? 'Increase quantity' : 'Decrease quantity' })
        .click();
    },
    async 'xstate.done.actor.fetchCart'({ quote }) {
      await quote.release();
    },
    // Our API fails the reads only for a customer who is no longer signed in (401, signed out): the
    // cart's own failure is a call that does not get through.
    async 'xstate.error.actor.fetchCart'({ quote }) {
      await quote.fail();
    },
    async 'cart.applyPromo'({ page, code }) {
      await onMyCart(page);
      const form = page.getByRole('form', { name: 'Promo code' });
      await form.getByLabel('Promo code').fill(code.toLowerCase());
      await form.getByRole('button', { name: 'Apply' }).click();
    },
    async 'cart.removePromo'({ page }) {
      await onMyCart(page);
      await page.getByRole('button', { name: 'Remove code' }).click();
    },
    async 'xstate.done.actor.applyPromo'({ apply }) {
      await apply.release();
    },
    async 'xstate.error.actor.applyPromo'({ apply }) {
      await apply.fail();
    },
    async 'xstate.done.actor.removePromo'({ unapply }) {
      await unapply.release();
    },
    async 'xstate.error.actor.removePromo'({ unapply }) {
      await unapply.fail();
    },
    async 'xstate.done.actor.addLine'({ api, add }, { event }) {
      // Already added: the very addition the page holds (its key with it) reached the server first.
      if ((event as unknown as { output: { insertedId: string | null } }).output.insertedId === null) {
        await api.call('POST', 'add-to-cart', add.heldBody());
      }
      await add.release();
    },
    async 'xstate.error.actor.addLine'({ staff, dishes, add }) {
      await staff.setStock(dishes.B._id, 0);
      await add.release();
      await staff.setStock(dishes.B._id, STOCK.B);
    },
    async 'xstate.done.actor.saveQuantity'({ save }) {
      await save.release();
    },
    // A refusal here is the call not getting through, which leaves the server as it was; the cart is then
    // read again from the server (a refusal drops the page's cached cart). Refusals the server makes (a
    // lowered stock, a line gone in another tab) are the next step: decision 021.
    async 'xstate.error.actor.saveQuantity'({ save }) {
      await save.fail();
    },
    async 'xstate.done.actor.removeLine'({ remove }) {
      await remove.release();
    },
    async 'xstate.error.actor.removeLine'({ remove }) {
      await remove.fail();
    },
  },

  screens: {
    async 'cart.signedOut'({ page }) {
      await expect(mainNav(page).getByRole('link', { name: 'Login' })).toBeVisible();
      await expect(mainNav(page).getByRole('link', { name: /^Cart: / })).toHaveCount(0);
    },
    'cart.loading': busyScreen((world) => world.quote, 'the cart has been asked for'),
    async 'cart.failed'({ page }, { machine }) {
      const { error, totals } = contextOf(machine);
      await onMyCart(page);
      await expectNavbarTotals(page, totals);
      await expect(page.getByRole('alert').getByText(error!, { exact: true })).toBeVisible();
      await expect(page.getByRole('alert').getByRole('button', { name: 'Try again' })).toBeEnabled();
      await expect(cartLines(page)).toHaveCount(0);
    },
    async 'cart.ready'(world, { machine }) {
      const { lines, totals } = contextOf(machine);
      await onMyCart(world.page);
      await expectNavbarTotals(world.page, totals);
      await expectLines(world, lines, (line) => ({
        remove: true,
        increase: line.quantity < Math.min(line.stock, CART_LINE_MAX_UNITS),
        decrease: line.quantity > 1,
      }));
      if (lines.length > 0) {
        await expect(world.page.getByRole('complementary')).toContainText(
          `Amount Payable${formatCartPrice(toCents(totals.totalPrice))}`,
        );
        await expectPromo(world, machine);
      }
    },
    // The code's request in flight: its form busy, the cart as it was.
    async 'cart.applyingPromo'(world, { machine }) {
      const { lines, totals } = contextOf(machine);
      await onMyCart(world.page);
      await expectNavbarTotals(world.page, totals);
      await expectLines(world, lines, () => NOTHING);
      await expect(world.page.getByRole('form', { name: 'Promo code' })).toHaveAttribute('aria-busy', 'true');
      await expect.poll(() => world.apply.holding, { message: 'the code has been sent' }).toBe(true);
    },
    async 'cart.removingPromo'(world, { machine }) {
      const { lines, totals } = contextOf(machine);
      await onMyCart(world.page);
      await expectNavbarTotals(world.page, totals);
      await expectLines(world, lines, () => NOTHING);
      await expect(world.page.getByRole('button', { name: 'Remove code' })).toBeDisabled();
      await expect.poll(() => world.unapply.holding, { message: 'the code is being taken off' }).toBe(true);
    },
    'cart.adding': busyScreen((world) => world.add, 'the dish has been sent'),
    // The quantity shows at once and can be changed again while it is saved; removing waits.
    async 'cart.saving'(world, { machine }) {
      const { lines, totals } = contextOf(machine);
      await onMyCart(world.page);
      await expectNavbarTotals(world.page, totals);
      await expectLines(world, lines, (line) => ({
        remove: false,
        increase: line.quantity < Math.min(line.stock, CART_LINE_MAX_UNITS),
        decrease: line.quantity > 1,
      }));
      await expect.poll(() => world.save.holding, { message: 'the quantity has been sent' }).toBe(true);
    },
    'cart.removing': busyScreen((world) => world.remove, 'the removal has been sent'),
  },
});
