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

/**
 * Fills the Create account form, the username confirmed free and the bot check solved in the
 * browser (the proof of work runs in the widget's web worker); the terms box is left to the caller.
 */
export async function fillSignUpForm(page: Page, user: { email: string; firstName: string; lastName: string; username: string; password: string }): Promise<Locator> {
  const form = page.getByRole('form', { name: 'Create account' });
  await form.getByLabel('Email').fill(user.email);
  await form.getByLabel('First Name').fill(user.firstName);
  await form.getByLabel('Last Name').fill(user.lastName);
  await form.getByLabel('Username').fill(user.username);
  await expect(form.getByText('Username is available')).toBeVisible();
  await form.getByLabel('Password', { exact: true }).fill(user.password);
  await form.getByLabel('Confirm Password').fill(user.password);
  await form.getByRole('checkbox', { name: "I'm not a robot" }).click();
  await expect(form.getByText('Verified', { exact: true })).toBeVisible();
  return form;
}
