import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type DayTable, DEFAULT_ROOM_SETTINGS, type RoomSettings } from '../../contract/booking.ts';
import { nextCursorOf } from '../../contract/paging.ts';
import { shopClock } from '../../server/api/services/shop-clock.ts';
import { mailOutbox, reservationEvents, reservationTables } from '../../server/db/schema.ts';
import { SEED_ROOM } from '../../server/db/seed/room.ts';
import { type Admin, adminCall, createAdmin } from './support/admin.ts';
import { call } from './support/commerce.ts';
import { openDayIn } from './support/dates.ts';
import { sharedTestContext } from './support/test-app.ts';

const ctx = sharedTestContext();
let admin: Admin;
beforeAll(async () => {
  admin = await createAdmin(ctx);
});

let guests = 0;
async function book(changes: Record<string, unknown> = {}) {
  const { status, body } = await call<{ insertedId: string; reference: string; state: string }>(
    ctx,
    'POST',
    '/reservations',
    undefined,
    {
      name: 'Rina Das',
      email: `day${++guests}@example.com`,
      persons: 4,
      date: openDayIn(6),
      time: '19:00',
      ...changes,
    },
  );
  expect(status).toBe(201);
  return body;
}

const move = (id: string, to: string, note?: string) =>
  adminCall<{ state?: string; message?: string }>(ctx, admin, 'POST', `/admin-reservation/${id}/transition`, {
    to,
    ...(note ? { note } : {}),
  });

const holding = async (id: string) =>
  (
    await ctx.db
      .select({ holding: reservationTables.holding })
      .from(reservationTables)
      .where(eq(reservationTables.reservationId, id))
  ).map((row) => row.holding);

const mailsOf = (id: string) =>
  ctx.db
    .select({ kind: mailOutbox.kind, subject: mailOutbox.subject, body: mailOutbox.body })
    .from(mailOutbox)
    .where(eq(mailOutbox.reservationId, id))
    .orderBy(asc(mailOutbox.id));

async function setSettings(changes: Partial<RoomSettings>) {
  const response = await adminCall(ctx, admin, 'PUT', '/admin-room-settings', {
    ...DEFAULT_ROOM_SETTINGS,
    ...changes,
  });
  expect(response.status).toBe(200);
}

