import { getRouteApi, Link } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { orderNumberText, receiptText } from '../../contract/order.ts';
import type { OrderState } from '../../contract/order-lifecycle.ts';
import { useOrdersLogic } from '../actors/orders.ts';
import { LoadingScreen } from '../components/loading-screen.tsx';
import { OrderNumber, PaymentTracker, usePaidOrder } from './payment-tracker.tsx';

const route = getRouteApi('/payment-success/$tranId');

/** A paid order the restaurant then cancelled is no success any more: the headline says what became of it. */
const CANCELLED: Partial<Record<OrderState, string>> = {
  refund_due: 'Your order was cancelled: a refund is due',
  refunded: 'Your order was cancelled and refunded',
};

interface PaidOrderProps {
  tranId: string;
  receipt: string | null | undefined;
  /** The order's short number as the payment's status gave it. */
  orderNumber: number | null | undefined;
}

/**
 * The spec's result for a paid order, its headline following the order's state, the order live below.
 * The short number, the one the kitchen calls, comes with the payment's status, before the order is read.
 */
function PaidOrder({ tranId, receipt, orderNumber }: PaidOrderProps) {
  const paid = usePaidOrder(tranId);
  const cancelled = paid.state ? CANCELLED[paid.state] : undefined;
  const number = paid.order?.order_number ?? orderNumber;
  return (
    <section className="mx-auto grid max-w-2xl justify-items-center gap-4 px-4 py-20 text-center">
      {cancelled ? (
        <CircleAlert aria-hidden="true" className="size-24 text-coral-ink" />
      ) : (
        <CircleCheck aria-hidden="true" className="size-24 text-green-600" />
      )}
      <h1 className="text-3xl font-bold">{cancelled ?? 'Payment Successful!'}</h1>
      {number != null && (
        <OrderNumber text={orderNumberText({ transaction_id: tranId, order_number: number })} />
      )}
      <p className="text-lg">
        Transaction number: <strong className="font-mono break-all">{tranId}</strong>
      </p>
      {receipt !== undefined && <p className="text-base">{receiptText(receipt)}</p>}
      {paid.order && paid.state && (
        <PaymentTracker order={paid.order} state={paid.state} events={paid.events} feed={paid.feed} />
      )}
      <Link to="/" className="btn-primary">
        Go Home
      </Link>
    </section>
  );
}

export function PaymentSuccessPage() {
  const { tranId } = route.useParams();
  const { paymentResult } = useOrdersLogic();
  const [state, send] = useMachine(paymentResult, { input: { transactionId: tranId } });

  if (state.matches('paid'))
    return (
      <PaidOrder tranId={tranId} receipt={state.context.receipt} orderNumber={state.context.orderNumber} />
    );
  const unsettled = state.matches('unconfirmed') || state.matches('failed') || state.matches('notPaid');
  if (!unsettled) {
    return (
      <section className="py-10 text-center">
        <LoadingScreen />
        <p className="text-lg">Confirming your payment with the payment service…</p>
      </section>
    );
  }
  return (
    <section className="mx-auto grid max-w-lg justify-items-center gap-4 px-4 py-20 text-center" role="alert">
      <CircleAlert aria-hidden="true" className="size-20 text-coral-ink" />
      <h1 className="text-3xl font-bold">
        {state.matches('notPaid') ? 'This payment was not completed' : 'Payment not confirmed yet'}
      </h1>
      <p className="text-lg">
        {state.matches('failed')
          ? state.context.error
          : state.matches('notPaid')
            ? `Transaction ${tranId} was cancelled or failed. Your order is unpaid.`
            : `We have not heard from the payment service about transaction ${tranId} yet. Your order shows the latest status in My order.`}
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        {!state.matches('notPaid') && (
          <button type="button" className="btn-primary" onClick={() => send({ type: 'payment.checkAgain' })}>
            Check again
          </button>
        )}
        <Link to="/user-dashboard/my-order" className="btn-dark">
          My order
        </Link>
      </div>
    </section>
  );
}
