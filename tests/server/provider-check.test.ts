import { beforeEach, describe, expect, it } from 'vitest';
import type { AccountStatus } from '../../server/api/identity.ts';
import { ACCOUNT_CUT, PROVIDER_UNAVAILABLE } from '../../server/api/middleware/auth.ts';
import {
  PROVIDER_CHECK_INTERVAL_MS,
  PROVIDER_CHECK_TIMEOUT_MS,
  PROVIDER_OUTAGE_GRACE_MS,
} from '../../server/api/services/provider-check.ts';
import { bearer, findUserRow, signIn, uniqueEmail } from './support/accounts.ts';
import { type Account, createAccount } from './support/callers.ts';
import {
  createContextOn,
  fixture,
  sharedTestContext,
  type TestContext,
  type TestContextOptions,
} from './support/test-app.ts';

/** The apps' clock; records are stamped by the database's, so it restarts from the real time (newAccount). */
let clock = Date.now();
const advance = (ms: number) => {
  clock += ms;
};

/** Every question the apps put to the provider, by uid; `provider` stands in for it when set. */
let asked: string[] = [];
let provider: ((uid: string) => Promise<AccountStatus>) | undefined;
beforeEach(() => {
  asked = [];
  provider = undefined;
});

const options: TestContextOptions = {
  now: () => clock,
  appIdentity: (identity) => ({
    verifyIdToken: identity.verifyIdToken,
    deleteAccount: identity.deleteAccount,
    accountStatus: (uid) => {
      asked.push(uid);
      return (provider ?? identity.accountStatus)(uid);
    },
  }),
};
/** Two API processes on one database, as `npm start` behind a balancer would run them. */
const one = sharedTestContext(options);
const two = fixture(
  () => createContextOn(one.databaseUrl, options),
  (ctx) => ctx.close(),
);

/** A registered, signed-in account, and the clock set to the moment its record was stamped or later. */
async function newAccount(): Promise<Account> {
  const account = await createAccount(one);
  clock = Date.now();
  return account;
}

const profile = (ctx: TestContext, account: Account) =>
  ctx.request(`/profile?uid=${account.uid}`, { headers: bearer(account.token) });

async function expectStatus(response: Response, status: number, message?: string) {
  const body = (await response.json()) as { message?: string };
  expect({ status: response.status, message: body.message }).toEqual({
    status,
    message: message ?? (status === 200 ? undefined : expect.any(String)),
  });
}

it('notices a change within 60 s, the provider’s time to answer included', () => {
  expect(PROVIDER_CHECK_INTERVAL_MS + PROVIDER_CHECK_TIMEOUT_MS).toBeLessThan(60_000);
});

describe('an account the provider cut off', () => {
  it('loses its API token within 60 s of being disabled: 401', async () => {
    const account = await newAccount();
    await expectStatus(await profile(one, account), 200);
    await one.identity.auth.updateUser(account.uid, { disabled: true });
    advance(PROVIDER_CHECK_INTERVAL_MS);
    await expectStatus(await profile(one, account), 401, ACCOUNT_CUT);
    expect(asked).toEqual([account.uid]);
  });

  it('loses its API token within 60 s of being deleted: 401', async () => {
    const account = await newAccount();
    await one.identity.auth.deleteUser(account.uid);
    advance(PROVIDER_CHECK_INTERVAL_MS);
    await expectStatus(await profile(one, account), 401, ACCOUNT_CUT);
  });

  it('is refused by every process once one has heard, without asking again', async () => {
    const account = await newAccount();
    await one.identity.auth.updateUser(account.uid, { disabled: true });
    advance(PROVIDER_CHECK_INTERVAL_MS);
    await expectStatus(await profile(one, account), 401);
    advance(1_000);
    await expectStatus(await profile(two, account), 401, ACCOUNT_CUT);
    await expectStatus(await profile(one, account), 401, ACCOUNT_CUT);
    expect(asked).toEqual([account.uid]);
  });

  it('is let back in within the interval once the provider enables it again', async () => {
    const account = await newAccount();
    await one.identity.auth.updateUser(account.uid, { disabled: true });
    advance(PROVIDER_CHECK_INTERVAL_MS);
    await expectStatus(await profile(one, account), 401);
    await one.identity.auth.updateUser(account.uid, { disabled: false });
    advance(PROVIDER_CHECK_INTERVAL_MS);
    await expectStatus(await profile(two, account), 200);
  });

  it('is let back in at once by a new sign-in after it is enabled again', async () => {
    const account = await newAccount();
    const email = (await one.identity.auth.getUser(account.uid)).email!;
    await one.identity.auth.updateUser(account.uid, { disabled: true });
    advance(PROVIDER_CHECK_INTERVAL_MS);
    await expectStatus(await profile(one, account), 401);
    await one.identity.auth.updateUser(account.uid, { disabled: false });
    const signedIn = await one.request('/jwt', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...bearer(await signIn(email)) },
      body: JSON.stringify({ uid: account.uid }),
    });
    expect(signedIn.status).toBe(200);
    const { token } = (await signedIn.json()) as { token: string };
    await expectStatus(await profile(two, { ...account, token }), 200);
  });
});

describe('an account in good standing', () => {
  it('keeps working, and the provider is asked at most once per interval, not at every call', async () => {
    const account = await newAccount();
    for (let second = 0; second < PROVIDER_CHECK_INTERVAL_MS / 1000; second += 5) {
      await expectStatus(await profile(second % 2 ? one : two, account), 200);
      advance(5_000);
    }
    expect(asked).toEqual([]);
    for (let call = 0; call < 10; call++)
      await expectStatus(await profile(call % 2 ? one : two, account), 200);
    expect(asked).toEqual([account.uid]);
  });

  it('is asked about once when many calls of every process find the word stale together', async () => {
    const account = await newAccount();
    advance(PROVIDER_CHECK_INTERVAL_MS);
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => profile(i % 2 ? one : two, account)),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(20).fill(200));
    expect(asked).toEqual([account.uid]);
    const record = await findUserRow(one, account.uid);
    expect(record?.providerCheckedAt.getTime()).toBe(clock);
    expect(record?.providerConfirmedAt.getTime()).toBe(clock);
  });
});

