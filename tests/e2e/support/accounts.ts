import { expect, type Page } from '@playwright/test';

export const unique = (): string => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
export const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
export const passwordField = (page: Page) => page.getByLabel('Password', { exact: true });

/**
 * Fills and sends the Login form of /auth. A link to /auth shows it once its code has arrived; until then
 * the page is still the last one, whose own fields (Home's booking form has an Email) are not these.
 */
export async function logIn(page: Page, email: string, password: string): Promise<void> {
  const form = page.getByRole('region', { name: 'Login' }).locator('form');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Login' }).click();
}

/** Opens /auth, logs in, and waits until the navbar shows the account. */
export async function signIn(page: Page, account: { email: string; password: string; displayName: string }) {
  await page.goto('/auth');
  await logIn(page, account.email, account.password);
  await expect(mainNav(page).getByRole('link', { name: `${account.displayName}'s account` })).toBeVisible();
}

/** Registers a new customer through /auth and waits until the navbar shows them. */
export async function register(page: Page, name: string, email: string, password = 'pizza1'): Promise<void> {
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Register' }).click();
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email').fill(email);
  await passwordField(page).fill(password);
  await page.locator('form').getByRole('button', { name: 'Register' }).click();
  await expect(mainNav(page).getByRole('link', { name: `${name}'s account` })).toBeVisible();
}
