// The booking flow (machines/booking-flow.machine.ts) replayed in the browser on both of its pages: the
// Reservation page (a day and a party, the free times, the guest's details) and Home's Book a Table (a
// booking sent with its own time). Which page a path runs on is its first event's: Find a table is the
// Reservation page's, Book Now from the start Home's. The room is real: a time is taken by other guests
// (through the API) while the guest's booking is on its way, and the server answers 409 with the nearest
// free times.
import { expect, type Page } from '@playwright/test';
import type { EventObject } from 'xstate';
import { clockText } from '../../contract/opening-hours.ts';
import { type BookingFlowContext, bookingFlowMachine } from '../../machines/booking-flow.machine.ts';
import { unique } from '../e2e/support/accounts.ts';
import { chooseDay, freeTimes, openDayAhead, othersFill } from '../e2e/support/bookings.ts';
import { type Fixtures, flowTests } from './support/flow.ts';
import { Gate } from './support/gate.ts';
import { withSilentEffects } from './support/graph.ts';

/** What a failed call says when the network is down (src/ui/failure.ts). */
const UNREACHABLE = 'We could not reach Pizzon. Check your connection and try again.';
/** A party of one: four tables take it, so four other guests fill a time. */
const PERSONS = 1;
/** The time asked for, and the nearest free one offered once four others took it (a stay is 90 minutes). */
const TIME = '19:00';
const LATER = '20:30';
const fullMessage = (time: string) =>
  `No table for ${PERSONS} is free at ${time}. Please choose one of the nearest free times`;
/** The model's own day: the browser books on a day of each path's own (World.date). */
const DAY = 'the path’s day';

type Where = 'home' | 'reservation';
/** The page the path runs on (its first event chooses it), and the time other guests filled, if any. */
type Server = { page: Where | null; filled: string | null };

interface World extends Fixtures {
  where: Where;
  date: string;
  email: string;
  times: Gate;
  store: Gate;
}

const contextOf = (snapshot: { context: unknown }) => snapshot.context as BookingFlowContext;
const booking = (time: string) => ({ name: 'Flow Guest', email: 'guest', persons: PERSONS, date: DAY, time });

const homeForm = (page: Page) =>
  page.locator('section', { has: page.getByRole('heading', { name: 'Book a Table' }) }).locator('form');
const detailsForm = (page: Page) => page.getByRole('form', { name: 'Your details' });
const dayForm = (page: Page) => page.getByRole('form', { name: 'Day and party' });
/** The form whose Book Now sends the booking on this page. */
const bookingForm = ({ page, where }: World) => (where === 'home' ? homeForm(page) : detailsForm(page));

