// The Login / Register form (machines/auth-form.machine.ts) replayed on /auth. The provider's answers
// are the Auth emulator's own: a refusal is made by changing the account there while the form's call
// is held (another password, the address taken, the account disabled before our API checks it).
import { expect, type Page } from '@playwright/test';
import type { EventObject } from 'xstate';
import { authFormMachine } from '../../machines/auth-form.machine.ts';
import { unique } from '../e2e/support/accounts.ts';
import {
  type Account,
  changeProviderAccount,
  createProviderAccount,
  newCustomer,
  providerUid,
} from './support/backstage.ts';
import { type Fixtures, flowTests } from './support/flow.ts';
import { Gate } from './support/gate.ts';
import { withSilentEffects } from './support/graph.ts';

/** What /auth shows for each refusal: the provider's code, or why our API would not sign in. */
const REFUSALS = {
  wrongPassword: 'auth/wrong-password',
  emailTaken: 'auth/email-already-in-use',
  session: 'We could not sign you in: Your sign-in is not valid or has expired. Please sign in again',
} as const;

interface World extends Fixtures {
  account: Account;
  /** The address the last Register asked for. */
  registering: string | null;
  provider: Gate;
  jwt: Gate;
  /** The provider's call that e-mails a reset link. */
  reset: Gate;
}

type Context = {
  mode: 'login' | 'register';
  showPassword: boolean;
  error: string | null;
  resetEmail: string;
  resetError: string | null;
};

/** What Forgot password says when the provider can not be reached (src/actors/auth-form.ts). */
const RESET_NETWORK_FAILURE = 'We could not reach the sign-in service. Check your connection and try again.';
const emailOf = (event: EventObject) => (event as unknown as { email: string }).email;
const resetForm = (page: Page) =>
  page.locator('form').filter({ has: page.getByRole('button', { name: 'Send reset link' }) });
const contextOf = (snapshot: { context: unknown }) => snapshot.context as Context;

const form = (page: Page) => page.locator('form').filter({ has: page.getByLabel('Email') });
const submit = (page: Page, mode: Context['mode']) =>
  form(page).getByRole('button', { name: mode === 'login' ? 'Login' : 'Register', exact: true });

/** The form waits (the provider or the session), its buttons disabled. */
async function expectBusy(page: Page, mode: Context['mode']) {
  await expect(form(page)).toHaveAttribute('aria-busy', 'true');
  await expect(submit(page, mode)).toBeDisabled();
}

/**
 * The customer signs out in another tab while this one waits for our API: the provider tells this tab
 * its user is gone, the session settles signed out with nothing to report, and the form takes input.
 */
async function signOutElsewhere(world: World) {
  const other = await world.context.newPage();
  await other.goto('/auth');
  // The other tab finds the provider's user and signs in with it, then signs out.
  await other.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign out' }).click();
  await expect(
    other.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }),
  ).toBeVisible();
  await other.close();
  await expect(form(world.page)).toHaveAttribute('aria-busy', 'false');
}

