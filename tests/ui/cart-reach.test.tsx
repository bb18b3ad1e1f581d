// Issue 14, the cart in reach on phones: the phone header's cart button and the View cart bar read the
// shared cart actor, count what a customer adds (with a bump), and show only a customer's lines.
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { type CartLine, cartTotals } from '../../contract/cart.ts';
import { cartMachine } from '../../machines/cart.machine.ts';
import { PhoneCartButton, ViewCartBar } from '../../src/components/cart-reach.tsx';
import { readOf } from '../machines/support/models/cart.ts';
import { testActors, withActors } from './support/actors.tsx';
import { cartLine, sessionOf } from './support/fixtures.ts';
import { renderAt } from './support/router.tsx';

const server = { lines: [] as CartLine[] };
const carts: { stop(): void }[] = [];

function newCart() {
  const actor = createActor(
    cartMachine.provide({
      actors: {
        fetchCart: fromPromise(async () => readOf(structuredClone(server.lines))),
        addLine: fromPromise(async ({ input }) => {
          server.lines.push(cartLine(server.lines.length + 1, input.quantity));
          return { insertedId: 'new', message: 'Add success' };
        }),
      },
    }),
  );
  actor.start();
  carts.push(actor);
  return actor;
}

const bothParts = () => (
  <>
    <PhoneCartButton />
    <ViewCartBar />
  </>
);

/** Both parts as a visitor of `role` sees them, with `cart` as the registry's cart. */
const renderBoth = (role: 'user' | 'admin' | null, cart = newCart()) =>
  renderAt('/', withActors(bothParts, testActors({ session: sessionOf(role), cart })));

beforeEach(() => {
  server.lines = [cartLine(1, 2), cartLine(2, 1)];
});
afterEach(() => {
  for (const cart of carts.splice(0)) cart.stop();
});

describe('the cart in reach on phones', () => {
  it('shows a customer’s count in the header button and the View cart bar, with the cart’s total in tk', async () => {
    const cart = newCart();
    renderBoth('user', cart);
    act(() => cart.send({ type: 'cart.load' }));

    const button = await screen.findByRole('link', { name: 'Cart: 3 items' });
    expect(button).toHaveAttribute('href', '/user-dashboard/my-cart');
    const total = cartTotals(server.lines).totalPrice.toFixed(2);
    const bar = screen.getByRole('link', { name: `View cart: 3 items, ${total} tk` });
    expect(bar).toHaveAttribute('href', '/user-dashboard/my-cart');
    expect(bar).toHaveTextContent(`View cart·3·${total} tk`);
    // Phones only: the bar is hidden from 768 px.
    expect(bar.closest('[data-phone-cart-bar]')).toHaveClass('md:hidden', 'fixed', 'bottom-0');
    // Reading the cart at sign-in is not an addition: no bump.
    for (const count of document.querySelectorAll('[data-bumps]')) {
      expect(count).toHaveAttribute('data-bumps', '0');
      expect(count.className).not.toContain('animate-cart-bump');
    }
  });

  it('bumps the count when a line is added, only where motion is welcome', async () => {
    const cart = newCart();
    renderBoth('user', cart);
    act(() => cart.send({ type: 'cart.load' }));
    await screen.findByRole('link', { name: 'Cart: 3 items' });

    act(() => cart.send({ type: 'cart.add', itemId: 'item-9', quantity: 2, name: 'Pizza 9' }));
    await screen.findByRole('link', { name: 'Cart: 5 items' });
    const counts = [...document.querySelectorAll('[data-bumps]')];
    expect(counts).toHaveLength(2);
    for (const count of counts) {
      expect(count).toHaveTextContent('5');
      expect(count).toHaveAttribute('data-bumps', '1');
      // motion-safe: nothing moves under prefers-reduced-motion.
      expect(count.className).toContain('motion-safe:animate-cart-bump');
    }
  });

  it('shows no bar while the cart is empty, and a guest neither', async () => {
    server.lines = [];
    const cart = newCart();
    const { unmount } = renderBoth('user', cart);
    act(() => cart.send({ type: 'cart.load' }));
    await screen.findByRole('link', { name: 'Cart: 0 items' });
    await waitFor(() => expect(cart.getSnapshot().matches('ready')).toBe(true));
    expect(screen.queryByRole('link', { name: /View cart/ })).toBeNull();
    unmount();

    renderBoth(null, cart);
    expect(screen.queryByRole('link', { name: /Cart/ })).toBeNull();
  });

  it('shows an admin no cart at all: staff do not shop', async () => {
    const cart = newCart();
    renderBoth('admin', cart);
    act(() => cart.send({ type: 'cart.load' }));
    await waitFor(() => expect(cart.getSnapshot().matches('ready')).toBe(true));
    expect(screen.queryByRole('link', { name: /Cart/ })).toBeNull();
  });
});
