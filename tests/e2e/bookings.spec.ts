import { expect, test } from '@playwright/test';
import { unique } from './support/accounts.ts';
import { caughtMail, chooseDay, freeTimes, openDayAhead, othersBook } from './support/bookings.ts';

// A party of six on the Reservation page, on a phone and on a desktop: it picks a time the page offers,
// gets the confirmation mail, cancels from the link in it, and the time is offered again.
for (const [device, width, height, days] of [
  ['a phone', 375, 812, 20],
  ['a desktop', 1280, 900, 27],
] as const) {
  test(`a party of 6 books an offered time, cancels from its mail's link, and the time is free again (${device})`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width, height });
    const date = openDayAhead(days);
    // Five other parties of six at 19:00 leave the room one way left to seat six then.
    await othersBook(request, { date, time: '19:00', persons: 6 }, 5);
    const email = `six-${unique()}@pizzon.test`;

    await page.goto('/reservation');
    await expect(page.getByLabel('Persons').getByRole('option')).toHaveCount(13);
    await chooseDay(page, date, 6);
    await expect(freeTimes(page).getByRole('button', { name: '7:00pm' })).toBeVisible();
    await freeTimes(page).getByRole('button', { name: '7:00pm' }).click();
    await expect(page.getByText('Your table: 6 persons on')).toContainText('at 7:00pm');
    await page.getByLabel('Name').fill('Party of Six');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Book Now' }).click();
    const summary = page
      .getByRole('status')
      .filter({ has: page.getByRole('heading', { name: 'Your table is booked' }) });
    await expect(summary).toContainText('7:00pm');
    await expect(summary).toContainText('6 persons');
    const reference = (await summary.locator('dd').last().textContent())!.trim();
    expect(reference).toMatch(/^[0-9A-Z]{8}$/);

    // The last way to seat six at 19:00 is taken: no stay of two hours overlapping it is offered.
    await page.getByRole('button', { name: 'Book another table' }).click();
    await chooseDay(page, date, 6);
    await expect(freeTimes(page).getByRole('button', { name: '9:00pm' })).toBeVisible();
    await expect(freeTimes(page).getByRole('button', { name: '7:00pm' })).toHaveCount(0);

    // The mail carries the reference and the signed link.
    const mail = await caughtMail(page, email, 'Your table at Pizzon:');
    expect(mail).toContain(`Booking reference: ${reference}`);
    const link = /https?:\/\/\S+\/booking\/\S+/.exec(mail)![0];
    await page.goto(link);
    const booking = page.getByRole('region', { name: 'Your booking' });
    await expect(booking).toContainText(reference);
    await expect(booking).toContainText('7:00pm to 9:00pm');
    await expect(booking).toContainText('Booked');
    await booking.getByRole('button', { name: 'Cancel the booking' }).click();
    await expect(booking).toContainText('Cancelled');
    await expect(booking).toContainText('This booking is cancelled');
    await expect(booking.getByRole('button', { name: 'Cancel the booking' })).toHaveCount(0);

    // Free again.
    await page.goto('/reservation');
    await chooseDay(page, date, 6);
    await expect(freeTimes(page).getByRole('button', { name: '7:00pm' })).toBeVisible();
  });
}
