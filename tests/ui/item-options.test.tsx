// Issue 30 in the browser: the item page's configurator (server-rendered with the defaults and its
// JSON-LD, hydrated, the price moving with each choice), the Menu card's − n + once the item is in the
// cart, and a guest's Add kept through signing in and added once.
import { createMemoryHistory } from '@tanstack/react-router';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AnyActorRef, createActor, fromPromise } from 'xstate';
import type { Added, CartLine } from '../../contract/cart.ts';
import type { MenuItem } from '../../contract/menu.ts';
import type { OptionGroup } from '../../contract/options.ts';
import { NO_CART_PROMO } from '../../contract/promotions.ts';
import { type CartAddition, cartMachine, type QuantityChange } from '../../machines/cart.machine.ts';
import { MenuCard } from '../../src/components/menu-card.tsx';
import { readOf } from '../machines/support/models/cart.ts';
import { choice } from '../machines/support/models/configurator.ts';
import { cartLine, menuItem, sessionOf } from './support/fixtures.ts';
import './support/sweetalert-dom.ts';

const GROUPS: OptionGroup[] = [
  {
    _id: 'size',
    name: 'Size',
    required: true,
    min: 1,
    max: 1,
    choices: [choice('small', -2), choice('medium', 0, { default: true }), choice('large', 3)],
  },
  {
    _id: 'toppings',
    name: 'Extra toppings',
    required: false,
    min: 0,
    max: 2,
    choices: [
      choice('olives', 1),
      choice('jalapenos', 1.5),
      choice('mushrooms', 1.2),
      choice('anchovies', 1, { available: false }),
    ],
  },
];
const PIZZA: MenuItem = { ...menuItem(1, 5), price: 10, options: GROUPS };

vi.mock('../../src/api/menu.ts', () => ({ fetchMenuItem: async (): Promise<MenuItem> => PIZZA }));

const { App } = await import('../../src/app.tsx');
const { createAppRouter } = await import('../../src/router.tsx');
const { guestContext, testActors, withActors } = await import('./support/actors.tsx');
const { renderAt } = await import('./support/router.tsx');
const { pendingAdd, rememberPendingAdd } = await import('../../src/ui/pending-add.ts');
const { liveCartMachine, startCart } = await import('../../src/actors/cart.ts');
const cartApi = await import('../../src/api/cart.ts');

let cart: AnyActorRef | null = null;
const containers: HTMLElement[] = [];
afterEach(() => {
  cart?.stop();
  cart = null;
  for (const container of containers.splice(0)) container.remove();
  sessionStorage.clear();
  vi.restoreAllMocks();
});

/** A cart whose additions and saves are kept, as the server would answer them. */
function cartOf(lines: CartLine[]) {
  const added: CartAddition[] = [];
  const saved: QuantityChange[] = [];
  const removed: string[] = [];
  const actor = createActor(
    cartMachine.provide({
      actors: {
        fetchCart: fromPromise(async () => readOf(structuredClone(lines))),
        addLine: fromPromise(async ({ input }: { input: CartAddition }): Promise<Added> => {
          added.push(input);
          return { insertedId: 'line-new', message: '' };
        }),
        saveQuantity: fromPromise(async ({ input }: { input: QuantityChange }) => {
          saved.push(input);
          return { ...lines.find((line) => line._id === input.id)!, quantity: input.quantity };
        }),
        removeLine: fromPromise(async ({ input }: { input: { id: string } }) => {
          removed.push(input.id);
          return { deletedCount: 1 };
        }),
      },
    }),
  ).start();
  actor.send({ type: 'cart.load' });
  cart = actor;
  return { added, saved, removed };
}

/** The item page as the site server renders it, then taken over by the browser with `actors`. */
async function hydratedItemPage(actors = testActors()) {
  const url = `/item-detail/${PIZZA._id}`;
  const rendering = createAppRouter(guestContext, createMemoryHistory({ initialEntries: [url] }));
  rendering.isServer = true;
  await rendering.load();
  const container = document.createElement('div');
  container.innerHTML = renderToString(<App router={rendering} actors={testActors()} />);
  const html = container.innerHTML;
  document.body.append(container);
  containers.push(container);
  const router = createAppRouter(guestContext, createMemoryHistory({ initialEntries: [url] }));
  router.ssr = { manifest: undefined };
  await router.load();
  const recoverable = vi.fn();
  await act(async () => {
    hydrateRoot(container, <App router={router} actors={actors} />, { onRecoverableError: recoverable });
  });
  return { html, recoverable };
}

