import { expect, test } from '@playwright/test';
import { logoutViaApi, registerViaApi } from '../helpers/accounts';
import { expectSignedOutHeader, loginViaUi, storedToken, submitLogin, toasts } from '../helpers/ui';

test('log in, a second device, the sessions banner, and Logout All Devices', async ({ page, browser }) => {
  const account = await registerViaApi();
  await logoutViaApi(account.token); // start from zero sessions: only the two browser logins count

  // Wrong password first: the error is shown and nothing is stored.
  await page.goto('/auth');
  await expect(page.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');
  await submitLogin(page, account.email, `${account.password}-wrong`);
  await expect(page.getByRole('form', { name: 'Sign in' }).getByRole('alert')).toHaveText('Incorrect email or password.');
  await expect(page).toHaveURL(/\/auth$/);
  expect(await storedToken(page)).toBeNull();

  // Then the right one.
  await submitLogin(page, account.email, account.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText(`Welcome, ${account.firstName} ${account.lastName}`)).toBeVisible();

  // A second browser (its own storage and cookies) signs in too and is warned about two sessions.
  const other = await browser.newContext();
  try {
    const page2 = await other.newPage();
    await loginViaUi(page2, account.email, account.password);
    const banner = page2.getByRole('status').filter({ hasText: 'Multiple active sessions' });
    await expect(banner).toBeVisible();
    await expect(banner).toContainText('signed in on 2 devices');
    await banner.getByRole('button', { name: 'Dismiss' }).click();
    await expect(banner).toBeHidden();

    await page2.goto('/auth-demo');
    await expect(page2.getByText('2 active sessions')).toBeVisible();
    const list2 = page2.getByRole('list', { name: 'Active sessions' });
    await expect(list2.getByRole('listitem')).toHaveCount(2);
    await expect(list2.getByText('This device')).toHaveCount(1);

    // The first browser sees the same two sessions and signs out everywhere.
    await page.goto('/auth-demo');
    await expect(page.getByText('2 active sessions')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Active sessions' }).getByRole('listitem')).toHaveCount(2);
    await page.getByRole('button', { name: 'Logout All Devices' }).click();
    await expect(toasts(page).getByText('Logged out of all devices.')).toBeVisible();
    await expect(page).toHaveURL(/\/auth-demo$/);
    await expect(page.getByRole('form', { name: 'Sign in' })).toBeVisible();
    await expectSignedOutHeader(page);
    expect(await storedToken(page)).toBeNull();

    // The second browser still holds its token; its next call finds the session gone.
    expect(await storedToken(page2)).toBeTruthy();
    await page2.goto('/dashboard');
    await expect(page2).toHaveURL(/\/(login|auth)(\?|$)/);
    await expectSignedOutHeader(page2);
    expect(await storedToken(page2)).toBeNull();
  } finally {
    await other.close();
  }
});