flowTests<World, null>({
  machine: withSilentEffects(authFormMachine),
  server: null,
  events: (snapshot) => {
    const { mode } = contextOf(snapshot);
    return [
      { type: 'TOGGLE' },
      { type: 'SHOWPASS' },
      { type: 'LOADING', request: { method: 'google' } },
      { type: 'SUCCESS' },
      {
        type: 'ERRMSG',
        code: snapshot.matches('succeeded')
          ? REFUSALS.session
          : mode === 'login'
            ? REFUSALS.wrongPassword
            : REFUSALS.emailTaken,
      },
      { type: 'auth.forgot', email: 'flow-forgot@pizzon.test' },
      { type: 'auth.reset', email: 'flow-reset@pizzon.test' },
      { type: 'auth.resetSent' },
      { type: 'auth.resetFailed', message: RESET_NETWORK_FAILURE },
      { type: 'auth.back' },
    ];
  },

  calls: {
    authenticate: { gate: (world) => world.provider },
    sendPasswordReset: { gate: (world) => world.reset },
  },

  async setup(fixtures) {
    const { account } = await newCustomer(fixtures.request, 'Flow Login');
    const provider = await Gate.on(fixtures.page, 'provider sign-in', (request) =>
      /\/accounts:(signInWithPassword|signUp)\b/.test(request.url()),
    );
    const jwt = await Gate.on(
      fixtures.page,
      'POST /jwt',
      (request) => request.method() === 'POST' && new URL(request.url()).pathname.endsWith('/jwt'),
    );
    const reset = await Gate.on(fixtures.page, 'provider reset link', (request) =>
      /\/accounts:sendOobCode\b/.test(request.url()),
    );
    await fixtures.page.goto('/auth');
    return { ...fixtures, account, registering: null, provider, jwt, reset };
  },
  async teardown(world) {
    await world.provider.open();
    await world.jwt.open();
    await world.reset.open();
  },

  actions: {
    async TOGGLE({ page }, { from }) {
      const { mode } = contextOf(from.machine);
      await page.getByRole('button', { name: mode === 'login' ? 'Register' : 'Login', exact: true }).click();
    },
    async SHOWPASS({ page }, { from }) {
      const { showPassword } = contextOf(from.machine);
      await page.getByRole('button', { name: showPassword ? 'Hide password' : 'Show password' }).focus();
      await page.keyboard.press('Space');
    },
    async LOADING(world, { from }) {
      const { page } = world;
      const { mode } = contextOf(from.machine);
      if (from.machine.matches('succeeded')) await signOutElsewhere(world);
      if (mode === 'register') {
        world.registering = `flow-new-${unique()}@pizzon.test`;
        await form(page).getByLabel('Name').fill('Flow Newcomer');
        await form(page).getByLabel('Email').fill(world.registering);
        await form(page).getByLabel('Password', { exact: true }).fill('pizza1');
      } else {
        await form(page).getByLabel('Email').fill(world.account.email);
        await form(page).getByLabel('Password', { exact: true }).fill(world.account.password);
      }
      await submit(page, mode).click();
    },
    async SUCCESS(world) {
      await world.provider.release();
    },
    async ERRMSG(world, { from }) {
      const { request } = world;
      if (from.machine.matches('succeeded')) {
        // Disabled at the provider after it signed the customer in: our API refuses the ID token.
        const email = world.registering ?? world.account.email;
        await changeProviderAccount(request, await providerUid(request, email), { disableUser: true });
        await world.jwt.release();
        world.account = (await newCustomer(request, 'Flow Login')).account;
        world.registering = null;
      } else if (contextOf(from.machine).mode === 'login') {
        await changeProviderAccount(request, world.account.uid, { password: 'pizza2' });
        world.account = { ...world.account, password: 'pizza2' };
        await world.provider.release();
      } else {
        await createProviderAccount(request, world.registering!, 'pizza1');
        await world.provider.release();
      }
    },
    async 'auth.forgot'({ page }, { event }) {
      await form(page).getByLabel('Email').fill(emailOf(event));
      await page.getByRole('button', { name: 'Forgot password?' }).click();
    },
    async 'auth.reset'({ page }, { event }) {
      await resetForm(page).getByLabel('Email').fill(emailOf(event));
      await resetForm(page).getByRole('button', { name: 'Send reset link' }).click();
    },
    async 'auth.resetSent'(world) {
      await world.reset.release();
    },
    // The provider out of reach: the only refusal a real provider gives every address alike.
    async 'auth.resetFailed'(world) {
      await world.reset.fail();
    },
    async 'auth.back'({ page }) {
      await page.getByRole('button', { name: 'Back to Login' }).click();
    },
  },

  screens: {
    async 'authForm.idle'({ page }, { machine }) {
      const { mode, showPassword, error } = contextOf(machine);
      const title = mode === 'login' ? 'Login' : 'Register';
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
      await expect(form(page)).toHaveAttribute('aria-busy', 'false');
      await expect(submit(page, mode)).toBeEnabled();
      await expect(form(page).getByLabel('Name')).toHaveCount(mode === 'register' ? 1 : 0);
      await expect(form(page).getByLabel('Password', { exact: true })).toHaveAttribute(
        'type',
        showPassword ? 'text' : 'password',
      );
      await expect(
        page.getByRole('button', { name: showPassword ? 'Hide password' : 'Show password' }),
      ).toHaveAttribute('aria-pressed', String(showPassword));
      if (error) await expect(page.getByRole('alert')).toHaveText(error);
      else await expect(page.getByRole('alert')).toHaveCount(0);
    },
    async 'authForm.loading'({ page, provider }, { machine }) {
      await expectBusy(page, contextOf(machine).mode);
      await expect.poll(() => provider.holding, { message: 'the provider has been asked' }).toBe(true);
    },
    // The provider said yes; the form waits while our API is asked for the session (POST /jwt).
    async 'authForm.succeeded'({ page, jwt }, { machine }) {
      await expectBusy(page, contextOf(machine).mode);
      await expect.poll(() => jwt.holding, { message: 'our API has been asked for the session' }).toBe(true);
    },
    async 'authForm.forgotPassword'({ page }) {
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reset password');
      await expect(page.getByRole('button', { name: 'Back to Login' })).toBeVisible();
    },
    async 'authForm.forgotPassword.editing'({ page }, { machine }) {
      const { resetEmail, resetError } = contextOf(machine);
      await expect(resetForm(page)).toHaveAttribute('aria-busy', 'false');
      await expect(resetForm(page).getByLabel('Email')).toHaveValue(resetEmail);
      if (resetError) await expect(page.getByRole('alert')).toHaveText(resetError);
      else await expect(page.getByRole('alert')).toHaveCount(0);
    },
    async 'authForm.forgotPassword.sending'({ page, reset }) {
      await expect(resetForm(page)).toHaveAttribute('aria-busy', 'true');
      await expect.poll(() => reset.holding, { message: 'the provider has been asked' }).toBe(true);
    },
    async 'authForm.forgotPassword.sent'({ page }, { machine }) {
      await expect(page.getByRole('status')).toHaveText(
        `If an account exists for ${contextOf(machine).resetEmail}, we have sent a link to reset your password. Check your inbox.`,
      );
    },
  },
});
