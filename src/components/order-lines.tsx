import type { Order } from '../../contract/order.ts';
import { LineChoices } from './line-choices.tsx';

/**
 * An order's items as 'name × quantity', one per line, each with the options and instructions it was
 * ordered with: the Order Items cell of both order tables, and the payment result's order.
 */
export function OrderLines({ order }: { order: Pick<Order, 'carts'> }) {
  return (
    <ul className="grid gap-1">
      {order.carts.map((line) => (
        <li key={line._id}>
          {line.name} × {line.quantity}
          <LineChoices options={line.options} instructions={line.instructions} />
        </li>
      ))}
    </ul>
  );
}
