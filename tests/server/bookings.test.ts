import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { clockOf } from '../../contract/booking.ts';
import { minuteOfClock } from '../../contract/opening-hours.ts';
import { closedDates, openingHours, reservations, reservationTables } from '../../server/db/schema.ts';
import { bookTable, linkFromMail } from './support/bookings.ts';
import { openDayIn } from './support/dates.ts';
import { sharedTestContext, type TestContext } from './support/test-app.ts';

/** Every grid time of an open day, 06:00 to 21:30 every 15 minutes. */
const ALL_TIMES = Array.from({ length: (21 * 60 + 30 - 6 * 60) / 15 + 1 }, (_, i) =>
  clockOf(6 * 60 + i * 15),
);

const book = bookTable;

async function freeTimes(ctx: TestContext, date: string, persons: number): Promise<string[]> {
  const response = await ctx.request(`/availability?date=${date}&persons=${persons}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { times: string[] }).times;
}

/** The tables a booking holds, by name. */
const tablesOf = (ctx: TestContext, id: string) =>
  ctx.db.execute<{ name: string }>(
    sql`select t.name from reservation_tables rt join dining_tables t on t.id = rt.table_id
        where rt.reservation_id = ${id} and rt.holding order by t.created_at`,
  );

describe('availability with a room half full', () => {
  const ctx = sharedTestContext();
  const date = openDayIn(5);

  it('offers every time of an empty day, and none for a party no table or joined tables take', async () => {
    expect(await freeTimes(ctx, date, 2)).toEqual(ALL_TIMES);
    expect(await freeTimes(ctx, date, 12)).toEqual(ALL_TIMES);
  });

  it('keeps out the times where no table or joinable set fits for the whole stay', async () => {
    // Six of the twelve tables at 19:00: the two fours of the main room's row, both sixes, two twos.
    for (const persons of [4, 4, 6, 6, 2, 2]) {
      expect((await book(ctx, { date, time: '19:00', persons })).status).toBe(201);
    }
    // A couple still has tables at 19:00; a party of 6 gets the main room's last two fours, joined.
    expect(await freeTimes(ctx, date, 2)).toEqual(ALL_TIMES);
    expect(await freeTimes(ctx, date, 6)).toEqual(ALL_TIMES);
    // Twelve need three of the main room's fours: two are taken 19:00–20:30, and a party of 12 stays
    // 2 hours, so no start from 17:15 to 20:15 fits.
    const blocked = ALL_TIMES.filter(
      (time) => minuteOfClock(time) > minuteOfClock('17:00') && time < '20:30',
    );
    expect(blocked[0]).toBe('17:15');
    expect(await freeTimes(ctx, date, 12)).toEqual(ALL_TIMES.filter((time) => !blocked.includes(time)));
  });

  it('gives a party of 12 three joined fours of one section, and says who sits where', async () => {
    const { status, body } = await book(ctx, { date, time: '20:30', persons: 12 });
    expect(status).toBe(201);
    expect((await tablesOf(ctx, body.insertedId as string)).rows.map((row) => row.name)).toEqual([
      'Main 1',
      'Main 2',
      'Main 3',
    ]);
  });

  it('refuses a full time with 409 and the nearest free times of that day', async () => {
    const { status, body } = await book(ctx, { date, time: '19:00', persons: 12 });
    expect(status).toBe(409);
    // Free for 12: up to 17:00, and not from 20:30 any more (the party above took three fours).
    expect(body).toEqual({
      message: 'No table for 12 is free at 19:00. Please choose one of the nearest free times',
      times: ['16:15', '16:30', '16:45', '17:00'],
    });
  });

  it('answers a day with no free time for the party with an empty list, and 400 for bad questions', async () => {
    expect(await freeTimes(ctx, openDayIn(30), 12)).toEqual(ALL_TIMES);
    for (const [query, message] of [
      [`date=${date}&persons=13`, 'For more than 12 persons, please call us'],
      [`date=${date}&persons=0`, 'Choose 1 to 12 persons'],
      [`date=${date}`, 'Choose 1 to 12 persons'],
      ['persons=2', 'Date is required'],
      [`date=2020-01-01&persons=2`, 'Date can not be in the past'],
      [`date=${date}x&persons=2`, 'Date must be a valid date'],
    ] as const) {
      const response = await ctx.request(`/availability?${query}`);
      expect({ status: response.status, body: await response.json() }).toEqual({
        status: 400,
        body: { message },
      });
    }
  });
});

describe('POST /reservations', () => {
  const ctx = sharedTestContext();

  it('stores a booking with a reference, its tables and its event, and mails its link', async () => {
    const { status, body } = await book(ctx, { persons: 6, time: '12:00' });
    expect(status).toBe(201);
    expect(body).toEqual({
      insertedId: expect.any(String),
      reference: expect.stringMatching(/^[0-9A-HJKMNP-TV-Z]{8}$/),
      state: 'booked',
    });
    expect((await tablesOf(ctx, body.insertedId as string)).rows).toEqual([{ name: 'Round 1' }]);
    const { reference, key } = await linkFromMail(ctx, body.insertedId as string);
    expect(reference).toBe(body.reference);
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('takes parties up to 12 and sends larger ones to the phone', async () => {
    expect((await book(ctx, { persons: 12, time: '07:00' })).status).toBe(201);
    expect(await book(ctx, { persons: 13 })).toEqual({
      status: 400,
      body: { message: 'For more than 12 persons, please call us' },
    });
  });

  it('never lets two holding bookings share a table at once, whatever writes them', async () => {
    const { body } = await book(ctx, { time: '09:00' });
    const [held] = await ctx.db
      .select()
      .from(reservationTables)
      .where(eq(reservationTables.reservationId, body.insertedId as string));
    // Another booking, at another table on another day.
    const { body: other } = await book(ctx, { date: openDayIn(9), time: '13:00', persons: 6 });
    // Straight into the table, past the service: the exclusion constraint refuses the overlap.
    await expect(
      ctx.db.insert(reservationTables).values({
        ...held!,
        reservationId: other.insertedId as string,
        startMinute: held!.startMinute + 30,
        endMinute: held!.endMinute + 30,
      }),
    ).rejects.toMatchObject({ cause: { constraint: 'reservation_tables_no_overlap' } });
    // A row that no longer holds its table (a cancelled booking's) is no obstacle.
    await ctx.db
      .update(reservationTables)
      .set({ holding: false })
      .where(eq(reservationTables.reservationId, body.insertedId as string));
    await ctx.db.insert(reservationTables).values({ ...held!, reservationId: other.insertedId as string });
    expect(await ctx.db.$count(reservations, eq(reservations.id, other.insertedId as string))).toBe(1);
  });
});

describe('on the shop’s clock (Asia/Dhaka), 21:00 on a booking day', () => {
  const date = openDayIn(5);
  const ctx = sharedTestContext({ now: () => Date.parse(`${date}T15:00:00Z`) });

  it('offers only the times still ahead that day', async () => {
    expect(await freeTimes(ctx, date, 2)).toEqual(['21:15', '21:30']);
  });

  it('refuses a time already past', async () => {
    expect(await book(ctx, { date, time: '20:45' })).toEqual({
      status: 400,
      body: { message: 'That time has already passed. Please choose a later time' },
    });
    expect((await book(ctx, { date, time: '21:15' })).status).toBe(201);
  });
});

describe('the shop’s week (Admin → Hours)', () => {
  const ctx = sharedTestContext();
  const date = openDayIn(6);
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();

  it('offers times up to half an hour before a shorter day closes, and refuses one after', async () => {
    await ctx.db
      .update(openingHours)
      .set({ opens: '11:00', closes: '20:00' })
      .where(eq(openingHours.day, weekday));
    const times = await freeTimes(ctx, date, 2);
    expect([times[0], times.at(-1)]).toEqual(['11:00', '19:30']);
    expect(await book(ctx, { date, time: '19:45' })).toEqual({
      status: 400,
      body: { message: 'Please choose a time from 11:00am to 7:30pm' },
    });
    expect((await book(ctx, { date, time: '19:30' })).status).toBe(201);
  });

  it('offers nothing on a date the shop is closed, and refuses a booking for it', async () => {
    const holiday = openDayIn(13);
    await ctx.db.insert(closedDates).values({ date: holiday, note: 'Eid' });
    expect(await freeTimes(ctx, holiday, 2)).toEqual([]);
    expect(await book(ctx, { date: holiday, time: '12:00' })).toEqual({
      status: 400,
      body: { message: 'We are closed that day. Please choose another day' },
    });
  });
});