describe('the provider’s word on the e-mail', () => {
  const emailOf = async (ctx: TestContext, account: Account) => {
    const response = await profile(ctx, account);
    expect(response.status).toBe(200);
    const { email, emailVerified } = (await response.json()) as { email: string; emailVerified: boolean };
    return { email, emailVerified };
  };
  /** What opening the provider's verification link does to the account. */
  const openLink = (account: Account) => one.identity.auth.updateUser(account.uid, { emailVerified: true });
  const signInWith = (idToken: string, account: Account) =>
    one.request('/jwt', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...bearer(idToken) },
      body: JSON.stringify({ uid: account.uid }),
    });

  it('counts an opened verification link within the interval, without a new sign-in, on every process', async () => {
    const account = await newAccount();
    const { email } = await emailOf(one, account);
    await openLink(account);
    advance(PROVIDER_CHECK_INTERVAL_MS - 1_000);
    expect(await emailOf(one, account)).toEqual({ email, emailVerified: false });
    advance(1_000);
    // The call that asks answers with what it heard.
    expect(await emailOf(two, account)).toEqual({ email, emailVerified: true });
    expect(await emailOf(one, account)).toEqual({ email, emailVerified: true });
    expect(await findUserRow(one, account.uid)).toMatchObject({ email, emailVerified: true });
    expect(asked).toEqual([account.uid]);
  });

  it('follows the provider when the e-mail changes or its verification is taken back', async () => {
    const account = await newAccount();
    await openLink(account);
    advance(PROVIDER_CHECK_INTERVAL_MS);
    expect((await emailOf(one, account)).emailVerified).toBe(true);
    const changed = uniqueEmail();
    await one.identity.auth.updateUser(account.uid, { email: changed, emailVerified: false });
    advance(PROVIDER_CHECK_INTERVAL_MS);
    expect(await emailOf(two, account)).toEqual({ email: changed, emailVerified: false });
    await openLink(account);
    advance(PROVIDER_CHECK_INTERVAL_MS);
    expect((await emailOf(one, account)).emailVerified).toBe(true);
    await one.identity.auth.updateUser(account.uid, { emailVerified: false });
    expect((await emailOf(two, account)).emailVerified).toBe(true);
    advance(PROVIDER_CHECK_INTERVAL_MS);
    expect((await emailOf(one, account)).emailVerified).toBe(false);
  });

  it('is not undone by a sign-in with a token minted before the link was opened', async () => {
    const account = await newAccount();
    await openLink(account);
    advance(PROVIDER_CHECK_INTERVAL_MS);
    // A reload signs in again with the token the SDK kept, before any other call: the check still comes.
    expect((await signInWith(account.idToken, account)).status).toBe(200);
    expect((await emailOf(one, account)).emailVerified).toBe(true);
    expect((await signInWith(account.idToken, account)).status).toBe(200);
    expect(await findUserRow(one, account.uid)).toMatchObject({ emailVerified: true });
    expect((await emailOf(two, account)).emailVerified).toBe(true);
    expect(asked).toEqual([account.uid]);
  });
});

describe('when the provider can not be reached', () => {
  const outage = async (): Promise<AccountStatus> => {
    throw Object.assign(new Error('getaddrinfo ENOTFOUND identitytoolkit.googleapis.com'), {
      code: 'app/network-error',
    });
  };

  it('lets accounts it confirmed lately go on, then answers 503 once the grace has run out', async () => {
    const account = await newAccount();
    provider = outage;
    advance(PROVIDER_CHECK_INTERVAL_MS);
    await expectStatus(await profile(one, account), 200);
    advance(PROVIDER_OUTAGE_GRACE_MS - PROVIDER_CHECK_INTERVAL_MS - 1_000);
    await expectStatus(await profile(two, account), 200);
    advance(2_000);
    await expectStatus(await profile(two, account), 503, PROVIDER_UNAVAILABLE);
    // Each interval one call asks again, whatever the outage; the rest do not wait for it.
    expect(asked).toEqual([account.uid, account.uid]);
    provider = undefined;
    advance(PROVIDER_CHECK_INTERVAL_MS);
    await expectStatus(await profile(one, account), 200);
  });

  it('keeps an account it already cut off out', async () => {
    const account = await newAccount();
    await one.identity.auth.updateUser(account.uid, { disabled: true });
    advance(PROVIDER_CHECK_INTERVAL_MS);
    await expectStatus(await profile(one, account), 401);
    provider = outage;
    advance(PROVIDER_CHECK_INTERVAL_MS);
    await expectStatus(await profile(two, account), 401, ACCOUNT_CUT);
  });

  it('gives up waiting for a provider that does not answer, and goes by the record', async () => {
    const account = await newAccount();
    provider = () => new Promise<never>(() => {});
    advance(PROVIDER_CHECK_INTERVAL_MS);
    const started = performance.now();
    await expectStatus(await profile(one, account), 200);
    const waited = performance.now() - started;
    expect(waited).toBeGreaterThanOrEqual(PROVIDER_CHECK_TIMEOUT_MS - 50);
    expect(waited).toBeLessThan(PROVIDER_CHECK_TIMEOUT_MS + 2_000);
  });
});
