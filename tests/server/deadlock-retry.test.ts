// A transaction PostgreSQL ends as a deadlock's victim runs once more (server/db/deadlock-retry.ts), as
// a checkout does: two transactions that lock two slots' rows in opposite orders both end well.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { isDeadlock, retryOnDeadlock } from '../../server/db/deadlock-retry.ts';
import { sharedTestContext } from './support/test-app.ts';

const ctx = sharedTestContext();

const SLOTS = [new Date('2031-01-06T06:00:00Z'), new Date('2031-01-06T06:15:00Z')] as const;

/** Both transactions hold their first row before either asks for its second. */
function crossing() {
  let arrived = 0;
  let release!: () => void;
  const bothHold = new Promise<void>((resolve) => {
    release = resolve;
  });
  let attempts = 0;
  const lockInOrder = (first: Date, second: Date) =>
    ctx.db.transaction(async (tx) => {
      attempts++;
      const lock = (at: Date) =>
        tx.execute(sql`select 1 from slot_loads where slot_at = ${at.toISOString()} for update`);
      await lock(first);
      if (++arrived === 2) release();
      await bothHold;
      await lock(second);
      return 'done';
    });
  return { lockInOrder, attempts: () => attempts };
}

describe('a deadlock', () => {
  it('ends one of two crossing transactions with 40P01; run once more, both end well', async () => {
    for (const at of SLOTS)
      await ctx.db.execute(
        sql`insert into slot_loads (slot_at) values (${at.toISOString()}) on conflict do nothing`,
      );

    const bare = crossing();
    const outcomes = await Promise.allSettled([
      bare.lockInOrder(SLOTS[0], SLOTS[1]),
      bare.lockInOrder(SLOTS[1], SLOTS[0]),
    ]);
    const failed = outcomes.filter((outcome) => outcome.status === 'rejected');
    expect(failed).toHaveLength(1);
    expect(isDeadlock((failed[0] as PromiseRejectedResult).reason)).toBe(true);

    const retried = crossing();
    expect(
      await Promise.all([
        retryOnDeadlock(() => retried.lockInOrder(SLOTS[0], SLOTS[1])),
        retryOnDeadlock(() => retried.lockInOrder(SLOTS[1], SLOTS[0])),
      ]),
    ).toEqual(['done', 'done']);
    expect(retried.attempts()).toBe(3);
  });

  it('passes every other error on, without a second run', async () => {
    let runs = 0;
    const broken = () => {
      runs++;
      return Promise.reject(new Error('not a deadlock'));
    };
    await expect(retryOnDeadlock(broken)).rejects.toThrow('not a deadlock');
    expect(runs).toBe(1);
  });
});
