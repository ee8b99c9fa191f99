import { expect, test } from '@playwright/test';
import { newUser, registerViaApi } from '../helpers/accounts';
import { outboxBodies } from '../helpers/db';
import { latestResetLink } from '../helpers/mail';
import { storedToken, submitLogin, toasts } from '../helpers/ui';

test('forgot password: mail a reset link, set a new password, sign in with it', async ({ page }) => {
  const account = await registerViaApi();
  const newPassword = newUser().password;

  await page.goto('/auth');
  await page.getByRole('button', { name: 'Forgot your password?' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await dialog.getByLabel('Email').fill(account.email);
  await dialog.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(toasts(page).getByText('Reset Link Sent')).toBeVisible();
  await expect(dialog).toBeHidden();

  // The mail is delivered over SMTP after the answer: poll the suite's mailbox for it.
  await expect.poll(() => latestResetLink(account.email), { message: 'a reset link in the mailbox' }).toMatch(/^https?:\/\/.+\/reset-password\?token=.+/);
  const link = new URL(latestResetLink(account.email)!);
  // The outbox recorded the mail, and holds no link once it was sent.
  await expect.poll(() => outboxBodies(account.email)).toEqual([{ kind: 'password_reset', sent: true, body_text: null, body_html: null }]);
  // Open it on the server under test (the mail's origin is the server's configured PUBLIC_ORIGIN).
  const resetPath = `${link.pathname}${link.search}`;
  await page.goto(resetPath);

  await expect(page.getByRole('heading', { name: 'Reset Password', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Sign In' })).toBeVisible();
  await page.getByLabel('New Password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByRole('heading', { name: 'Password Reset Successful' })).toBeVisible();
  await page.getByRole('link', { name: 'Sign In Now' }).click();
  await expect(page).toHaveURL(/\/login$/);

  // The old password no longer works...
  await submitLogin(page, account.email, account.password);
  await expect(page.getByRole('form', { name: 'Sign in' }).getByRole('alert')).toHaveText('Incorrect email or password.');
  expect(await storedToken(page)).toBeNull();
  // ...the new one does.
  await submitLogin(page, account.email, newPassword);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText(`Welcome, ${account.firstName} ${account.lastName}`)).toBeVisible();

  // The link is single use.
  await page.goto(resetPath);
  await page.getByLabel('New Password', { exact: true }).fill(`${newPassword}x`);
  await page.getByLabel('Confirm Password', { exact: true }).fill(`${newPassword}x`);
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(toasts(page).getByText('Reset Failed')).toBeVisible();
  await expect(toasts(page).getByText('This reset link has expired or is invalid. Please request a new one.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Password Reset Successful' })).toHaveCount(0);
});
