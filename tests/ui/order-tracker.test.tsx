import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OrderTimeline, OrderTracker } from '../../src/components/order-tracker.tsx';
import { anEvent, anOrder } from './support/orders.ts';

describe('OrderTracker', () => {
  it('marks the current step with aria-current and the ones before it as done', () => {
    render(<OrderTracker state="preparing" />);
    const steps = within(screen.getByRole('list', { name: 'Order progress' })).getAllByRole('listitem');
    expect(steps.map((step) => step.lastElementChild?.textContent)).toEqual([
      // Once paid, the first step says what it was rather than a payment still awaited.
      'Order placed (done)',
      'Paid (done)',
      'Accepted (done)',
      'Preparing',
      'Out for delivery',
      'Delivered',
    ]);
    expect(steps.filter((step) => step.getAttribute('aria-current') === 'step')).toEqual([steps[3]]);
  });

  it('takes a pickup to the counter: ready for pickup, then collected', () => {
    render(<OrderTracker state="ready_for_pickup" type="pickup" />);
    const steps = within(screen.getByRole('list', { name: 'Order progress' })).getAllByRole('listitem');
    expect(steps.map((step) => step.lastElementChild?.textContent)).toEqual([
      'Order placed (done)',
      'Paid (done)',
      'Accepted (done)',
      'Preparing (done)',
      'Ready for pickup',
      'Collected',
    ]);
    expect(steps[4]).toHaveAttribute('aria-current', 'step');
  });

  it('still says a payment is awaited while it is', () => {
    render(<OrderTracker state="awaiting_payment" />);
    const steps = within(screen.getByRole('list', { name: 'Order progress' })).getAllByRole('listitem');
    expect(steps[0]).toHaveTextContent('Awaiting payment');
  });

  it.each([
    ['payment_failed', 'Payment failed'],
    ['expired', 'Expired'],
    ['cancelled', 'Cancelled'],
    ['refund_due', 'Refund due'],
    ['refunded', 'Refunded'],
  ] as const)('shows %s as a status instead of the steps', (state, label) => {
    render(<OrderTracker state={state} />);
    expect(screen.queryByRole('list', { name: 'Order progress' })).toBeNull();
    expect(screen.getByText(label)).toBeInTheDocument();
  });
});

describe('OrderTimeline', () => {
  it('lists each change in order with its time and who made it', () => {
    const order = anOrder('o1', 'accepted');
    render(
      <OrderTimeline
        events={[
          anEvent(3, order, 'paid', 'accepted', 'staff'),
          anEvent(1, order, null, 'awaiting_payment', 'checkout'),
          anEvent(2, order, 'awaiting_payment', 'paid', 'gateway'),
        ]}
      />,
    );
    const items = screen.getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('span')?.textContent)).toEqual([
      'Order placed at checkout',
      'Paid by the payment service',
      'Accepted by the restaurant',
    ]);
    expect(items[0]!.querySelector('time')).toHaveAttribute('datetime', '2026-11-23T14:05:09.000Z');
  });
});
