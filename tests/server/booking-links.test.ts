import { and, asc, desc, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { mailOutbox, reservationEvents, reservations } from '../../server/db/schema.ts';
import { bookedWithLink, type GuestLink } from './support/bookings.ts';
import { openDayIn } from './support/dates.ts';
import { sharedTestContext } from './support/test-app.ts';

/** The shop's clock, moved by the tests (the guest's calls need no sign-in, so nothing else minds). */
let shift = 0;
const ctx = sharedTestContext({ now: () => Date.now() + shift });
beforeEach(() => {
  shift = 0;
});

const date = openDayIn(5);

const send = async (path: string, method = 'GET', body?: unknown) => {
  const response = await ctx.request(path, {
    method,
    headers: { 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

/** A party of six's booking made on the storefront, and the link its mail carries. */
async function booked(changes: Record<string, unknown> = {}): Promise<GuestLink> {
  const link = await bookedWithLink(ctx, { name: 'Omar Faruk', persons: 6, date, time: '19:30', ...changes });
  expect(link.url.origin).toBe('http://localhost:5173');
  return link;
}

const view = (link: Pick<GuestLink, 'reference' | 'key'>) =>
  send(`/bookings/${link.reference}?key=${link.key}`);
const cancel = (link: Pick<GuestLink, 'reference' | 'key'>) =>
  send(`/bookings/${link.reference}/cancel?key=${link.key}`, 'POST');
const move = (link: Pick<GuestLink, 'reference' | 'key'>, to: { date: string; time: string }) =>
  send(`/bookings/${link.reference}/time?key=${link.key}`, 'POST', to);
const freeFor6 = async (day = date) =>
  ((await send(`/availability?date=${day}&persons=6`)).body as { times: string[] }).times;

/** Moves the shop's clock to `minutes` after (before, if negative) the booking's start. */
async function clockAtStartOf(id: string, minutes: number) {
  const [row] = await ctx.db.select().from(reservations).where(eq(reservations.id, id));
  shift = row!.startsAt!.getTime() + minutes * 60_000 - Date.now();
}

describe('a booking’s signed link', () => {
  it('shows the booking, with until when it may change online', async () => {
    const link = await booked();
    const [row] = await ctx.db.select().from(reservations).where(eq(reservations.id, link.id));
    expect(await view(link)).toEqual({
      status: 200,
      body: {
        reference: link.reference,
        name: 'Omar Faruk',
        persons: 6,
        date,
        time: '19:30',
        endTime: '21:30',
        state: 'booked',
        changeableUntil: new Date(row!.startsAt!.getTime() - 2 * 3_600_000).toISOString(),
        cancelCutoffMinutes: 120,
      },
    });
  });

  it('cancels once: the table is free again, a second use is refused', async () => {
    // Both sixes at 19:30: a third party of six has only joined tables left.
    const first = await booked();
    await booked();
    const before = await freeFor6();
    const { status, body } = await cancel(first);
    expect(status).toBe(200);
    expect(body).toMatchObject({ state: 'cancelled', changeableUntil: null });
    expect(await cancel(first)).toEqual({
      status: 409,
      body: { message: 'This booking is already cancelled' },
    });
    expect(await freeFor6()).toEqual(before);
    // Its table is given to the next party of six: a single one again, not joined tables.
    const next = await booked();
    const held = await ctx.db.execute<{ n: number }>(
      `select count(*)::int as n from reservation_tables where reservation_id = '${next.id}' and holding`,
    );
    expect(held.rows[0]!.n).toBe(1);
    const events = await ctx.db
      .select()
      .from(reservationEvents)
      .where(eq(reservationEvents.reservationId, first.id))
      .orderBy(asc(reservationEvents.id));
    expect(events.map((event) => [event.fromState, event.toState, event.actor])).toEqual([
      [null, 'booked', 'guest'],
      ['booked', 'cancelled', 'guest'],
    ]);
    expect(
      await ctx.db
        .select({ kind: mailOutbox.kind, subject: mailOutbox.subject })
        .from(mailOutbox)
        .where(eq(mailOutbox.reservationId, first.id))
        .orderBy(asc(mailOutbox.id)),
    ).toEqual([
      { kind: 'booking', subject: expect.stringMatching(/^Your table at Pizzon: /) },
      { kind: 'booking_cancelled', subject: expect.stringMatching(/^Your booking at Pizzon is cancelled: /) },
    ]);
  });

  it('refuses to cancel or move after the cut-off, 2 hours before, and the booking stays', async () => {
    const link = await booked({ time: '12:00' });
    await clockAtStartOf(link.id, -119);
    const late = {
      status: 409,
      body: {
        message:
          'It is less than 2 hours before your table: it can no longer be changed or cancelled online. Please call us',
      },
    };
    expect(await cancel(link)).toEqual(late);
    expect(await move(link, { date, time: '13:00' })).toEqual(late);
    expect((await view(link)).body).toMatchObject({ state: 'booked', changeableUntil: null });
    await clockAtStartOf(link.id, -121);
    expect((await cancel(link)).body).toMatchObject({ state: 'cancelled' });
  });

  it('names no booking when tampered with: another key, another reference, a cut key', async () => {
    const link = await booked({ time: '08:00' });
    const other = await booked({ time: '08:00' });
    const notValid = { status: 404, body: { message: 'This booking link is not valid' } };
    const flipped = `${link.key.slice(0, -1)}${link.key.endsWith('A') ? 'B' : 'A'}`;
    expect(await view({ reference: link.reference, key: flipped })).toEqual(notValid);
    expect(await cancel({ reference: link.reference, key: flipped })).toEqual(notValid);
    expect(await cancel({ reference: other.reference, key: link.key })).toEqual(notValid);
    expect(await view({ reference: 'ZZZZZZZZ', key: link.key })).toEqual(notValid);
    expect(await view({ reference: link.reference, key: link.key.slice(1) })).toEqual({
      status: 400,
      body: { message: 'This booking link is not valid' },
    });
    expect((await view(link)).body).toMatchObject({ state: 'booked' });
  });

  it('expires once the booking’s stay is over', async () => {
    const link = await booked({ time: '10:00' });
    await clockAtStartOf(link.id, 119);
    expect((await view(link)).status).toBe(200);
    await clockAtStartOf(link.id, 120);
    const expired = {
      status: 409,
      body: { message: "This booking link has expired: the booking's time has passed" },
    };
    expect(await view(link)).toEqual(expired);
    expect(await cancel(link)).toEqual(expired);
  });

  it('moves the booking to a free time: its tables follow it, the guest hears of it', async () => {
    const mover = await booked({ time: '17:00' });
    const { status, body } = await move(mover, { date, time: '13:00' });
    expect(status).toBe(200);
    expect(body).toMatchObject({ time: '13:00', endTime: '15:00', state: 'booked' });
    const spans = await ctx.db.execute<{ start_minute: number; end_minute: number }>(
      `select start_minute, end_minute from reservation_tables where reservation_id = '${mover.id}'`,
    );
    expect(spans.rows).toEqual([{ start_minute: 13 * 60, end_minute: 15 * 60 }]);
    const [event] = await ctx.db
      .select()
      .from(reservationEvents)
      .where(eq(reservationEvents.reservationId, mover.id))
      .orderBy(desc(reservationEvents.id))
      .limit(1);
    expect(event).toMatchObject({ fromState: 'booked', toState: 'booked', actor: 'guest' });
    expect(event!.note).toBe(`Moved from ${date} 17:00 to ${date} 13:00`);
    expect(
      await ctx.db
        .select({ subject: mailOutbox.subject })
        .from(mailOutbox)
        .where(and(eq(mailOutbox.reservationId, mover.id), eq(mailOutbox.kind, 'booking_changed'))),
    ).toEqual([{ subject: expect.stringMatching(/^Your table at Pizzon is moved: /) }]);
  });

  /** Fills `time` of `day` for parties of six: both sixes, then every table set that takes six. */
  const fillForSix = async (day: string, time: string, parties: number) => {
    for (let i = 0; i < parties; i++) await booked({ date: day, time });
    expect(await freeFor6(day)).not.toContain(time);
  };

  it('refuses a move to a full time with 409 and the nearest free times, and leaves it where it was', async () => {
    const day = openDayIn(12);
    const mover = await booked({ date: day, time: '11:00' });
    // The two sixes, three twos by the window, two pairs of fours: six parties of six at 14:00.
    await fillForSix(day, '14:00', 6);
    expect(await move(mover, { date: day, time: '14:00' })).toEqual({
      status: 409,
      body: {
        message: 'No table for 6 is free at 14:00. Please choose one of the nearest free times',
        // Everything is taken 14:00–16:00; its own 11:00–13:00 counts as free.
        times: ['11:45', '12:00', '16:00', '16:15'],
      },
    });
    expect((await view(mover)).body).toMatchObject({ date: day, time: '11:00' });
  });

  it('offers the times the booking may move to, its own table counted free', async () => {
    const day = openDayIn(19);
    const mover = await booked({ date: day, time: '18:00' });
    await fillForSix(day, '18:00', 5);
    const { body } = await send(`/bookings/${mover.reference}/times?key=${mover.key}&date=${day}`);
    expect(body.times).toContain('18:00');
  });
});
