import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diningTables, mailOutbox, reservations, reservationTables } from '../../server/db/schema.ts';
import { type ApiProcess, sharedScratchDatabase, startApiProcess, stopApi } from './support/api-process.ts';
import { openDayIn } from './support/dates.ts';
import { until } from './support/until.ts';

/**
 * Two API processes on one database book tables as one: the day's lock and the exclusion constraint
 * live in PostgreSQL, and so does the reminder's once (docs/decisions/034-tables-and-bookings.md).
 */
const scratch = sharedScratchDatabase();
let a: ApiProcess;
let b: ApiProcess;
beforeAll(async () => {
  // Both sweep often, so that their reminder sweeps meet; behind a proxy, so that each racer is a
  // caller of its own (the booking quotas count per address and per e-mail).
  const env = { EXPIRY_SWEEP_MS: '100', TRUST_PROXY: 'true' };
  [a, b] = await Promise.all([startApiProcess(scratch.url, env), startApiProcess(scratch.url, env)]);
}, 60_000);
afterAll(async () => {
  for (const api of [a, b]) await stopApi(api);
});

const book = (api: ApiProcess, i: number, changes: Record<string, unknown>) =>
  fetch(`${api.url}/reservations`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `198.51.100.${i + 1}` },
    body: JSON.stringify({
      name: `Racer ${i}`,
      email: `racer${i}@example.com`,
      persons: 2,
      date: openDayIn(8),
      time: '19:00',
      ...changes,
    }),
  });

describe('two API processes on one database', () => {
  it('give the last table at a time to exactly one of 12 racers; the others get 409 and the next free times', async () => {
    const date = openDayIn(8);
    // The room down to one table for two: the rest taken out of it (as the owner would).
    const [last] = await scratch.db.select().from(diningTables).where(eq(diningTables.name, 'Window 1'));
    await scratch.db
      .update(diningTables)
      .set({ removedAt: sql`now()` })
      .where(sql`${diningTables.id} <> ${last!.id}`);
    // Someone already sits there from 20:30: the racers' next free times are before 17:30 or from 20:30.
    expect((await book(a, 99, { date, time: '20:30' })).status).toBe(201);

    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => book(i % 2 === 0 ? a : b, i, { date, time: '19:00' })),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(11);
    for (const answer of answers.filter((response) => response.status === 409)) {
      expect(await answer.json()).toEqual({
        message: 'No table for 2 is free at 19:00. Please choose one of the nearest free times',
        // The winner's stay runs to 20:30, the next guest's from 20:30 to 22:00.
        times: ['16:45', '17:00', '17:15', '17:30'],
      });
    }
    const held = await scratch.db
      .select()
      .from(reservationTables)
      .where(and(eq(reservationTables.date, date), eq(reservationTables.holding, true)));
    expect(held).toHaveLength(2);
    expect(new Set(held.map((row) => row.tableId))).toEqual(new Set([last!.id]));
  });

  it('queue each reminder once, though both sweep', async () => {
    await scratch.db.update(diningTables).set({ removedAt: null });
    // Booked days ago for a table 2 hours from now: inside the default 3 hours' lead.
    const ids: string[] = [];
    for (let i = 0; i < 30; i++) {
      const time = `${String(6 + Math.floor(i / 2)).padStart(2, '0')}:${i % 2 === 0 ? '00' : '30'}`;
      const response = await book(i % 2 === 0 ? a : b, 100 + i, { date: openDayIn(40), time });
      expect(response.status).toBe(201);
      ids.push(((await response.json()) as { insertedId: string }).insertedId);
    }
    await scratch.db
      .update(reservations)
      .set({
        startsAt: sql`now() + interval '2 hours'`,
        createdAt: sql`now() - interval '3 days'`,
      })
      .where(inArray(reservations.id, ids));
    const reminders = () =>
      scratch.db.$count(
        mailOutbox,
        and(eq(mailOutbox.kind, 'booking_reminder'), inArray(mailOutbox.reservationId, ids)),
      );
    expect(await until(reminders, (n) => n >= 30, 10_000)).toBe(30);
    // Give a second sweep on either process its chance to (wrongly) queue another.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await reminders()).toBe(30);
    const perBooking = await scratch.db.execute<{ n: number }>(
      sql`select count(*)::int as n from mail_outbox where kind = 'booking_reminder' group by reservation_id`,
    );
    expect(perBooking.rows.every((row) => row.n === 1)).toBe(true);
    expect(
      await scratch.db.$count(
        reservations,
        and(inArray(reservations.id, ids), isNull(reservations.remindedAt)),
      ),
    ).toBe(0);
  });
});
