import { execFile } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema.ts';
import { DEMO_ACCOUNTS, seedDemoAccounts } from '../../server/db/seed/demo-accounts.ts';
import { createAnonymousUser, findUserRow, insertUserRow, uniqueEmail } from './support/accounts.ts';
import { sharedTestContext } from './support/test-app.ts';

const ctx = sharedTestContext();

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** `npm run admin:grant -- …args` against this file's database, as an operator runs it. */
function adminGrant(...args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'scripts/admin-grant.ts', ...args],
      { env: { ...process.env, DATABASE_URL: ctx.databaseUrl } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
  });
}

const roleOf = async (uid: string) => (await findUserRow(ctx, uid))?.role;

describe('by e-mail', () => {
  it('makes the one account with that verified e-mail an admin, in any letter case', async () => {
    const user = await insertUserRow(ctx, { emailVerified: true });
    const run = await adminGrant(`  ${user.email.toUpperCase()} `);
    expect(run).toMatchObject({ code: 0, stdout: expect.stringContaining(`uid ${user.uid}`) });
    expect(run.stdout).toContain('is now an admin');
    expect(await roleOf(user.uid)).toBe('admin');
  });

  it('refuses an e-mail no account has', async () => {
    const run = await adminGrant(uniqueEmail());
    expect(run).toMatchObject({ code: 1, stderr: expect.stringContaining('No account has the e-mail') });
  });

  it('refuses an e-mail several accounts have, changes nothing and names their uids', async () => {
    const email = uniqueEmail();
    const verified = await insertUserRow(ctx, { email, emailVerified: true });
    const other = await insertUserRow(ctx, { email: email.toUpperCase(), emailVerified: false });
    const run = await adminGrant(email);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('2 accounts have the e-mail');
    expect(run.stderr).toContain(`--uid ${verified.uid}`);
    expect(run.stderr).toContain(`--uid ${other.uid}`);
    expect([await roleOf(verified.uid), await roleOf(other.uid)]).toEqual(['user', 'user']);
  });

  it('refuses an e-mail the provider has not verified, unless told --unverified', async () => {
    const user = await insertUserRow(ctx, { emailVerified: false });
    const refused = await adminGrant(user.email);
    expect(refused).toMatchObject({ code: 1, stderr: expect.stringContaining('has not verified') });
    expect(refused.stderr).toContain('--unverified');
    expect(await roleOf(user.uid)).toBe('user');

    const granted = await adminGrant(user.email, '--unverified');
    expect(granted.code).toBe(0);
    expect(await roleOf(user.uid)).toBe('admin');
  });

  it('never reaches an account without an e-mail', async () => {
    const anonymous = await createAnonymousUser();
    await insertUserRow(ctx, { uid: anonymous.uid, email: '' });
    const run = await adminGrant('', '--unverified');
    expect(run.code).toBe(2);
    expect(await roleOf(anonymous.uid)).toBe('user');
  });
});

describe('by uid', () => {
  it('makes that account an admin, verified e-mail or not', async () => {
    const user = await insertUserRow(ctx, { emailVerified: false });
    const run = await adminGrant(user.uid);
    expect(run.code).toBe(0);
    expect(await roleOf(user.uid)).toBe('admin');
  });

  it('reads the argument as a uid when told --uid, even with an @ in it', async () => {
    const user = await insertUserRow(ctx, { uid: `odd@uid-${Date.now()}` });
    expect((await adminGrant('--uid', user.uid)).code).toBe(0);
    expect(await roleOf(user.uid)).toBe('admin');
  });

  it('refuses a uid no account has', async () => {
    const run = await adminGrant('no-account-has-this-uid');
    expect(run).toMatchObject({ code: 1, stderr: expect.stringContaining('No account has the uid') });
  });

  it('says so when the account is already an admin', async () => {
    const admin = await insertUserRow(ctx, { role: 'admin' });
    const run = await adminGrant(admin.uid);
    expect(run).toMatchObject({ code: 0, stdout: expect.stringContaining('already an admin') });
  });
});

it.each([
  ['nothing', []],
  ['two accounts', ['a@pizzon.test', 'b@pizzon.test']],
  ['an unknown option', ['a@pizzon.test', '--force']],
])('shows the usage for %s, exit 2', async (_, args) => {
  const run = await adminGrant(...args);
  expect(run).toMatchObject({ code: 2, stderr: expect.stringContaining('Usage: npm run admin:grant') });
});

describe('the demo accounts', () => {
  it('are seeded with verified e-mails, at the provider and in the record, even if seeded before', async () => {
    await seedDemoAccounts(ctx.db, ctx.identity.auth);
    // As an earlier seed left them: nothing verified anywhere.
    for (const { uid } of DEMO_ACCOUNTS) await ctx.identity.auth.updateUser(uid, { emailVerified: false });
    await ctx.db.update(users).set({ emailVerified: false });
    await seedDemoAccounts(ctx.db, ctx.identity.auth);
    for (const { uid, email } of DEMO_ACCOUNTS) {
      expect((await ctx.identity.auth.getUser(uid)).emailVerified).toBe(true);
      expect(await findUserRow(ctx, uid)).toMatchObject({ email, emailVerified: true });
    }
    const customer = DEMO_ACCOUNTS.find((account) => account.role === 'user')!;
    expect((await adminGrant(customer.email)).code).toBe(0);
  });
});
