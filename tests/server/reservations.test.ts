import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { reservations } from '../../server/db/schema.ts';
import { inDays, openDayIn } from './support/dates.ts';
import { sharedTestContext } from './support/test-app.ts';

const ctx = sharedTestContext();

const valid = {
  name: 'Nadia Rahman',
  email: 'nadia@example.com',
  persons: 2,
  date: openDayIn(3),
  time: '19:30',
};

/** The first Sunday at least three days away. */
function nextSunday(): string {
  let days = 3;
  while (new Date(`${inDays(days)}T00:00:00Z`).getUTCDay() !== 0) days++;
  return inDays(days);
}

const post = (body: unknown) =>
  ctx.request('/reservations', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
const stored = async () => (await ctx.db.select({ n: count() }).from(reservations))[0]!.n;

describe('POST /reservations', () => {
  it('stores a valid booking and answers its id, its reference and its state', async () => {
    const before = await stored();
    const response = await post({ ...valid, time: '19:30', phone: '+880 1711 000000' });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({
      insertedId: expect.any(String),
      reference: expect.any(String),
      state: 'booked',
    });
    expect(await stored()).toBe(before + 1);
  });

  it('takes a table at opening and at the last booking time', async () => {
    for (const time of ['06:00', '21:30']) expect((await post({ ...valid, time })).status).toBe(201);
  });

  it('takes a party of 4 to 12, beyond the Home form’s 3', async () => {
    for (const persons of [4, 12, '7'])
      expect((await post({ ...valid, time: '10:00', persons })).status).toBe(201);
  });

  it.each([
    [{ ...valid, name: '   ' }, 'Name is required'],
    [{ ...valid, email: 'nadia' }, 'Invalid email address'],
    [{ ...valid, persons: 13 }, 'For more than 12 persons, please call us'],
    [{ ...valid, persons: 0 }, 'Choose 1 to 12 persons'],
    [{ ...valid, persons: 'two' }, 'Choose 1 to 12 persons'],
    [{ ...valid, date: inDays(-3) }, 'Date can not be in the past'],
    [{ ...valid, date: '2026-02-30' }, 'Date must be a valid date'],
    [{ ...valid, time: '25:00' }, 'Time must be HH:MM'],
    // Every field has a length cap, with the field's own message.
    [{ ...valid, name: 'N'.repeat(81) }, 'Name is too long'],
    [{ ...valid, email: `${'n'.repeat(243)}@example.com` }, 'Email is too long'],
    [{ ...valid, persons: '0002' }, 'Choose 1 to 12 persons'],
    [{ ...valid, date: `${inDays(3)}T19:30` }, 'Date must be a valid date'],
    [{ ...valid, time: '19:30:00' }, 'Time must be HH:MM'],
    [{ ...valid, phone: `+${'1'.repeat(21)}` }, 'Phone must be 6 to 20 digits'],
    // The opening hours (the footer's): a table on an open day, from opening to half an hour before closing.
    [{ ...valid, date: nextSunday() }, 'We are closed on Sundays. Please choose another day'],
    [{ ...valid, time: '23:30' }, 'Please choose a time from 6:00am to 9:30pm'],
    [{ ...valid, time: '05:45' }, 'Please choose a time from 6:00am to 9:30pm'],
    [{ ...valid, time: '21:45' }, 'Please choose a time from 6:00am to 9:30pm'],
    [{ ...valid, time: undefined }, 'Time is required'],
    [{ ...valid, time: '' }, 'Time is required'],
    [{ name: 'x' }, 'Email is required'],
    ['{not json', 'The request body must be JSON'],
  ])('refuses %j with 400 "%s" and stores nothing', async (body, message) => {
    const before = await stored();
    const response = await post(body);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message });
    expect(await stored()).toBe(before);
  });
});
