import type { Order } from '../../contract/order.ts';

/** An order's items as 'name × quantity', one per line: the Order Items cell of both order tables. */
export function OrderLines({ order }: { order: Order }) {
  return (
    <ul>
      {order.carts.map((line) => (
        <li key={line._id}>
          {line.name} × {line.quantity}
        </li>
      ))}
    </ul>
  );
}
