// Issue 16, item 6: an empty cart shows its picture and an Order Summary of zeros; only 'Process to
// Checkout' waits for a line (the spec's My cart).
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { type AnyActorRef, createActor, fromPromise } from 'xstate';
import { cartMachine } from '../../machines/cart.machine.ts';
import { type CartLine, cartTotals } from '../../server/contract/cart.ts';
import { MyCartPage } from '../../src/routes/my-cart.tsx';
import { testActors, withActors } from './support/actors.tsx';
import { cartLine, sessionOf } from './support/fixtures.ts';

let cart: AnyActorRef | null = null;
afterEach(() => cart?.stop());

/** My cart where the app has it, reading a cart whose server holds `lines`. */
function renderMyCart(lines: CartLine[]) {
  cart = createActor(
    cartMachine.provide({ actors: { fetchCart: fromPromise(async () => structuredClone(lines)) } }),
  ).start();
  cart.send({ type: 'cart.load' });
  const staticData = { pageName: 'Test' };
  const root = createRootRoute({ staticData });
  const dashboard = createRoute({ getParentRoute: () => root, path: '/user-dashboard', staticData });
  const customer = createRoute({ getParentRoute: () => dashboard, id: '_customer', staticData });
  const myCart = createRoute({
    getParentRoute: () => customer,
    path: 'my-cart',
    component: withActors(MyCartPage, testActors({ session: sessionOf('user'), cart })),
    validateSearch: () => ({}),
    staticData,
  });
  const router = createRouter({
    routeTree: root.addChildren([dashboard.addChildren([customer.addChildren([myCart])])]),
    history: createMemoryHistory({ initialEntries: ['/user-dashboard/my-cart'] }),
  });
  return render(<RouterProvider router={router} />);
}

describe('My cart', () => {
  it('with no lines shows the empty-cart picture and an Order Summary of zeros, without checkout', async () => {
    const { container } = renderMyCart([]);
    expect(await screen.findByText('Your cart is empty.')).toBeInTheDocument();
    expect(container.querySelector('img[src="/images/empty-cart.svg"]')).not.toBeNull();
    const summary = screen.getByRole('complementary', { name: 'Order Summary' });
    for (const figure of ['Item(s) Subtotal', 'Shipping', 'Amount Payable']) {
      const term = within(summary).getByText(figure);
      expect(term.nextElementSibling).toHaveTextContent(/^0\.00 tk$/);
    }
    expect(screen.queryByRole('link', { name: 'Process to Checkout' })).toBeNull();
  });

  it('with lines shows them, their totals and the way to checkout', async () => {
    renderMyCart([cartLine(1, 2)]);
    const checkout = await screen.findByRole('link', { name: 'Process to Checkout' });
    expect(checkout).toHaveAttribute('href', '/user-dashboard/my-cart/checkout');
    expect(screen.queryByText('Your cart is empty.')).toBeNull();
    const summary = screen.getByRole('complementary', { name: 'Order Summary' });
    const payable = within(summary).getByText('Amount Payable').nextElementSibling;
    expect(payable).toHaveTextContent(`${cartTotals([cartLine(1, 2)]).totalPrice.toFixed(2)} tk`);
  });
});
