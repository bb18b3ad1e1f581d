// The job's sweep: unpaid orders past the reservation window expire and give their stock back.
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { orders } from '../../db/schema.ts';
import { DEFAULT_HOLDS } from './holds.ts';
import { skipOvertaken, transitionOrder } from './order-lifecycle.ts';
import { heldUnits, lockItems } from './order-stock.ts';

/** The advisory lock a sweep holds for its transaction: one sweep at a time, on any number of instances. */
const SWEEP_LOCK = sql`hashtext('pizzon:release-expired-reservations')`;

/**
 * Expires every unpaid order older than the reservation window (the job's transition), giving its stock
 * back; each order exactly once, however many sweeps run at once on however many instances: one sweeps
 * at a time (an advisory lock; the others find it taken and leave it to that one), and each order moves
 * by a conditional UPDATE, so one paid or cancelled meanwhile is left alone. The number expired.
 */
export function releaseExpiredReservations(
  db: Database,
  minutes = DEFAULT_HOLDS.holdMinutes,
): Promise<number> {
  return db.transaction(async (tx) => {
    const lock = await tx.execute<{ locked: boolean }>(
      sql`select pg_try_advisory_xact_lock(${SWEEP_LOCK}) as locked`,
    );
    if (!lock.rows[0]?.locked) return 0;
    const lapsed = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(
        and(
          eq(orders.state, 'awaiting_payment'),
          lt(orders.createdAt, sql`now() - make_interval(mins => ${minutes})`),
        ),
      );
    const ids = lapsed.map((row) => row.id);
    await lockItems(tx, (await heldUnits(tx, ids)).keys());
    let expired = 0;
    for (const id of ids) {
      const moved = await transitionOrder(tx, {
        order: { id },
        to: 'expired',
        actor: { by: 'job' },
        expectFrom: 'awaiting_payment',
      }).catch(skipOvertaken);
      if (moved) expired += 1;
    }
    return expired;
  });
}