const linePrice = () => screen.getByRole('status', { name: 'Line price' });

describe('the item page’s configurator', () => {
  it('is in the server’s HTML with the defaults chosen, and its JSON-LD names the options', async () => {
    const { html, recoverable } = await hydratedItemPage();
    expect(recoverable).not.toHaveBeenCalled();
    const ld = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html);
    expect(JSON.parse(ld![1]!)).toMatchObject({
      '@type': 'MenuItem',
      name: 'Pizza 1',
      offers: { price: '10.00', priceCurrency: 'BDT', availability: 'https://schema.org/InStock' },
      menuAddOn: [
        {
          '@type': 'MenuSection',
          name: 'Size',
          hasMenuItem: [
            { name: 'Small', offers: { price: '-2.00' } },
            { name: 'Medium', offers: { price: '0.00' } },
            { name: 'Large', offers: { price: '3.00' } },
          ],
        },
        { name: 'Extra toppings', description: 'Choose up to 2' },
      ],
    });
    expect(screen.getByRole('radio', { name: /^Medium/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /^Large/ })).toHaveAccessibleName('Large +$3.00');
    expect(screen.getByRole('checkbox', { name: /^Anchovies/ })).toBeDisabled();
    // The defaults cost the item's price, shown above: no running price until a choice moves it.
    expect(linePrice()).toHaveTextContent('');
  });

  it('moves the line’s price with every choice and the quantity, and takes no more extras than allowed', async () => {
    await hydratedItemPage();
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: /^Large/ }));
    expect(linePrice()).toHaveTextContent('$13.00');
    await user.click(screen.getByRole('checkbox', { name: /^Olives/ }));
    await user.click(screen.getByRole('checkbox', { name: /^Jalapenos/ }));
    expect(linePrice()).toHaveTextContent('$15.50');
    // The group takes two: the third waits until one is taken off.
    expect(screen.getByRole('checkbox', { name: /^Mushrooms/ })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: /^Olives/ }));
    expect(screen.getByRole('checkbox', { name: /^Mushrooms/ })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    expect(linePrice()).toHaveTextContent('$29.00');
  });

  it('sends a customer’s choices and instructions with the addition', async () => {
    const { added } = cartOf([]);
    await hydratedItemPage(testActors({ session: sessionOf('user'), cart }));
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: /^Small/ }));
    await user.click(screen.getByRole('checkbox', { name: /^Olives/ }));
    await user.type(screen.getByLabelText(/Special instructions/), 'No onions');
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    await waitFor(() =>
      expect(added).toEqual([
        {
          itemId: 'item-1',
          quantity: 1,
          name: 'Pizza 1',
          choices: ['small', 'olives'],
          instructions: 'No onions',
        },
      ]),
    );
  });

  it('keeps a guest’s Add, with its choices and a key of its own, while they sign in', async () => {
    await hydratedItemPage(testActors({ session: sessionOf(null) }));
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: /^Large/ }));
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    await user.click(await screen.findByRole('button', { name: 'Login' }));
    await waitFor(() =>
      expect(pendingAdd()).toEqual({
        itemId: 'item-1',
        quantity: 1,
        name: 'Pizza 1',
        choices: ['large'],
        instructions: '',
        addKey: expect.stringMatching(
          /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
        ),
      }),
    );
  });
});