flowTests<World, Server>({
  machine: withSilentEffects(bookingFlowMachine),
  server: { page: null, filled: null },
  events: (snapshot, server) => {
    if (snapshot.matches('loadingTimes')) {
      return [
        {
          type: 'xstate.done.actor.fetchTimes',
          output: { date: DAY, persons: PERSONS, stayMinutes: 90, times: [TIME, LATER] },
        },
        { type: 'xstate.error.actor.fetchTimes', error: new Error(UNREACHABLE) },
      ];
    }
    if (snapshot.matches('storing')) {
      const { time } = contextOf(snapshot).booking!;
      return [
        // Once others took the time, only a refusal comes back for it.
        ...(server.filled === time
          ? []
          : [
              {
                type: 'xstate.done.actor.storeBooking',
                output: { stored: { insertedId: 'id', reference: 'REFERENCE', state: 'booked' } },
              },
            ]),
        // One time taken per path: the nearest free ones are then known.
        ...(server.filled === null
          ? [
              {
                type: 'xstate.done.actor.storeBooking',
                output: { full: { message: fullMessage(time), times: ['17:15', '17:30', LATER, '20:45'] } },
              },
            ]
          : []),
        { type: 'xstate.error.actor.storeBooking', error: new Error(UNREACHABLE) },
      ];
    }
    const onHome = server.page !== 'reservation';
    const onReservation = server.page !== 'home';
    // The Reservation page books the time picked; Home the time typed in its form.
    const { time } = contextOf(snapshot);
    return [
      ...(onReservation ? [{ type: 'booking.choose', date: DAY, persons: PERSONS }] : []),
      { type: 'booking.retry' },
      { type: 'booking.pickTime', time: snapshot.matches('times') && server.filled !== TIME ? TIME : LATER },
      { type: 'booking.back' },
      ...(snapshot.matches('details') ? [{ type: 'booking.submit', booking: booking(time!) }] : []),
      ...(onHome && !snapshot.matches('details') ? [{ type: 'booking.submit', booking: booking(TIME) }] : []),
      { type: 'booking.again' },
    ];
  },
  serverAfter: (server, event, snapshot) => {
    if (server.page === null && event.type === 'booking.choose') return { ...server, page: 'reservation' };
    if (server.page === null && event.type === 'booking.submit') return { ...server, page: 'home' };
    const output = (event as { output?: { full?: unknown } }).output;
    if (event.type === 'xstate.done.actor.storeBooking' && output?.full) {
      return { ...server, filled: contextOf(snapshot).booking!.time };
    }
    return server;
  },
  label: (event) => {
    const output = (event as { output?: object }).output;
    if (event.type === 'xstate.done.actor.storeBooking')
      return `storeBooking done (${output && 'full' in output ? 'full' : 'stored'})`;
    if (event.type === 'booking.pickTime')
      return `booking.pickTime ${(event as EventObject & { time: string }).time}`;
    return undefined;
  },
  timeoutMs: 90_000,

  calls: { fetchTimes: { gate: (world) => world.times }, storeBooking: { gate: (world) => world.store } },

  async setup(fixtures, path, n) {
    const { page } = fixtures;
    const where: Where = path.steps[0]?.event.type === 'booking.submit' ? 'home' : 'reservation';
    // A day of each path's own, far from the browser specs' days: its room is empty when it starts.
    const date = openDayAhead(100 + 3 * n);
    const times = await Gate.on(
      page,
      'GET /availability',
      (request) => request.method() === 'GET' && /\/api\/availability\?/.test(request.url()),
    );
    const store = await Gate.on(
      page,
      'POST /reservations',
      (request) => request.method() === 'POST' && /\/api\/reservations$/.test(request.url()),
    );
    if (where === 'home') {
      await page.goto('/');
      // The form comes as the visitor scrolls near it (it follows the Special Menu).
      await page.getByRole('heading', { name: 'Our Special Menu' }).scrollIntoViewIfNeeded();
      await homeForm(page).scrollIntoViewIfNeeded();
    } else {
      await page.goto('/reservation');
    }
    return { ...fixtures, where, date, email: `flow-${unique()}@pizzon.test`, times, store };
  },
  async teardown({ times, store }) {
    await times.open();
    await store.open();
  },

  actions: {
    async 'booking.choose'({ page, date }) {
      await chooseDay(page, date, PERSONS);
    },
    async 'booking.retry'({ page }) {
      await page.getByRole('alert').getByRole('button', { name: 'Try again' }).click();
    },
    async 'booking.pickTime'({ page }, { event, from }) {
      const { time } = event as EventObject & { time: string };
      const list = from.machine.matches('full')
        ? page.getByRole('list', { name: 'Nearest free times' })
        : freeTimes(page);
      await list.getByRole('button', { name: clockText(time) }).click();
    },
    async 'booking.back'({ page }) {
      await page.getByRole('button', { name: 'Choose another time' }).click();
    },
    async 'booking.submit'(world) {
      const form = bookingForm(world);
      if (world.where === 'home') {
        // The guest's own values stay in the form after a refusal: Book Now sends them again.
        if ((await form.getByLabel('Name').inputValue()) === '') {
          await form.getByLabel('Name').fill('Flow Guest');
          await form.getByLabel('Email').fill(world.email);
          await form.getByLabel('Persons').selectOption(String(PERSONS));
          await form.getByLabel('Date').fill(world.date);
          await form.getByLabel('Time').fill(TIME);
        }
      } else {
        await form.getByLabel('Name').fill('Flow Guest');
        await form.getByLabel('Email').fill(world.email);
      }
      await form.getByRole('button', { name: 'Book Now' }).click();
    },
    async 'booking.again'({ page }) {
      await page.getByRole('button', { name: 'Book another table' }).click();
    },
    async 'xstate.done.actor.fetchTimes'({ times }) {
      await times.release();
    },
    // A valid day's free times are always answered: only a call that does not get through fails them.
    async 'xstate.error.actor.fetchTimes'({ times }) {
      await times.fail();
    },
    async 'xstate.done.actor.storeBooking'({ request, date, store }, { event, from }) {
      const output = (event as EventObject & { output: object }).output;
      // Other guests take the last tables at that time while this one's booking is on its way.
      if ('full' in output)
        await othersFill(request, { date, time: contextOf(from.machine).booking!.time, persons: PERSONS });
      await store.release();
    },
    // The form sends only what the server's own rule takes (the shared schema): only a call that does
    // not get through fails a booking here.
    async 'xstate.error.actor.storeBooking'({ store }) {
      await store.fail();
    },
  },

  screens: {
    async 'bookingFlow.choosing'(world, { machine }) {
      const { page, where } = world;
      const { error } = contextOf(machine);
      if (where === 'home') {
        await expect(homeForm(page)).toHaveAttribute('aria-busy', 'false');
        await expect(homeForm(page).getByRole('button', { name: 'Book Now' })).toBeEnabled();
        if (error) await expect(homeForm(page).getByRole('alert')).toHaveText(error);
        else await expect(homeForm(page).getByRole('alert')).toHaveCount(0);
      } else {
        await expect(dayForm(page).getByRole('button', { name: 'Find a table' })).toBeEnabled();
        await expect(freeTimes(page)).toHaveCount(0);
        await expect(detailsForm(page)).toHaveCount(0);
      }
    },
    async 'bookingFlow.loadingTimes'({ page, times }) {
      await expect(page.getByRole('status').filter({ hasText: 'Looking for a free table…' })).toBeVisible();
      await expect(dayForm(page).getByRole('button', { name: 'Find a table' })).toBeDisabled();
      await expect.poll(() => times.holding, { message: 'the free times have been asked for' }).toBe(true);
    },
    async 'bookingFlow.timesFailed'({ page }) {
      const alert = page.getByRole('alert').filter({ has: page.getByRole('button', { name: 'Try again' }) });
      await expect(alert).toContainText(UNREACHABLE);
    },
    async 'bookingFlow.times'({ page }, { server }) {
      await expect(freeTimes(page).getByRole('button', { name: clockText(LATER) })).toBeVisible();
      // A time others took is not offered.
      const taken = freeTimes(page).getByRole('button', { name: clockText(TIME) });
      if (server.filled === TIME) await expect(taken).toHaveCount(0);
      else await expect(taken).toBeVisible();
    },
    async 'bookingFlow.details'({ page }, { machine }) {
      const { time, error } = contextOf(machine);
      await expect(page.getByText(/^Your table:/)).toContainText(`at ${clockText(time!)}`);
      await expect(detailsForm(page)).toHaveAttribute('aria-busy', 'false');
      await expect(detailsForm(page).getByRole('button', { name: 'Book Now' })).toBeEnabled();
      if (error) await expect(detailsForm(page).getByRole('alert')).toHaveText(error);
      else await expect(detailsForm(page).getByRole('alert')).toHaveCount(0);
    },
    async 'bookingFlow.storing'(world) {
      await expect(bookingForm(world)).toHaveAttribute('aria-busy', 'true');
      await expect(bookingForm(world).getByRole('button', { name: 'Booking…' })).toBeDisabled();
      await expect.poll(() => world.store.holding, { message: 'the booking has been sent' }).toBe(true);
    },
    async 'bookingFlow.full'({ page }, { machine }) {
      const { error } = contextOf(machine);
      await expect(page.getByRole('alert').filter({ hasText: error! })).toBeVisible();
      await expect(
        page
          .getByRole('list', { name: 'Nearest free times' })
          .getByRole('button', { name: clockText(LATER) }),
      ).toBeVisible();
    },
    async 'bookingFlow.stored'({ page, email }, { machine }) {
      const summary = page
        .getByRole('status')
        .filter({ has: page.getByRole('heading', { name: 'Your table is booked' }) });
      await expect(summary).toContainText(clockText(contextOf(machine).booking!.time));
      await expect(summary).toContainText(email);
      await expect(summary.locator('dd').last()).toHaveText(/^[0-9A-Z]{8}$/);
    },
  },
});
