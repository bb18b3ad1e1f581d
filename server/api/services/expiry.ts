// The job's sweep: unpaid orders past their hold expire and give their stock back.
import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { orders, paymentSettings } from '../../db/schema.ts';
import { OutOfStock } from './cart.ts';
import { DEFAULT_HOLDS } from './holds.ts';
import { skipOvertaken, transitionOrder } from './order-lifecycle.ts';
import { type Executor, heldUnits, lockItems } from './order-stock.ts';

/** The note on a cash order the job released: the kitchen did not accept it in the owner's time. */
export const CASH_NOT_ACCEPTED = 'Not accepted in time: released';

/** The advisory lock a sweep holds for its transaction: one sweep at a time, on any number of instances. */
const SWEEP_LOCK = sql`hashtext('pizzon:release-expired-reservations')`;

/**
 * Expires every unpaid order past its hold (orders.hold_until, or `minutes` after it was created), and
 * releases every cash order the kitchen has not accepted within the owner's time (cancelled, with
 * CASH_NOT_ACCEPTED): the job's transitions, giving their stock back; each order exactly once, however many sweeps run at once on
 * however many instances: one sweeps at a time (an advisory lock), and each order moves by a conditional
 * UPDATE, so one paid or cancelled meanwhile is left alone. The periodic sweep leaves the work to a sweep
 * already under way; one that needs the units (`wait`) waits for it and then looks again. The number
 * expired.
 */
export function releaseExpiredReservations(
  db: Executor,
  minutes = DEFAULT_HOLDS.holdMinutes,
  { wait = false }: { wait?: boolean } = {},
): Promise<number> {
  return db.transaction(async (tx) => {
    if (wait) {
      await tx.execute(sql`select pg_advisory_xact_lock(${SWEEP_LOCK})`);
    } else {
      const lock = await tx.execute<{ locked: boolean }>(
        sql`select pg_try_advisory_xact_lock(${SWEEP_LOCK}) as locked`,
      );
      if (!lock.rows[0]?.locked) return 0;
    }
    // Unpaid online orders past their hold, and cash orders the kitchen has not accepted within the
    // owner's time (Admin → Delivery): both hold stock on nobody's word.
    const lapsed = await tx
      .select({ id: orders.id, state: orders.state })
      .from(orders)
      .where(
        or(
          and(
            eq(orders.state, 'awaiting_payment'),
            lt(
              sql`coalesce(${orders.holdUntil}, ${orders.createdAt} + make_interval(mins => ${minutes}))`,
              sql`now()`,
            ),
          ),
          and(
            eq(orders.state, 'placed'),
            lt(
              orders.createdAt,
              sql`now() - make_interval(mins => (select ${paymentSettings.cashAcceptMinutes} from ${paymentSettings}))`,
            ),
          ),
        ),
      );
    await lockItems(
      tx,
      (
        await heldUnits(
          tx,
          lapsed.map((row) => row.id),
        )
      ).keys(),
    );
    let expired = 0;
    for (const { id, state } of lapsed) {
      const moved = await transitionOrder(tx, {
        order: { id },
        to: state === 'placed' ? 'cancelled' : 'expired',
        actor: { by: 'job' },
        expectFrom: state,
        ...(state === 'placed' && { note: CASH_NOT_ACCEPTED }),
      }).catch(skipOvertaken);
      if (moved) expired += 1;
    }
    return expired;
  });
}

/**
 * Runs `attempt`; when it finds an item short (OutOfStock), gives back the stock of the unpaid orders
 * past their hold and runs it once more: a customer who wants the units comes before one who holds
 * them unpaid past their time (checkout, adding to the cart, a late payment).
 */
export async function withLapsedReleased<T>(
  db: Database,
  minutes: number,
  attempt: () => Promise<T>,
): Promise<T> {
  try {
    return await attempt();
  } catch (error) {
    if (!(error instanceof OutOfStock)) throw error;
    await releaseExpiredReservations(db, minutes, { wait: true });
    return attempt();
  }
}