describe('a guest’s Add, once signed in', () => {
  /**
   * The app's cart (src/actors/cart.ts) following a session that then signs in as a customer, its API
   * calls answered as the server would.
   */
  function signedInCart(answer: () => Promise<Added>) {
    const sent: unknown[] = [];
    vi.spyOn(cartApi, 'fetchCart').mockResolvedValue([]);
    vi.spyOn(cartApi, 'fetchCartPromo').mockResolvedValue(NO_CART_PROMO);
    vi.spyOn(cartApi, 'addToCart').mockImplementation(async (_, addition) => {
      sent.push(addition);
      return answer();
    });
    const listeners = new Set<(snapshot: unknown) => void>();
    const session = {
      subscribe: (listener: (snapshot: unknown) => void) => {
        listeners.add(listener);
        return { unsubscribe: () => listeners.delete(listener) };
      },
    };
    const actor = createActor(liveCartMachine(() => 'u1'));
    startCart(actor, session as unknown as Parameters<typeof startCart>[1]);
    cart = actor;
    const signIn = () => {
      for (const listener of listeners) listener(sessionOf('user').getSnapshot());
    };
    return { sent, signIn };
  }

  const PENDING = {
    itemId: 'item-1',
    quantity: 2,
    name: 'Pizza 1',
    choices: ['large'],
    instructions: '',
    addKey: 'a0b1c2d3-e4f5-4a6b-8c7d-9e0f1a2b3c4d',
  };

  it('is added once the session is a customer’s, then forgotten', async () => {
    rememberPendingAdd(PENDING);
    const { sent, signIn } = signedInCart(async () => ({ insertedId: 'line-1', message: '' }));
    signIn();
    await waitFor(() =>
      expect(sent).toEqual([
        { itemId: 'item-1', quantity: 2, choices: ['large'], instructions: '', addKey: PENDING.addKey },
      ]),
    );
    await waitFor(() => expect(pendingAdd()).toBeNull());
  });

  it('is sent again with its own key by a page reloaded before the answer, never with a new one', async () => {
    rememberPendingAdd(PENDING);
    const first = signedInCart(() => new Promise<Added>(() => {}));
    first.signIn();
    await waitFor(() => expect(first.sent).toHaveLength(1));
    expect(pendingAdd()).toEqual(PENDING);
    // The reload: a new page's cart, the addition still kept.
    cart?.stop();
    const second = signedInCart(async () => ({ insertedId: null, message: '' }));
    second.signIn();
    await waitFor(() => expect(second.sent).toEqual(first.sent));
    await waitFor(() => expect(pendingAdd()).toBeNull());
  });
});

describe('a menu card once its item is in the cart', () => {
  const card = () => (
    <ul>
      <li>
        <MenuCard item={menuItem(1, 5)} />
      </li>
    </ul>
  );

  it('shows how many with − and +, which change the newest line; − on the last unit removes it', async () => {
    const older = { ...cartLine(1, 1, 5), _id: 'line-a' };
    const newer = { ...cartLine(1, 2, 5), _id: 'line-b' };
    const { saved, removed, added } = cartOf([older, newer]);
    renderAt('/', withActors(card, testActors({ session: sessionOf('user'), cart })));
    const count = await screen.findByRole('status', { name: 'Pizza 1 in your cart' });
    expect(count).toHaveTextContent('3');
    expect(screen.queryByRole('button', { name: 'Add Pizza 1 to cart' })).toBeNull();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'One more Pizza 1' }));
    await waitFor(() => expect(saved).toEqual([{ id: 'line-b', quantity: 3 }]));
    expect(count).toHaveTextContent('4');
    // At the stock (5 across both lines) there is no more.
    await user.click(screen.getByRole('button', { name: 'One more Pizza 1' }));
    await waitFor(() => expect(count).toHaveTextContent('5'));
    expect(screen.getByRole('button', { name: 'One more Pizza 1' })).toHaveAttribute('aria-disabled', 'true');
    expect(added).toEqual([]);
    expect(removed).toEqual([]);
  });

  it('removes the newest line on − at its last unit', async () => {
    const { removed } = cartOf([{ ...cartLine(1, 1, 5), _id: 'line-a' }]);
    renderAt('/', withActors(card, testActors({ session: sessionOf('user'), cart })));
    await screen.findByRole('status', { name: 'Pizza 1 in your cart' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'One less Pizza 1' }));
    await waitFor(() => expect(removed).toEqual(['line-a']));
  });
});
