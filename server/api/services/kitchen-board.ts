// The kitchen board's one read (contract/kitchen-lanes.ts): the board reads every open order once,
// then keeps itself up to date from the staff stream and the answers to its own moves; it asks by id
// only for an order it hears of before it has its ticket.
import { asc, inArray, sql } from 'drizzle-orm';
import { KITCHEN_BOARD_LIMIT, type KitchenBoardQuery } from '../../../contract/kitchen-lanes.ts';
import type { Order } from '../../../contract/order.ts';
import { KITCHEN_COLUMNS } from '../../../contract/order-lifecycle.ts';
import type { Database } from '../../db/client.ts';
import { toOrder } from '../../db/rows.ts';
import { orders } from '../../db/schema.ts';
import { linesOf } from './order-lists.ts';

/** Every order on the board (orders_state_created_idx), soonest due first; or the orders named. */
export async function readKitchenBoard(db: Database, { ids }: KitchenBoardQuery): Promise<Order[]> {
  if (ids?.length === 0) return [];
  const rows = await db
    .select()
    .from(orders)
    .where(ids ? inArray(orders.id, ids) : inArray(orders.state, [...KITCHEN_COLUMNS]))
    .orderBy(asc(sql`coalesce(${orders.readyAt}, ${orders.paidAt}, ${orders.createdAt})`), asc(orders.id))
    .limit(KITCHEN_BOARD_LIMIT);
  const lines = await linesOf(
    db,
    rows.map((row) => row.id),
  );
  const byOrder = new Map(rows.map((row) => [row.id, [] as typeof lines]));
  for (const line of lines) byOrder.get(line.orderId)?.push(line);
  return rows.map((row) => toOrder(row, byOrder.get(row.id) ?? []));
}
