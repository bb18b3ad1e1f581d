// The stock an order holds: taken at checkout, given back when the order leaves the holding states,
// taken again when a late payment arrives. Items are always locked in id order (the one lock order of
// every path that moves stock), so two transactions never wait on each other's items in a cycle.
import { and, asc, eq, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { menuItems, orderLines } from '../../db/schema.ts';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
export type Executor = Database | Transaction;

/** The units these orders' lines hold, by menu item, in item id order (lines of deleted items left out). */
export async function heldUnits(tx: Executor, orderIds: readonly string[]): Promise<Map<string, number>> {
  if (orderIds.length === 0) return new Map();
  const reserved = await tx
    .select({ itemId: orderLines.itemId, quantity: sql<number>`sum(${orderLines.quantity})::int` })
    .from(orderLines)
    .where(and(inArray(orderLines.orderId, [...orderIds]), isNotNull(orderLines.itemId)))
    .groupBy(orderLines.itemId)
    .orderBy(asc(orderLines.itemId));
  return new Map(reserved.map(({ itemId, quantity }) => [itemId!, quantity]));
}

/**
 * Locks these menu items in id order, for a transaction about to move the stock of several orders: each
 * order's own moves go in id order, but one after another they would not.
 */
export async function lockItems(tx: Executor, itemIds: Iterable<string>): Promise<void> {
  const ids = [...new Set(itemIds)].sort();
  if (ids.length === 0) return;
  await tx
    .select({ id: menuItems.id })
    .from(menuItems)
    .where(inArray(menuItems.id, ids))
    .orderBy(asc(menuItems.id))
    .for('no key update');
}

/** Gives back the stock of one order's lines. */
export async function restoreStock(tx: Executor, orderId: string): Promise<void> {
  for (const [itemId, quantity] of await heldUnits(tx, [orderId])) {
    await tx
      .update(menuItems)
      .set({ quantity: sql`${menuItems.quantity} + ${quantity}` })
      .where(eq(menuItems.id, itemId));
  }
}

/** Thrown inside the savepoint to undo a partial re-reservation. */
class SoldOut extends Error {}

/**
 * Takes an order's stock again, all or nothing (a savepoint): false when an item is short or was
 * deleted from the menu (such a line can not be fulfilled any more).
 */
export async function retakeStock(tx: Transaction, orderId: string): Promise<boolean> {
  const lines = await tx
    .select({ itemId: orderLines.itemId, quantity: sql<number>`sum(${orderLines.quantity})::int` })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .groupBy(orderLines.itemId)
    .orderBy(asc(orderLines.itemId));
  try {
    await tx.transaction(async (savepoint) => {
      for (const { itemId, quantity } of lines) {
        if (!itemId) throw new SoldOut();
        const [taken] = await savepoint
          .update(menuItems)
          .set({ quantity: sql`${menuItems.quantity} - ${quantity}` })
          .where(and(eq(menuItems.id, itemId), gte(menuItems.quantity, quantity)))
          .returning({ id: menuItems.id });
        if (!taken) throw new SoldOut();
      }
    });
    return true;
  } catch (error) {
    if (error instanceof SoldOut) return false;
    throw error;
  }
}
