import { expect, type Locator, type Page } from '@playwright/test';

/** The site header (the <header> landmark). */
export const header = (page: Page): Locator => page.getByRole('banner');

/** The toast viewport (Radix names the region after its hotkey). */
export const toasts = (page: Page): Locator => page.getByRole('region', { name: 'Notifications (F8)' });

/** Desktop header when signed in: the account menu, no Login / Sign Up. */
export async function expectSignedInHeader(page: Page): Promise<void> {
  const bar = header(page);
  await expect(bar.getByRole('button', { name: 'Account menu' })).toBeVisible();
  await expect(bar.getByRole('link', { name: 'Login' })).toHaveCount(0);
  await expect(bar.getByRole('link', { name: 'Sign Up' })).toHaveCount(0);
}

/** Header when signed out: Login and Sign Up, no account menu. */
export async function expectSignedOutHeader(page: Page): Promise<void> {
  const bar = header(page);
  await expect(bar.getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(bar.getByRole('link', { name: 'Sign Up' })).toBeVisible();
  await expect(bar.getByRole('button', { name: 'Account menu' })).toHaveCount(0);
}

/** Fills the sign-in form on the current page and submits it (no assertion on the outcome). */
export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/** Signs in through /auth and waits for the dashboard. */
export async function loginViaUi(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/auth');
  await submitLogin(page, email, password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expectSignedInHeader(page);
}

/** The stored auth token of the app in this page (null when signed out). */
export async function storedToken(page: Page): Promise<string | null> {
  return page.evaluate(() => localStorage.getItem('drape_token'));
}