describe('the day view’s state moves', () => {
  it('seats and finishes a booking, each move an event with its time and staff member', async () => {
    const { insertedId } = await book();
    expect((await move(insertedId, 'seated')).body).toEqual({ state: 'seated' });
    expect((await move(insertedId, 'finished', 'Paid at the table')).body).toEqual({ state: 'finished' });
    const events = await adminCall<Array<Record<string, unknown>>>(
      ctx,
      admin,
      'GET',
      `/admin-reservation/${insertedId}/events`,
    );
    expect(events.body).toEqual([
      {
        id: expect.any(Number),
        from: null,
        to: 'booked',
        by: { actor: 'guest', uid: null },
        at: expect.any(String),
        note: null,
      },
      {
        id: expect.any(Number),
        from: 'booked',
        to: 'seated',
        by: { actor: 'staff', uid: admin.uid },
        at: expect.any(String),
        note: null,
      },
      {
        id: expect.any(Number),
        from: 'seated',
        to: 'finished',
        by: { actor: 'staff', uid: admin.uid },
        at: expect.any(String),
        note: 'Paid at the table',
      },
    ]);
    expect(Date.parse(events.body[2]!.at as string)).toBeGreaterThan(Date.now() - 60_000);
    expect(await holding(insertedId)).toEqual([false]);
  });

  it.each([
    [
      'finished',
      'booked',
      'This booking is booked: it can not be marked finished (only seated, no-show or cancelled)',
    ],
    ['booked', 'booked', 'This booking is already booked'],
    [
      'pending',
      'booked',
      'This booking is booked: it can not be marked waiting for confirmation (only seated, no-show or cancelled)',
    ],
  ])('refuses to move a booked table to %s: 409, nothing written', async (to, _, message) => {
    const { insertedId } = await book();
    const before = await ctx.db.$count(reservationEvents, eq(reservationEvents.reservationId, insertedId));
    expect(await move(insertedId, to)).toMatchObject({
      status: 409,
      body: { message },
    });
    expect(await ctx.db.$count(reservationEvents, eq(reservationEvents.reservationId, insertedId))).toBe(
      before,
    );
  });

  it('refuses to seat a cancelled booking or to seat one twice', async () => {
    const { insertedId } = await book();
    expect((await move(insertedId, 'cancelled')).status).toBe(200);
    expect(await move(insertedId, 'seated')).toMatchObject({
      status: 409,
      body: { message: 'This booking is cancelled: it can not be marked seated' },
    });
    const other = await book();
    const both = await Promise.all([move(other.insertedId, 'seated'), move(other.insertedId, 'seated')]);
    expect(both.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(both.find((answer) => answer.status === 409)!.body).toEqual({
      message: 'This booking is already seated',
    });
  });

  it('gives the table back on a no-show, and tells the guest of the restaurant’s cancellation', async () => {
    const noShow = await book();
    expect((await move(noShow.insertedId, 'no_show')).body).toEqual({ state: 'no_show' });
    expect(await holding(noShow.insertedId)).toEqual([false]);
    const cancelled = await book();
    expect((await move(cancelled.insertedId, 'cancelled')).status).toBe(200);
    expect((await mailsOf(cancelled.insertedId)).map((mail) => mail.kind)).toEqual([
      'booking',
      'booking_cancelled',
    ]);
    expect((await mailsOf(cancelled.insertedId))[1]!.body).toContain('we had to cancel your booking');
  });

  it('answers 404 for a booking that does not exist and 400 for a state that does not', async () => {
    expect((await move('00000000-0000-4000-8000-000000000000', 'seated')).status).toBe(404);
    expect((await move('nope', 'seated')).status).toBe(404);
    const { insertedId } = await book();
    expect(await move(insertedId, 'eaten')).toMatchObject({
      status: 400,
      body: {
        message: 'state must be one of: pending, booked, seated, finished, no_show, cancelled, declined',
      },
    });
  });
});

describe('confirm each booking by hand', () => {
  it('keeps a new booking pending, then accepts one and declines another, each with its mail', async () => {
    await setSettings({ confirmByHand: true });
    try {
      const accepted = await book({ time: '12:00' });
      const declined = await book({ time: '12:00' });
      expect(accepted.state).toBe('pending');
      const [pendingMail] = await mailsOf(accepted.insertedId);
      expect(pendingMail!.subject).toMatch(/^Your table request at Pizzon: /);
      expect(pendingMail!.body).toContain('It is pending: we confirm each booking by hand');

      expect((await move(accepted.insertedId, 'booked')).body).toEqual({ state: 'booked' });
      expect((await move(declined.insertedId, 'declined')).body).toEqual({ state: 'declined' });
      expect((await mailsOf(accepted.insertedId)).map((mail) => mail.subject)).toEqual([
        expect.stringMatching(/^Your table request at Pizzon: /),
        expect.stringMatching(/^Your table at Pizzon is confirmed: /),
      ]);
      const [, answer] = await mailsOf(declined.insertedId);
      expect(answer).toMatchObject({
        kind: 'booking_answer',
        subject: expect.stringMatching(/^We can not take/),
      });
      // A pending booking holds its table; a declined one gives it back.
      expect(await holding(accepted.insertedId)).toEqual([true]);
      expect(await holding(declined.insertedId)).toEqual([false]);
      // Accepting twice is refused.
      expect((await move(accepted.insertedId, 'booked')).status).toBe(409);
    } finally {
      await setSettings({});
    }
  });
});

describe('walk-ins', () => {
  const today = shopClock('Asia/Dhaka').today();

  it('seats a party now at a free table, shown on the day view', async () => {
    const { status, body } = await adminCall<{ insertedId: string; state: string; tables: string[] }>(
      ctx,
      admin,
      'POST',
      '/admin-walk-ins',
      { persons: 3, name: 'Table by the door' },
    );
    expect(status).toBe(201);
    expect(body).toMatchObject({ state: 'seated', tables: [expect.any(String)] });
    const day = await adminCall<DayTable[]>(ctx, admin, 'GET', `/admin-day?date=${today}&limit=100`);
    const seatedAt = day.body.find((row) => row.table.name === body.tables[0]);
    expect(seatedAt!.bookings).toContainEqual(
      expect.objectContaining({
        _id: body.insertedId,
        name: 'Table by the door',
        walkIn: true,
        state: 'seated',
      }),
    );
    expect(await ctx.db.$count(mailOutbox, eq(mailOutbox.reservationId, body.insertedId))).toBe(0);
  });

  it('refuses a party no table takes now with 409, and a party of no one with 400', async () => {
    const tooMany = await adminCall(ctx, admin, 'POST', '/admin-walk-ins', { persons: 30 });
    expect(tooMany.status).toBe(409);
    expect(await adminCall(ctx, admin, 'POST', '/admin-walk-ins', { persons: 0 })).toMatchObject({
      status: 400,
      body: { message: 'Choose the party size' },
    });
  });
});

describe('the day view', () => {
  it('lists the room’s tables a page at a time, each with its bookings of the day', async () => {
    const date = openDayIn(20);
    const couple = await book({ date, persons: 2, time: '18:00' });
    const party = await book({ date, persons: 12, time: '19:00' });
    const first = await ctx.request(`/admin-day?date=${date}&limit=5&uid=${admin.uid}`, {
      headers: { Authorization: `Bearer ${admin.token}` },
    });
    const rows = (await first.json()) as DayTable[];
    expect(rows.map((row) => row.table.name)).toEqual(SEED_ROOM.slice(0, 5).map((table) => table.name));
    expect(rows[0]!.bookings).toEqual([
      expect.objectContaining({
        _id: couple.insertedId,
        time: '18:00',
        endTime: '19:30',
        tables: ['Window 1'],
      }),
    ]);
    const cursor = nextCursorOf(first.headers.get('Link'));
    expect(cursor).not.toBeNull();
    const rest = await adminCall<DayTable[]>(
      ctx,
      admin,
      'GET',
      `/admin-day?date=${date}&limit=100&cursor=${cursor}`,
    );
    expect(rest.body.map((row) => row.table.name)).toEqual(SEED_ROOM.slice(5).map((table) => table.name));
    const main = [...rows, ...rest.body].filter((row) =>
      row.bookings.some((booking) => booking._id === party.insertedId),
    );
    expect(main.map((row) => row.table.name)).toEqual(['Main 1', 'Main 2', 'Main 3']);
    expect(main[0]!.bookings.find((booking) => booking._id === party.insertedId)).toMatchObject({
      persons: 12,
      time: '19:00',
      endTime: '21:00',
      tables: ['Main 1', 'Main 2', 'Main 3'],
    });
  });

  it('shows the shop’s today when no day is named, and refuses a day that is not one', async () => {
    const { body } = await adminCall<{ insertedId: string }>(ctx, admin, 'POST', '/admin-walk-ins', {
      persons: 2,
    });
    const today = await adminCall<DayTable[]>(ctx, admin, 'GET', '/admin-day?limit=100');
    expect(today.body.flatMap((row) => row.bookings.map((booking) => booking._id))).toContain(
      body.insertedId,
    );
    expect((await adminCall(ctx, admin, 'GET', '/admin-day?date=2026-02-30')).status).toBe(400);
  });
});

describe('Admin → Tables', () => {
  const table = { name: 'Bar 1', section: 'Bar', minSeats: 1, maxSeats: 2, joinable: false };

  it('adds, renames and removes a table; a name is the room’s once', async () => {
    const added = await adminCall<{ _id: string; name: string }>(ctx, admin, 'POST', '/admin-tables', table);
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject(table);
    expect(await adminCall(ctx, admin, 'POST', '/admin-tables', table)).toMatchObject({
      status: 409,
      body: { message: 'There is already a table named Bar 1' },
    });
    const renamed = await adminCall(ctx, admin, 'PATCH', `/admin-tables/${added.body._id}`, {
      ...table,
      name: 'Bar stool',
      maxSeats: 3,
    });
    expect(renamed.body).toMatchObject({ name: 'Bar stool', maxSeats: 3 });
    expect((await adminCall(ctx, admin, 'DELETE', `/admin-tables/${added.body._id}`)).body).toEqual({
      deletedCount: 1,
    });
    const listed = await adminCall<Array<{ name: string }>>(ctx, admin, 'GET', '/admin-tables?limit=100');
    expect(listed.body.map((row) => row.name)).not.toContain('Bar stool');
    expect(await adminCall(ctx, admin, 'DELETE', `/admin-tables/${added.body._id}`)).toMatchObject({
      status: 404,
      body: { message: 'No table has this id' },
    });
  });

  it('keeps a table that bookings still to come hold', async () => {
    const added = await adminCall<{ _id: string }>(ctx, admin, 'POST', '/admin-tables', {
      ...table,
      name: 'Booth',
      minSeats: 7,
      maxSeats: 8,
    });
    const booked = await book({ persons: 8, time: '10:00' });
    const held = await ctx.db
      .select()
      .from(reservationTables)
      .where(
        and(
          eq(reservationTables.reservationId, booked.insertedId),
          eq(reservationTables.tableId, added.body._id),
        ),
      );
    expect(held).toHaveLength(1);
    const refused = await adminCall<{ message: string }>(
      ctx,
      admin,
      'DELETE',
      `/admin-tables/${added.body._id}`,
    );
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/^Table Booth has bookings still to come/);
    expect(await move(booked.insertedId, 'cancelled')).toMatchObject({ status: 200 });
    expect((await adminCall(ctx, admin, 'DELETE', `/admin-tables/${added.body._id}`)).status).toBe(200);
  });

  it('refuses a table whose seats do not add up', async () => {
    expect(
      await adminCall(ctx, admin, 'POST', '/admin-tables', {
        ...table,
        name: 'Odd',
        minSeats: 4,
        maxSeats: 2,
      }),
    ).toMatchObject({ status: 400, body: { message: 'Minimum seats can not be more than maximum seats' } });
  });

  it('reads and sets the room’s rules: a longer stay shows in the free times', async () => {
    expect((await adminCall(ctx, admin, 'GET', '/admin-room-settings')).body).toEqual(DEFAULT_ROOM_SETTINGS);
    await setSettings({ gridMinutes: 30, stayUpTo: 4, stayMinutes: 60, stayLargerMinutes: 150 });
    try {
      const answer = await call<{ stayMinutes: number; times: string[] }>(
        ctx,
        'GET',
        `/availability?date=${openDayIn(25)}&persons=2`,
      );
      expect(answer.body.stayMinutes).toBe(60);
      expect(answer.body.times.slice(0, 3)).toEqual(['06:00', '06:30', '07:00']);
    } finally {
      await setSettings({});
    }
    expect(
      (
        await adminCall(ctx, admin, 'PUT', '/admin-room-settings', {
          ...DEFAULT_ROOM_SETTINGS,
          gridMinutes: 20,
        })
      ).status,
    ).toBe(400);
  });
});
