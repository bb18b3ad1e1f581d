// What the unpaid orders placed from one address (and its cash orders the kitchen has not accepted) may
// hold of each item (the shares of services/holds.ts), checked in checkout's transaction
// (services/checkout.ts): accounts are cheap, addresses are not.
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { UNVOUCHED_HOLD_STATES } from '../../../contract/order-lifecycle.ts';
import type { Transaction } from '../../db/client.ts';
import { menuItems, orderLines, orders, users } from '../../db/schema.ts';
import { Conflict } from '../domain-errors.ts';
import type { Holds } from './holds.ts';

/**
 * Whether the account checking out is new (registered less than `hours` ago, by the database's clock) or
 * its e-mail unverified by the identity provider: such an account holds less (holdShare).
 */
export const isNewAccount = (hours: number) =>
  sql<boolean>`(${users.createdAt} > now() - make_interval(hours => ${hours}) or not ${users.emailVerified})`;

/** The share of an item's unsold units, in percent, that one address may hold through this account. */
export const holdShare = (holds: Holds, newAccount: boolean): number =>
  newAccount ? Math.min(holds.newAccountHoldPercent, holds.addressHoldPercent) : holds.addressHoldPercent;

/** Over an address's share of an item: a Conflict, as it depends on what others hold and may pass. */
export class OverHoldBudget extends Conflict {}

/** What a customer over the budget is told (the checkout page shows it as it is). */
export function holdBudgetMessage(name: string, left: number): string {
  return left > 0
    ? `You can order at most ${left} ${name} for now: please lower its quantity in your cart.`
    : `${name} can not be held for you right now: unpaid orders from your network already hold their share of it. Please try again in a few minutes.`;
}

/**
 * Refuses (OverHoldBudget) a line that would take the unpaid orders placed from `address` past `percent`
 * of its item's unsold units: rounded down, but never less than one unit, so the last units of an item
 * can still be sold. Call it in checkout's transaction once it holds the items' row locks (lockItems),
 * after the customer's earlier unpaid orders were released and before any stock is taken: every
 * checkout locks an item before it counts or takes it, so for each item the count and the reservation
 * are one step, on any number of API processes. A line the menu has too few of is left to the stock
 * check and its message.
 */
export async function assertWithinHoldBudget(
  tx: Transaction,
  address: string,
  percent: number,
  lines: ReadonlyArray<{ itemId: string; name: string; quantity: number }>,
): Promise<void> {
  // Each item's stock and what unvouched orders hold of it, from all and from this address, in one
  // round trip.
  const held = (from: SQL) =>
    sql<number>`(${tx
      .select({ units: sql`coalesce(sum(${orderLines.quantity}), 0)::int` })
      .from(orders)
      .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
      .where(
        and(eq(orderLines.itemId, menuItems.id), inArray(orders.state, [...UNVOUCHED_HOLD_STATES]), from),
      )})`;
  const items = await tx
    .select({
      id: menuItems.id,
      quantity: menuItems.quantity,
      all: held(sql`true`),
      address: held(sql`${orders.clientAddress} = ${address}`),
    })
    .from(menuItems)
    .where(
      inArray(
        menuItems.id,
        lines.map((line) => line.itemId),
      ),
    );
  for (const line of lines) {
    const item = items.find((row) => row.id === line.itemId);
    const onMenu = item?.quantity ?? 0;
    if (line.quantity > onMenu) continue;
    const budget = Math.max(1, Math.floor(((onMenu + (item?.all ?? 0)) * percent) / 100));
    const left = budget - (item?.address ?? 0);
    if (line.quantity > left) throw new OverHoldBudget(holdBudgetMessage(line.name, left));
  }
}
