import { Link } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import dayjs from 'dayjs';
import type { Order } from '../../contract/order.ts';
import { ORDER_TIME_FORMAT } from '../../contract/order.ts';
import { orderAgainMessage } from '../../contract/reorder.ts';
import { useOrdersLogic } from '../actors/orders.ts';
import { FormAlert } from '../components/controls.tsx';

/**
 * An order's way back (machines/reorder.machine.ts): Order again on every order, Pay now on one still
 * unpaid; what Order again did, and any refusal, shown on the card.
 */
export function OrderComeBack({ order, payable }: { order: Order; payable: boolean }) {
  const { reorder } = useOrdersLogic();
  const [snapshot, send] = useMachine(reorder, { input: { orderId: order._id } });
  const { again, error } = snapshot.context;
  const busy = !snapshot.matches('idle');
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap gap-2">
        {payable && (
          <button
            type="button"
            className="btn-primary"
            disabled={busy}
            aria-busy={snapshot.matches('paying') || snapshot.matches('redirecting')}
            onClick={() => send({ type: 'reorder.payNow', orderTime: dayjs().format(ORDER_TIME_FORMAT) })}
          >
            Pay now
          </button>
        )}
        <button
          type="button"
          className="btn-neutral"
          disabled={busy}
          aria-busy={snapshot.matches('ordering')}
          onClick={() => send({ type: 'reorder.again' })}
        >
          Order again
        </button>
      </div>
      {again && (
        <p role="status" className="rounded-xl bg-cream p-3">
          {orderAgainMessage(again)}{' '}
          {again.added.length > 0 && (
            <Link
              to="/user-dashboard/my-cart"
              className="inline-flex min-h-11 items-center font-bold underline"
            >
              Go to My cart
            </Link>
          )}
        </p>
      )}
      <FormAlert message={error} />
    </div>
  );
}
