import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { firstOpenDay } from '../../../contract/opening-hours.ts';
import { E2E } from '../../../playwright.config.ts';
import { unique } from './accounts.ts';

/** The first open day `days` or more from now, as the date input takes it. */
export const openDayAhead = (days: number): string =>
  firstOpenDay(new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10));

let others = 0;
type Slot = { date: string; time: string; persons: number };

/**
 * Another guest books through the API itself, from an address of its own (the API trusts the
 * X-Forwarded-For its site server would add), so the browser's own booking quota is left whole.
 */
function otherGuestBooks(request: APIRequestContext, booking: Slot) {
  const n = ++others;
  return request.post(`${E2E.apiURL}/reservations`, {
    headers: { 'X-Forwarded-For': `203.0.113.${(n % 250) + 1}` },
    data: { name: `Other Party ${n}`, email: `other-${unique()}@pizzon.test`, ...booking },
  });
}

/** `parties` other guests book at the slot, each stored. */
export async function othersBook(request: APIRequestContext, booking: Slot, parties: number): Promise<void> {
  for (let i = 0; i < parties; i++) {
    const response = await otherGuestBooks(request, booking);
    expect(response.status(), await response.text()).toBe(201);
  }
}

/** Other guests book at the slot until no table is left for their party then: answers how many did. */
export async function othersFill(request: APIRequestContext, booking: Slot): Promise<number> {
  for (let booked = 0; booked < 30; booked++) {
    const response = await otherGuestBooks(request, booking);
    if (response.status() === 409) return booked;
    expect(response.status(), await response.text()).toBe(201);
  }
  throw new Error(`the room never filled at ${booking.time} on ${booking.date}`);
}

/** The Reservation page's day and party chosen: 'Find a table' asks for its free times. */
export async function chooseDay(page: Page, date: string, persons: number): Promise<void> {
  const form = page.getByRole('form', { name: 'Day and party' });
  await form.getByLabel('Date').fill(date);
  await form.getByLabel('Persons').selectOption(String(persons));
  await form.getByRole('button', { name: 'Find a table' }).click();
}

/** The free times the Reservation page offers, as it writes them ('7:00pm'). */
export const freeTimes = (page: Page) => page.getByRole('list', { name: 'Free times' });

/** The mail the catcher of `npm start` received last for `to` with a subject starting `subject`: its text. */
export async function caughtMail(page: Page, to: string, subject: string): Promise<string> {
  const catcher = `http://localhost:${E2E.ports.mailWeb}/`;
  const row = page.getByRole('row').filter({ hasText: to }).filter({ hasText: subject }).first();
  await expect(async () => {
    await page.goto(catcher);
    await expect(row).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await row.getByRole('link').click();
  return (await page.locator('pre').textContent()) ?? '';
}
