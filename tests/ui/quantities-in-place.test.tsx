// Issue 14, quantities in place: My cart's stepper changes a line through the cart actor (the Order
// Summary follows, a refusal puts the line back), and a menu card's quick Add is a customer's only.
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { type AnyActorRef, createActor, fromPromise } from 'xstate';
import { type Added, type CartLine, cartTotals } from '../../contract/cart.ts';
import { type CartAddition, cartMachine, type QuantityChange } from '../../machines/cart.machine.ts';
import { MenuCard } from '../../src/components/menu-card.tsx';
import { readOf } from '../machines/support/models/cart.ts';
import { testActors, withActors } from './support/actors.tsx';
import { cartLine, menuItem, sessionOf } from './support/fixtures.ts';
import { renderAt, renderMyCart } from './support/router.tsx';

/** The test's cart: the registry's, as the pages read it. */
let cart: AnyActorRef | null = null;
afterEach(() => cart?.stop());

describe('My cart: a line’s quantity in place', () => {
  function cartWith(lines: CartLine[], save: (change: QuantityChange) => Promise<CartLine>) {
    const server = structuredClone(lines);
    const actor = createActor(
      cartMachine.provide({
        actors: {
          fetchCart: fromPromise(async () => readOf(structuredClone(server))),
          saveQuantity: fromPromise(async ({ input }: { input: QuantityChange }) => {
            const saved = await save(input);
            server.splice(
              server.findIndex((l) => l._id === saved._id),
              1,
              saved,
            );
            return saved;
          }),
        },
      }),
    ).start();
    cart = actor;
    actor.send({ type: 'cart.load' });
    return actor;
  }

  const summary = () => screen.getByRole('complementary');
  const lineItem = (name: string) =>
    screen.getAllByRole('listitem').find((li) => li.textContent?.includes(name))!;

  it('steps a line between 1 and its stock, saving each step; the Order Summary follows', async () => {
    const saves: QuantityChange[] = [];
    cartWith([cartLine(1, 1, 3), cartLine(2, 2)], async (change) => {
      saves.push(change);
      return cartLine(Number(change.id.slice(5)), change.quantity, change.id === 'line-1' ? 3 : 20);
    });
    renderMyCart(cart!);
    const first = await waitFor(() => lineItem('Pizza 1'));
    const group = within(first).getByRole('group', { name: 'Quantity of Pizza 1' });
    const shown = within(group).getByRole('status', { name: 'Quantity' });
    const increase = within(group).getByRole('button', { name: 'Increase quantity' });
    const decrease = within(group).getByRole('button', { name: 'Decrease quantity' });
    expect(shown).toHaveTextContent('1');
    expect(shown).toHaveAttribute('aria-live', 'polite');
    expect(decrease).toBeDisabled();

    const user = userEvent.setup();
    await user.click(increase);
    await user.click(increase);
    await waitFor(() =>
      expect(saves).toEqual([
        { id: 'line-1', quantity: 2 },
        { id: 'line-1', quantity: 3 },
      ]),
    );
    expect(shown).toHaveTextContent('3');
    // The stock is reached: no further, and the item page's sentence says why.
    expect(increase).toBeDisabled();
    expect(first).toHaveTextContent('There are only 3 Pizza 1 in stock.');
    const totals = cartTotals([cartLine(1, 3), cartLine(2, 2)]);
    expect(summary()).toHaveTextContent(`Amount Payable${totals.totalPrice.toFixed(2)} tk`);
    expect(summary()).toHaveTextContent(`Item(s) Subtotal${totals.totalPriceWithoutShipping.toFixed(2)} tk`);

    await user.click(decrease);
    await waitFor(() => expect(saves).toHaveLength(3));
    expect(shown).toHaveTextContent('2');
    expect(increase).toBeEnabled();
  });

  it('stops at the line cap below a larger stock, and says so', async () => {
    cartWith([cartLine(1, 10, 50)], async (change) => cartLine(1, change.quantity, 50));
    renderMyCart(cart!);
    const first = await waitFor(() => lineItem('Pizza 1'));
    expect(within(first).getByRole('button', { name: 'Increase quantity' })).toBeDisabled();
    expect(first).toHaveTextContent('You can order at most 10 Pizza 1 at a time.');
  });

  it('puts a refused quantity back to the server’s and keeps the totals with it', async () => {
    cartWith([cartLine(1, 2)], () => Promise.reject(new Error('Only 2 Pizza 1 left in stock')));
    renderMyCart(cart!);
    const first = await waitFor(() => lineItem('Pizza 1'));
    const shown = within(first).getByRole('status', { name: 'Quantity' });
    await userEvent.setup().click(within(first).getByRole('button', { name: 'Increase quantity' }));
    await waitFor(() => expect(cart?.getSnapshot().value).toBe('ready'));
    expect(shown).toHaveTextContent('2');
    expect(summary()).toHaveTextContent(
      `Amount Payable${cartTotals([cartLine(1, 2)]).totalPrice.toFixed(2)} tk`,
    );
  });
});

