import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { type AnyActorRef, createActor, fromPromise } from 'xstate';
import { type CartLine, cartTotals } from '../../contract/cart.ts';
import { cartMachine } from '../../machines/cart.machine.ts';
import { readOf } from '../machines/support/models/cart.ts';
import { cartLine } from './support/fixtures.ts';
import { renderMyCart } from './support/router.tsx';

let cart: AnyActorRef | null = null;
afterEach(() => cart?.stop());

/** My cart reading a cart whose server holds `lines`. */
function renderCartOf(lines: CartLine[]) {
  cart = createActor(
    cartMachine.provide({ actors: { fetchCart: fromPromise(async () => readOf(structuredClone(lines))) } }),
  ).start();
  cart.send({ type: 'cart.load' });
  return renderMyCart(cart);
}

describe('My cart', () => {
  it('with no lines shows the empty-cart picture and an Order Summary of zeros, without checkout', async () => {
    const { container } = renderCartOf([]);
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
    renderCartOf([cartLine(1, 2)]);
    const checkout = await screen.findByRole('link', { name: 'Process to Checkout' });
    expect(checkout).toHaveAttribute('href', '/user-dashboard/my-cart/checkout');
    expect(screen.queryByText('Your cart is empty.')).toBeNull();
    const summary = screen.getByRole('complementary', { name: 'Order Summary' });
    const payable = within(summary).getByText('Amount Payable').nextElementSibling;
    expect(payable).toHaveTextContent(`${cartTotals([cartLine(1, 2)]).totalPrice.toFixed(2)} tk`);
  });
});
