// The profile page (machines/profile.machine.ts) replayed on /user-dashboard/profile for a customer.
import { expect, type Page } from '@playwright/test';
import type { ProfileUpdate, User } from '../../contract/user.ts';
import { profileMachine } from '../../machines/profile.machine.ts';
import { mainNav, signIn } from '../e2e/support/accounts.ts';
import { type Account, type Api, CUSTOMER_PHOTO, newCustomer } from './support/backstage.ts';
import { type Fixtures, flowTests } from './support/flow.ts';
import { Gate } from './support/gate.ts';
import { withSilentEffects } from './support/graph.ts';

/** What a failed call says when the network is down (src/ui/failure.ts). */
const UNREACHABLE = 'We could not reach Pizzon. Check your connection and try again.';
const NAME = 'Flow Profile';

interface World extends Fixtures {
  account: Account;
  api: Api;
  load: Gate;
  save: Gate;
}

/** What the server keeps of the profile that the page can change. */
type Saved = Pick<User, 'displayName' | 'photoURL' | 'address'>;
type Context = { profile: User | null; draft: ProfileUpdate | null; error: string | null };
const contextOf = (snapshot: { context: unknown }) => snapshot.context as Context;

/** The record as GET /profile answers it; the ids and e-mail are the account's own, not shown as such. */
const record = (saved: Saved): User => ({
  _id: 'record',
  uid: 'uid',
  email: 'account',
  role: 'user',
  ...saved,
});
const ADDRESSES = ['12 Lake Road', '7 Mill Lane'];

const editForm = (page: Page) =>
  page.locator('form').filter({ has: page.getByRole('button', { name: 'Update now' }) });

