// The payment result page for a paid order: the spec's 'Payment Successful!' while the order is paid
// (with the estimate above its tracker), the headline following the order once the kitchen cancelled it.
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { type Order, type PaymentStatus, receiptText } from '../../contract/order.ts';
import type { OrderEvent } from '../../contract/order-lifecycle.ts';
import { paymentResultMachine } from '../../machines/payment-result.machine.ts';
import { giveLogic } from '../../src/actors/context.tsx';
import type { Settled } from '../../src/actors/order-feed.ts';
import { ordersLogic } from '../../src/actors/orders.ts';
import { testActors, withActors } from './support/actors.tsx';
import { orderFeedStandIn } from './support/order-feed-mock.ts';
import { anOrder } from './support/orders.ts';

vi.mock('@tanstack/react-router', () => ({
  Link: ({ children }: { children: ReactNode }) => <a href="/">{children}</a>,
  getRouteApi: () => ({ useParams: () => ({ tranId: 'T-a' }) }),
}));

const { PaymentSuccessPage } = await import('../../src/routes/payment-success.tsx');

function renderPaidOrder(order: Order | null, receipt?: string | null, status: Partial<PaymentStatus> = {}) {
  const Page = withActors(PaymentSuccessPage, testActors(), [
    giveLogic(ordersLogic, {
      paymentResult: paymentResultMachine.provide({
        actors: {
          fetchStatus: fromPromise(
            async (): Promise<PaymentStatus> => ({
              transaction_id: 'T-a',
              payment_status: true,
              closed: false,
              ...(receipt !== undefined && { receipt }),
              ...status,
            }),
          ),
        },
      }),
      orderOfPayment: fromPromise(async (): Promise<Settled<Order | null>> => ({ ok: true, value: order })),
      myOrderEvents: fromPromise(async (): Promise<Settled<OrderEvent[]>> => ({ ok: true, value: [] })),
    }),
    orderFeedStandIn,
  ]);
  render(<Page />);
}

describe('Payment success', () => {
  it('says the spec’s words for a paid order, and the estimate above its tracker', async () => {
    renderPaidOrder(anOrder('a', 'preparing', { due_at: new Date(Date.now() + 18 * 60_000).toISOString() }));
    expect(await screen.findByRole('heading', { name: 'Payment Successful!' })).toBeInTheDocument();
    expect(await screen.findByText('Your pizza is in the oven — about 20 min')).toHaveAttribute(
      'role',
      'status',
    );
  });

  it('no longer says "Payment Successful!" once the kitchen cancelled the order', async () => {
    renderPaidOrder(anOrder('a', 'refund_due'));
    expect(
      await screen.findByRole('heading', { name: 'Your order was cancelled: a refund is due' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Payment Successful!' })).toBeNull();
  });

  it('shows the order’s short number above the transaction number', async () => {
    renderPaidOrder(anOrder('a', 'paid', { order_number: 12 }), undefined, { order_number: 12 });
    expect(await screen.findByText('#12')).toBeInTheDocument();
    expect(screen.getByText('T-a')).toBeInTheDocument();
  });

  it('shows the number the payment’s status gave while the order itself could not be read', async () => {
    renderPaidOrder(null, undefined, { order_number: 7 });
    expect(await screen.findByRole('heading', { name: 'Payment Successful!' })).toBeInTheDocument();
    expect(screen.getByText('#7')).toBeInTheDocument();
  });

  it('says where the receipt went, or why none was mailed', async () => {
    renderPaidOrder(anOrder('a', 'paid'), 'nadia@example.com');
    expect(await screen.findByText(receiptText('nadia@example.com'))).toBeInTheDocument();
  });

  it('says why no receipt was mailed to an account without an e-mail', async () => {
    renderPaidOrder(anOrder('a', 'paid'), null);
    expect(
      await screen.findByText(
        'No receipt was mailed: your account has no e-mail address. My order keeps this order and its payment.',
      ),
    ).toBeInTheDocument();
  });
});
