import { getRouteApi, Link } from '@tanstack/react-router';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { formatCartPrice, toCents } from '../../contract/money.ts';
import { cashToCollect, orderNumberText } from '../../contract/order.ts';
import { FINAL_STATES, isPaid, ORDER_STATE_LABELS } from '../../contract/order-lifecycle.ts';
import { LoadingScreen } from '../components/loading-screen.tsx';
import { OrderNumber, PaymentTracker, usePaidOrder } from './payment-tracker.tsx';

const route = getRouteApi('/order-placed/$tranId');

/**
 * A cash order's confirmation (checkout sends the browser here, never to a payment page): the cash to
 * have ready at the door or the counter, and the order followed live, as the payment result page does.
 */
export function OrderPlacedPage() {
  const { tranId } = route.useParams();
  const placed = usePaidOrder(tranId);
  if (!placed.order || !placed.state) return <LoadingScreen />;
  const { order, state } = placed;
  const due = cashToCollect({ ...order, state });
  const ended = !isPaid(state, 'cash') && (FINAL_STATES.includes(state) || state === 'cancelled');
  return (
    <section className="mx-auto grid max-w-2xl justify-items-center gap-4 px-4 py-20 text-center">
      {ended ? (
        <CircleAlert aria-hidden="true" className="size-24 text-coral-ink" />
      ) : (
        <CircleCheck aria-hidden="true" className="size-24 text-green-600" />
      )}
      <h1 className="text-3xl font-bold">
        {ended ? `Your order is ${ORDER_STATE_LABELS[state].toLowerCase()}` : 'Order placed!'}
      </h1>
      <OrderNumber text={orderNumberText(order)} />
      <p className="text-lg">
        Transaction number: <strong className="font-mono break-all">{tranId}</strong>
      </p>
      {due !== null && !ended && (
        <p className="rounded-2xl bg-cream px-4 py-3 text-lg">
          Please have <strong>{formatCartPrice(toCents(due))}</strong> in cash ready{' '}
          {order.order_type === 'pickup' ? 'at the counter' : 'for the rider'}.
        </p>
      )}
      <PaymentTracker order={order} state={state} events={placed.events} feed={placed.feed} />
      <Link to="/" className="btn-primary">
        Go Home
      </Link>
    </section>
  );
}