flowTests<World, Saved>({
  machine: withSilentEffects(profileMachine),
  server: { displayName: NAME, photoURL: CUSTOMER_PHOTO, address: '' },
  events: (snapshot, saved) => {
    const { profile, draft } = contextOf(snapshot);
    if (snapshot.matches('loading')) {
      return [
        { type: 'xstate.done.actor.fetchProfile', output: record(saved) },
        { type: 'xstate.error.actor.fetchProfile', error: new Error(UNREACHABLE) },
      ];
    }
    if (snapshot.matches('saving')) {
      const changed = (Object.keys(draft!) as Array<keyof Saved>).some((key) => draft![key] !== saved[key]);
      return [
        ...(changed
          ? [{ type: 'xstate.done.actor.saveProfile', output: { matchedCount: 1, modifiedCount: 1 } }]
          : []),
        // The same change saved from another tab first: nothing is left to modify.
        { type: 'xstate.done.actor.saveProfile', output: { matchedCount: 1, modifiedCount: 0 } },
        { type: 'xstate.error.actor.saveProfile', error: new Error(UNREACHABLE) },
      ];
    }
    const { displayName, photoURL, address } = profile ?? record(saved);
    const next = ADDRESSES.find((candidate) => candidate !== address)!;
    return [
      { type: 'profile.retry' },
      { type: 'profile.edit' },
      { type: 'profile.cancel' },
      { type: 'profile.save', changes: { displayName, photoURL, address: next } },
    ];
  },
  serverAfter: (saved, event, snapshot) =>
    event.type === 'xstate.done.actor.saveProfile' ? { ...saved, ...contextOf(snapshot).draft! } : saved,

  label: (event) =>
    event.type === 'xstate.done.actor.saveProfile'
      ? `saveProfile done (${(event as unknown as { output: { modifiedCount: number } }).output.modifiedCount ? 'changed' : 'unchanged'})`
      : undefined,

  calls: { fetchProfile: { gate: (world) => world.load }, saveProfile: { gate: (world) => world.save } },

  async setup(fixtures) {
    const { page } = fixtures;
    const { account, api } = await newCustomer(fixtures.request, NAME);
    await signIn(page, account);
    const load = await Gate.on(
      page,
      'GET /profile',
      (request) => request.method() === 'GET' && /\/api\/profile\?/.test(request.url()),
    );
    const save = await Gate.on(page, 'PATCH /update-profile', (request) =>
      /\/api\/update-profile\//.test(request.url()),
    );
    await mainNav(page)
      .getByRole('link', { name: `${NAME}'s account` })
      .click();
    return { ...fixtures, account, api, load, save };
  },
  async teardown(world) {
    await world.load.open();
    await world.save.open();
  },

  actions: {
    async 'xstate.done.actor.fetchProfile'({ load }) {
      await load.release();
    },
    // Our API fails only with the customer's record gone, which signs them out (401): the page's own
    // failure is a call that does not get through.
    async 'xstate.error.actor.fetchProfile'({ load }) {
      await load.fail();
    },
    async 'profile.retry'({ page }) {
      await page.getByRole('button', { name: 'Try again' }).click();
    },
    async 'profile.edit'({ page }) {
      await page.getByRole('button', { name: 'Edit' }).click();
    },
    async 'profile.cancel'({ page }) {
      await page.getByRole('button', { name: 'Cancle' }).click();
    },
    async 'profile.save'({ page }, { event }) {
      const { changes } = event as unknown as { changes: ProfileUpdate };
      await editForm(page).getByLabel('Address').fill(changes.address);
      await editForm(page).getByRole('button', { name: 'Update now' }).click();
    },
    async 'xstate.done.actor.saveProfile'({ api, save }, { event, from }) {
      if ((event as unknown as { output: { modifiedCount: number } }).output.modifiedCount === 0) {
        const { _id } = await api.call<User>('GET', 'profile');
        await api.call('PATCH', `update-profile/${_id}`, contextOf(from.machine).draft);
      }
      await save.release();
    },
    // Every refusal of one's own profile is either caught by the form (the same schema) or signs the
    // customer out: only a call that does not get through fails the save while the page stays.
    async 'xstate.error.actor.saveProfile'({ save }) {
      await save.fail();
    },
  },

  screens: {
    async 'profile.loading'({ page, load }) {
      await expect(page.getByRole('status').filter({ hasText: /^Loading$/ })).toBeVisible();
      await expect.poll(() => load.holding, { message: 'the profile has been asked for' }).toBe(true);
    },
    async 'profile.loadFailed'({ page }, { machine }) {
      const alert = page.getByRole('alert');
      await expect(alert.getByText(contextOf(machine).error!, { exact: true })).toBeVisible();
      await expect(alert.getByRole('button', { name: 'Try again' })).toBeEnabled();
    },
    async 'profile.viewing'({ page, account }, { machine }) {
      const profile = contextOf(machine).profile!;
      await expect(page.getByRole('heading', { name: profile.displayName, exact: true })).toBeVisible();
      const details = page.locator('dl');
      for (const [label, value] of [
        ['Name', profile.displayName],
        ['Email', account.email],
        ['Role', profile.role],
        ['Photo URL', profile.photoURL],
        ['Address', profile.address],
      ] as const) {
        await expect(
          details.locator('div').filter({ has: page.getByText(label, { exact: true }) }),
        ).toContainText(value || '—');
      }
      await expect(page.getByRole('button', { name: 'Edit' })).toBeEnabled();
      await expect(editForm(page)).toHaveCount(0);
    },
    async 'profile.editing'({ page, account }) {
      await expect(editForm(page)).toHaveAttribute('aria-busy', 'false');
      await expect(editForm(page).getByLabel('Email')).toHaveValue(account.email);
      await expect(editForm(page).getByLabel('Email')).not.toBeEditable();
      await expect(editForm(page).getByRole('button', { name: 'Update now' })).toBeEnabled();
      await expect(editForm(page).getByRole('button', { name: 'Cancle' })).toBeEnabled();
    },
    async 'profile.saving'({ page, save }) {
      await expect(editForm(page)).toHaveAttribute('aria-busy', 'true');
      await expect(editForm(page).getByRole('button', { name: 'Update now' })).toBeDisabled();
      await expect(editForm(page).getByRole('button', { name: 'Cancle' })).toBeDisabled();
      await expect.poll(() => save.holding, { message: 'the change has been sent' }).toBe(true);
    },
  },
});
