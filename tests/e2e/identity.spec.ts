import { expect, type Page, test } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../../server/db/seed/demo-accounts.ts';
import { expectNoSeriousViolations } from './support/a11y.ts';
import { logIn, mainNav, passwordField, register, unique } from './support/accounts.ts';
import { emailedLinks, passwordResetLink } from './support/auth-emulator.ts';
import { fakeGoogleApis, signInWithGooglePopup } from './support/google-popup.ts';
import { makeProviderCheckDue } from './support/provider-check.ts';

const [admin, customer] = DEMO_ACCOUNTS;
const profileDetails = (page: Page) => page.locator('main dl');

test('registering shows each validation message, the provider’s code, then signs the customer in', async ({
  page,
}) => {
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByRole('heading', { name: 'Register' })).toBeVisible();
  const submit = page.locator('form').getByRole('button', { name: 'Register' });

  await submit.click();
  await expect(page.getByText('Username is required')).toBeVisible();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();

  await page.getByLabel('Name').fill('Nadia 2');
  await page.getByLabel('Email').fill('nadia@');
  await passwordField(page).fill('pizzas1');
  await submit.click();
  await expect(page.getByText('Username should contain only alphanumeric characters')).toBeVisible();
  await expect(page.getByText('Invalid email address')).toBeVisible();
  await expect(page.getByText('Password must be less than 6 characters long')).toBeVisible();

  await passwordField(page).fill('Pizz@1');
  await submit.click();
  await expect(
    page.getByText(
      "Password must be contain a single digit and one uppercase letter, Don't use  uppercase letter and special character",
    ),
  ).toBeVisible();

  // Five characters pass our rule but not the provider's: its code shows under the form.
  const email = `nadia-${unique()}@pizzon.test`;
  await page.getByLabel('Name').fill('Nadia Rahman');
  await page.getByLabel('Email').fill(email);
  await passwordField(page).fill('pizz1');
  await submit.click();
  // Any provider code the form shows is waited for, so a failure names the one it got.
  await expect(page.getByRole('alert').filter({ hasText: /^auth\// })).toHaveText('auth/weak-password');

  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(passwordField(page)).toHaveAttribute('type', 'text');
  await passwordField(page).fill('pizza1');
  await submit.click();
  await expect(page).toHaveURL(/\/$/);
  await expect(mainNav(page).getByRole('link', { name: "Nadia Rahman's account" })).toBeVisible();
  await expect(mainNav(page).getByRole('link', { name: /^Cart: 0 items, 0\.00/ })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('access-token'))).toBeTruthy();

  await mainNav(page).getByRole('link', { name: "Nadia Rahman's account" }).click();
  await expect(page).toHaveURL(/\/user-dashboard\/profile$/);
  await expect(page.getByText(email)).toBeVisible();
  await expect(profileDetails(page)).toContainText('user');
});

test('a wrong password shows the provider’s error code', async ({ page }) => {
  await page.goto('/auth');
  await logIn(page, customer.email, 'wrong1');
  await expect(page.getByRole('alert').filter({ hasText: /^auth\// })).toContainText(
    /auth\/(wrong-password|invalid-credential)/,
  );
  await expect(page).toHaveURL(/\/auth$/);
});

test('Forgot password: the provider’s reset link sets a new password and the old one stops working', async ({
  page,
}) => {
  const email = `rafi-${unique()}@pizzon.test`;
  await register(page, 'Rafi Ahmed', email, 'pizza1');
  await mainNav(page).getByRole('button', { name: 'Sign out' }).click();
  await expect(mainNav(page).getByRole('link', { name: 'Login' })).toBeVisible();

  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Reset password' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'If an account exists' })).toHaveText(
    `If an account exists for ${email}, we have sent a link to reset your password. Check your inbox.`,
  );
  await expect(page.getByRole('button', { name: 'Back to Login' })).toBeFocused();
  await expectNoSeriousViolations(page, 'Forgot password sent');
  await page.getByRole('button', { name: 'Back to Login' }).click();
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();

  // The emulator's reset page answers its link with the address to follow, new password included.
  const link = await passwordResetLink(page.request, email);
  const resetPage = await page.goto(link);
  expect(resetPage?.status()).toBe(400);
  const { urlTemplate } = ((await resetPage?.json()) as { authEmulator: { urlTemplate: string } })
    .authEmulator;
  const reset = await page.goto(urlTemplate.replace('NEW_PASSWORD_HERE', 'reset2'));
  expect(reset?.status()).toBe(200);
  expect(await reset?.json()).toMatchObject({
    authEmulator: { success: 'The password has been successfully updated.', email },
  });

  await page.goto('/auth');
  await logIn(page, email, 'pizza1');
  await expect(page.getByRole('alert').filter({ hasText: /^auth\// })).toContainText(
    /auth\/(wrong-password|invalid-credential)/,
  );
  await logIn(page, email, 'reset2');
  await expect(mainNav(page).getByRole('link', { name: "Rafi Ahmed's account" })).toBeVisible();
});

test('a new customer’s e-mail counts as verified once they open the provider’s link', async ({ page }) => {
  const email = `mina-${unique()}@pizzon.test`;
  await register(page, 'Mina Das', email);
  await mainNav(page).getByRole('link', { name: "Mina Das's account" }).click();
  const emailStatus = profileDetails(page)
    .locator('div')
    .filter({ has: page.getByText('Email status', { exact: true }) });
  await expect(emailStatus).toContainText('Not verified yet');
  await expect(page.getByText('Order updates are mailed to you once your e-mail is verified.')).toBeVisible();
  // The sign-up asked the provider for a link; the profile asks again.
  await expect.poll(async () => (await emailedLinks(page.request, email, 'VERIFY_EMAIL')).length).toBe(1);
  await page.getByRole('button', { name: 'Send verification link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'We sent a link' })).toHaveText(
    `We sent a link to ${email}. Open it, and within a minute this page shows your e-mail as verified.`,
  );
  await expectNoSeriousViolations(page, 'Profile with an unverified e-mail');
  const links = await emailedLinks(page.request, email, 'VERIFY_EMAIL');
  expect(links).toHaveLength(2);

  const opened = await page.goto(links.at(-1)!);
  expect(opened?.status()).toBe(200);
  expect(await opened?.json()).toMatchObject({
    authEmulator: { success: 'The email has been successfully verified.', email },
  });
  // The API asks the provider about an account at most once per check interval: that interval passes.
  // Each page load signs in again with the ID token the SDK kept, which still says unverified; the
  // call that asks the provider may be the cart's, beside the profile's, so the page may need a reload.
  await makeProviderCheckDue(email);
  await expect(async () => {
    await page.goto('/user-dashboard/profile');
    await expect(emailStatus).toHaveText('Email statusVerified', { timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByRole('button', { name: 'Send verification link' })).toHaveCount(0);
  await page.reload();
  await expect(emailStatus).toHaveText('Email statusVerified');
});

test('a guarded page sends a visitor to log in and back again, and survives a hard reload', async ({
  page,
}) => {
  await page.goto('/user-dashboard/profile');
  await expect(page).toHaveURL(/\/auth\?redirect=%2Fuser-dashboard%2Fprofile$/);
  await logIn(page, customer.email, customer.password);
  await expect(page).toHaveURL(/\/user-dashboard\/profile$/);
  await expect(page.getByRole('heading', { name: 'User Dashboard' })).toBeVisible();
  await expect(page.getByText(customer.email)).toBeVisible();

  await page.reload();
  await expect(page).toHaveURL(/\/user-dashboard\/profile$/);
  await expect(page.getByText(customer.email)).toBeVisible();
});

test('a customer visiting the admin area lands on Home; an admin gets the admin dashboard', async ({
  page,
}) => {
  await page.goto('/auth');
  await logIn(page, customer.email, customer.password);
  await expect(mainNav(page).getByRole('link', { name: `${customer.displayName}'s account` })).toBeVisible();
  await page.goto('/admin/profile');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Healthy Food for healthy body' })).toBeVisible();

  await mainNav(page).getByRole('button', { name: 'Sign out' }).click();
  await page.goto('/admin/profile');
  await expect(page).toHaveURL(/\/auth\?redirect=%2Fadmin%2Fprofile$/);
  await logIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/admin\/profile$/);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await expect(page.getByText(admin.email)).toBeVisible();
  await expect(mainNav(page).getByRole('link', { name: `${admin.displayName}'s account` })).toHaveAttribute(
    'href',
    '/admin/profile',
  );
  await page.getByRole('link', { name: 'Home' }).last().click();
  await expect(page).toHaveURL(/\/$/);
});

test('a customer edits the profile: Cancle, the empty-field rule, Update now', async ({ page }) => {
  await register(page, 'Omar Faruk', `omar-${unique()}@pizzon.test`);
  await page.goto('/user-dashboard/profile');
  await page.getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByLabel('Name')).toHaveValue('Omar Faruk');
  await expect(page.getByLabel('Email')).toHaveAttribute('readonly', '');
  await expect(page.getByLabel('Role')).toHaveAttribute('readonly', '');

  await page.getByRole('button', { name: 'Cancle' }).click();
  await expect(page.getByRole('button', { name: 'Edit' })).toBeVisible();

  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByLabel('Photo URL').fill('/images/chefs/chef-1.svg');
  await page.getByLabel('Address').fill('');
  await page.getByRole('button', { name: 'Update now' }).click();
  await expect(page.getByText('Empty filed can not be submitted')).toBeVisible();

  await page.getByLabel('Name').fill('Omar Al Faruk');
  await page.getByLabel('Address').fill('12 Lake Road, Dhaka');
  await page.getByRole('button', { name: 'Update now' }).click();
  await expect(page.getByRole('button', { name: 'Edit' })).toBeVisible();
  await expect(profileDetails(page)).toContainText('12 Lake Road, Dhaka');
  // The bar's text first: when it fails, it says what the bar shows instead.
  await expect(mainNav(page)).toContainText("Omar Al Faruk's account");
  await expect(mainNav(page).getByRole('link', { name: "Omar Al Faruk's account" })).toBeVisible();

  // Saving what is already saved says so and stays in edit mode.
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByRole('button', { name: 'Update now' }).click();
  await expect(page.getByText('Nothing to update: your profile is already like this')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancle' })).toBeVisible();

  await page.reload();
  await expect(profileDetails(page)).toContainText('Omar Al Faruk');
});

test('signing out clears the stored token and the account link', async ({ page }) => {
  await page.goto('/auth');
  await logIn(page, customer.email, customer.password);
  const account = mainNav(page).getByRole('link', { name: `${customer.displayName}'s account` });
  await expect(account).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('access-token'))).toBeTruthy();

  await mainNav(page).getByRole('button', { name: 'Sign out' }).click();
  await expect(account).toHaveCount(0);
  await expect(mainNav(page).getByRole('link', { name: 'Login' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('access-token'))).toBeNull();
});

test('a refused API token signs the user out and sends them to log in', async ({ page }) => {
  await page.goto('/auth');
  await logIn(page, customer.email, customer.password);
  await expect(mainNav(page).getByRole('link', { name: `${customer.displayName}'s account` })).toBeVisible();
  // Within the page (a reload would sign in afresh and store a new token).
  await page.evaluate(() => localStorage.setItem('access-token', 'forged.token.value'));
  await mainNav(page)
    .getByRole('link', { name: `${customer.displayName}'s account` })
    .click();
  await expect(page).toHaveURL(/\/auth\?redirect=%2Fuser-dashboard%2Fprofile$/);
  await expect(mainNav(page).getByRole('link', { name: 'Login' })).toBeVisible();
});

test('Continue with Google signs a new customer in through the emulator’s popup', async ({
  page,
  context,
}) => {
  await fakeGoogleApis(context);
  await page.goto('/auth');
  const email = `gita-${unique()}@pizzon.test`;
  await signInWithGooglePopup(
    page,
    () => page.getByRole('button', { name: 'Continue with Google' }).click(),
    { email, displayName: 'Gita Sen' },
  );
  await expect(mainNav(page).getByRole('link', { name: "Gita Sen's account" })).toBeVisible();
  await mainNav(page).getByRole('link', { name: "Gita Sen's account" }).click();
  await expect(page.getByText(email)).toBeVisible();
});

test('every signed-in route has its page title', async ({ page }) => {
  await page.goto('/auth');
  await logIn(page, customer.email, customer.password);
  await expect(mainNav(page).getByRole('link', { name: `${customer.displayName}'s account` })).toBeVisible();
  for (const [path, title] of [
    ['/user-dashboard', 'User Dashboard - Pizzon'],
    ['/user-dashboard/profile', 'Profile - Pizzon'],
    ['/user-dashboard/my-cart', 'My Cart - Pizzon'],
  ] as const) {
    await page.goto(path);
    await expect(page).toHaveTitle(title);
  }
  await mainNav(page).getByRole('button', { name: 'Sign out' }).click();
  await page.goto('/auth');
  await logIn(page, admin.email, admin.password);
  await expect(mainNav(page).getByRole('link', { name: `${admin.displayName}'s account` })).toBeVisible();
  for (const [path, title] of [
    ['/admin', 'Admin Dashboard - Pizzon'],
    ['/admin/profile', 'Admin Profile - Pizzon'],
  ] as const) {
    await page.goto(path);
    await expect(page).toHaveTitle(title);
  }
});
