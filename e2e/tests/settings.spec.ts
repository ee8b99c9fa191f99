import { expect, test, type Page } from '@playwright/test';
import { loginViaApi, newUser, registerViaApi, sessionStatus, useSession } from '../helpers/accounts';
import { deletionRequestedAt } from '../helpers/db';
import { expectSignedInHeader, expectSignedOutHeader, header, storedToken, submitLogin, toasts } from '../helpers/ui';

async function openSettings(page: Page) {
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
}

test('change the password in /settings, log out, log in with the new one', async ({ page }) => {
  const account = await registerViaApi();
  const otherDevice = await loginViaApi(account.email, account.password);
  const newPassword = newUser().password;
  await useSession(page, account);
  await openSettings(page);

  const card = page.getByRole('form', { name: 'Change password' });
  await card.getByLabel('Current Password').fill(account.password);
  await card.getByLabel('New Password', { exact: true }).fill(newPassword);
  await card.getByLabel('Confirm New Password').fill(newPassword);
  await card.getByRole('button', { name: 'Update Password' }).click();
  await expect(toasts(page).getByText('Password Updated')).toBeVisible();
  await expect(card.getByLabel('Current Password')).toHaveValue(''); // the form is reset

  // Other devices are signed out; this one stays signed in.
  expect(await sessionStatus(otherDevice)).toBe(401);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await expectSignedInHeader(page);

  await header(page).getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  // Where logout lands is checked in 'logout from a signed-in page lands on /'.
  await expectSignedOutHeader(page);
  expect(await storedToken(page)).toBeNull();
  expect(await sessionStatus(account.token)).toBe(401);

  await page.goto('/auth');
  await submitLogin(page, account.email, account.password);
  await expect(page.getByRole('form', { name: 'Sign in' }).getByRole('alert')).toHaveText('Incorrect email or password.');
  await submitLogin(page, account.email, newPassword);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expectSignedInHeader(page);
});

test('delete the account in /settings; signing in again cancels the deletion', async ({ page }) => {
  const account = await registerViaApi();
  await useSession(page, account);
  await openSettings(page);

  // Scoped to the delete card: the change-password card has password fields too.
  const card = page.getByRole('form', { name: 'Delete account' });
  await expect(page.getByRole('heading', { name: 'Delete Account', level: 2 })).toBeVisible();
  await card.getByLabel('Password', { exact: true }).fill(account.password);
  await card.getByLabel('Type DELETE to confirm').fill('DELETE');
  await card.getByRole('button', { name: 'Delete Account' }).click();

  // Where it lands is checked in 'deleting the account lands on /'.
  await expect(toasts(page).getByText('Account Deletion Requested')).toBeVisible();
  await expectSignedOutHeader(page);
  expect(await storedToken(page)).toBeNull();
  expect(await deletionRequestedAt(account.email)).not.toBeNull();
  expect(await sessionStatus(account.token)).toBe(401);

  await page.goto('/auth');
  await submitLogin(page, account.email, account.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(toasts(page).getByText('Welcome back! Your account deletion has been cancelled.')).toBeVisible();
  await expectSignedInHeader(page);
  expect(await deletionRequestedAt(account.email)).toBeNull();
});

/*
 * Signing out from a page behind RequireAuth must land on / (settings-and-admin: "A successful
 * request logs the user out and goes to /"), not on /auth?returnUrl=... as the guard would do.
 */
test.describe('where signing out from /settings lands', () => {
  test('logout from a signed-in page lands on /', async ({ page }) => {
    const account = await registerViaApi();
    await useSession(page, account);
    await openSettings(page);
    await header(page).getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expectSignedOutHeader(page);
    await expect(page).toHaveURL(/\/$/, { timeout: 3_000 });
    await expect(page.getByRole('link', { name: 'Let AI Dress You' })).toBeVisible(); // the landing page
    await expect(page).toHaveURL(/\/$/);
  });

  test('deleting the account lands on /', async ({ page }) => {
    const account = await registerViaApi();
    await useSession(page, account);
    await openSettings(page);
    const card = page.getByRole('form', { name: 'Delete account' });
    await card.getByLabel('Password', { exact: true }).fill(account.password);
    await card.getByLabel('Type DELETE to confirm').fill('DELETE');
    await card.getByRole('button', { name: 'Delete Account' }).click();
    await expect(toasts(page).getByText('Account Deletion Requested')).toBeVisible();
    await expect(page).toHaveURL(/\/$/, { timeout: 3_000 });
    await expect(page.getByRole('link', { name: 'Let AI Dress You' })).toBeVisible(); // the landing page
    await expect(page).toHaveURL(/\/$/);
  });
});