describe('a menu card’s quick Add', () => {
  function cartTakingAdds() {
    const added: CartAddition[] = [];
    const actor = createActor(
      cartMachine.provide({
        actors: {
          fetchCart: fromPromise(async () => readOf([])),
          addLine: fromPromise(async ({ input }: { input: CartAddition }): Promise<Added> => {
            added.push(input);
            return { insertedId: 'new', message: '' };
          }),
        },
      }),
    ).start();
    actor.send({ type: 'cart.load' });
    cart = actor;
    return added;
  }

  /** Lets the lazily loaded Add arrive, so that none shown means none meant. */
  const loaded = () =>
    act(async () => {
      await import('../../src/components/quick-add.tsx');
      await new Promise((resolve) => setTimeout(resolve, 0));
    });

  const cards = () => (
    <ul>
      <li>
        <MenuCard item={menuItem(1, 5)} />
      </li>
      <li>
        <MenuCard item={menuItem(2, 0)} />
      </li>
    </ul>
  );

  /** The cards as a visitor of `role` sees them, with the test's cart. */
  const cardsFor = (role: 'user' | 'admin' | null) =>
    withActors(cards, testActors({ session: sessionOf(role), cart }));

  it('adds one unit for a customer, beside the card’s link, not in it; none for a sold-out item', async () => {
    const added = cartTakingAdds();
    renderAt('/', cardsFor('user'));
    const add = await screen.findByRole('button', { name: 'Add Pizza 1 to cart' });
    expect(add.closest('a')).toBeNull();
    const link = screen.getByRole('link', { name: /Pizza 1/ });
    expect(link).toHaveAttribute('href', '/item-detail/item-1');
    expect(add.parentElement?.parentElement).toContainElement(link);
    await loaded();
    expect(screen.queryByRole('button', { name: 'Add Pizza 2 to cart' })).toBeNull();

    await userEvent.setup().click(add);
    await waitFor(() => expect(added).toEqual([{ itemId: 'item-1', quantity: 1, name: 'Pizza 1' }]));
  });

  it.each([
    ['a guest', null],
    ['an admin', 'admin'],
  ] as const)('shows %s no Add', async (_, role) => {
    cartTakingAdds();
    renderAt('/', cardsFor(role));
    await screen.findByRole('link', { name: /Pizza 1/ });
    await loaded();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('is not in the server’s HTML, whoever is signed in', async () => {
    cartTakingAdds();
    const root = createRootRoute({ component: cardsFor('user'), staticData: { pageName: 'Test' } });
    const router = createRouter({
      routeTree: root,
      history: createMemoryHistory({ initialEntries: ['/'] }),
    });
    await router.load();
    const html = renderToString(<RouterProvider router={router} />);
    expect(html).toContain('Pizza 1');
    expect(html).not.toContain('<button');
  });
});
