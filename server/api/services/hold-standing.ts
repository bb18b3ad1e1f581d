// How long a checkout's order holds its stock: by how its customer has behaved, never by the address
// they call from, as carrier NAT and office Wi-Fi put thousands of customers behind one
// (docs/decisions/042-holds-by-behaviour.md).
import { and, eq, gt, inArray, type SQL, sql } from 'drizzle-orm';
import { UNVOUCHED_HOLD_STATES } from '../../../contract/order-lifecycle.ts';
import type { Transaction } from '../../db/client.ts';
import { menuItems, orderLines, orders } from '../../db/schema.ts';
import { Conflict } from '../domain-errors.ts';
import { type Holds, PRESSURE_MINUTES } from './holds.ts';

/**
 * Items under lapse pressure: unpaid orders that lapsed (expired) in the last PRESSURE_MINUTES held at
 * least `percent` of the item's unsold units (on the menu, or held by orders not yet vouched for). A
 * rush of customers who pay lapses little; holding stock without paying lapses all of it. Call it
 * under the items' locks (lockItems).
 */
export async function pressuredItems(
  tx: Transaction,
  itemIds: readonly string[],
  percent: number,
): Promise<Set<string>> {
  const units = (where: SQL) =>
    sql<number>`(${tx
      .select({ units: sql`coalesce(sum(${orderLines.quantity}), 0)::int` })
      .from(orders)
      .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
      .where(and(eq(orderLines.itemId, menuItems.id), where))})`;
  const rows = await tx
    .select({
      id: menuItems.id,
      onMenu: menuItems.quantity,
      held: units(inArray(orders.state, [...UNVOUCHED_HOLD_STATES])),
      lapsed: units(
        and(
          eq(orders.state, 'expired'),
          gt(orders.createdAt, sql`now() - make_interval(mins => ${PRESSURE_MINUTES})`),
        )!,
      ),
    })
    .from(menuItems)
    .where(inArray(menuItems.id, [...itemIds]));
  return new Set(
    rows
      .filter((row) => row.lapsed > 0 && row.lapsed * 100 >= percent * Math.max(1, row.onMenu + row.held))
      .map((row) => row.id),
  );
}

/** Instants as epoch milliseconds: the driver's text for a timestamp is not one Date reads everywhere. */
const epochMs = (instant: SQL) => sql<number>`(extract(epoch from ${instant}) * 1000)::float8`;

/**
 * What the customer's standing is made of, as columns of the select that locks their row at checkout
 * (no round trip of its own): whether they have paid before (online, or cash taken), and when a hold
 * of theirs would end if they have not: NEW_CUSTOMER_HOLD_SECONDS after their first checkout of the day.
 */
export const standingColumns = (uid: string, holds: Holds) => ({
  paidBefore: sql<boolean>`exists (select 1 from ${orders} where ${orders.userUid} = ${uid} and ${orders.paidAt} is not null)`,
  nowMs: epochMs(sql`now()`),
  newHoldEndsMs: epochMs(
    sql`coalesce((select min(${orders.createdAt}) from ${orders}
                  where ${orders.userUid} = ${uid} and ${orders.createdAt} > now() - interval '1 day'), now())
        + make_interval(secs => ${holds.newCustomerHoldSeconds})`,
  ),
});
export type Standing = { paidBefore: boolean; nowMs: number; newHoldEndsMs: number };

/**
 * When the order this customer is about to place stops holding its stock (orders.hold_until), or
 * undefined for the standard HOLD_MINUTES:
 * - a customer who has paid before: the standard hold;
 * - one who never has: NEW_CUSTOMER_HOLD_SECONDS from their first checkout of the last day, so a new
 *   checkout, a deleted order or a lapse never starts the clock again;
 * - and no hold at all (now: the next checkout or payment that needs the units takes them, and this
 *   order takes its own when it is paid) of an item under lapse pressure.
 * Call it in checkout's transaction, under the customer's and the items' locks.
 */
export async function holdUntilFor(
  tx: Transaction,
  standing: Standing,
  itemIds: readonly string[],
  holds: Holds,
): Promise<Date | undefined> {
  if (standing.paidBefore) return undefined;
  const pressured = await pressuredItems(tx, itemIds, holds.lapsePressurePercent);
  return new Date(pressured.size > 0 ? standing.nowMs : standing.newHoldEndsMs);
}

/** What a customer who has never paid is told when a cash order of theirs already waits. */
export const CASH_ORDER_WAITING =
  'Your cash order is still waiting for the kitchen to accept it: you can place another once it is accepted.';

/**
 * Refuses (Conflict) a second cash order from a customer who has never paid while their first waits
 * for the kitchen: it holds its stock with no payment to come, so one at a time, as one unpaid online
 * order at a time. Call it under the customer's lock.
 */
export async function assertNoCashOrderWaiting(tx: Transaction, uid: string): Promise<void> {
  const [waiting] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userUid, uid), eq(orders.paymentMethod, 'cash'), eq(orders.state, 'placed')))
    .limit(1);
  if (waiting) throw new Conflict(CASH_ORDER_WAITING);
}
