import { expect, test } from '@playwright/test';
import { ADMIN_BASE, loginAsAdmin } from '../helpers/admin';
import { loginViaUi, toasts } from '../helpers/ui';

/** The Users tab: test users shown once, one of them used in the web app, its sessions ended; the audit log shows it. */
test('test users: created, the Fashion Icon signs in and opens the LookBook, sessions ended, and the audit log shows it', async ({ page, browser }) => {
  await loginAsAdmin(page);
  await page.getByRole('navigation', { name: 'Admin menu' }).getByRole('link', { name: 'Users' }).click();
  await expect(page).toHaveURL(new RegExp(`${ADMIN_BASE}\\?tab=users$`));

  await page.getByRole('button', { name: 'Create test users' }).click();
  const made = page.getByRole('table', { name: 'New test users' });
  await expect(made.getByRole('row')).toHaveCount(5);
  await expect(page.getByText('These passwords are shown only once.', { exact: false })).toBeVisible();
  const iconRow = made.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Fashion Icon' }) });
  const cells = iconRow.getByRole('cell');
  const username = (await cells.nth(0).innerText()).trim();
  const email = (await cells.nth(1).innerText()).trim();
  const password = (await page.getByTestId('password-fashion_icon').innerText()).trim();
  expect(username).toMatch(/^test_icon_[a-z0-9]{4}$/);

  // The Fashion Icon test user in the web app: the LookBook opens (settings-and-admin §3).
  const user = await browser.newContext();
  try {
    const web = await user.newPage();
    await loginViaUi(web, email, password);
    await web.goto('/lookbook');
    await expect(web.getByRole('heading', { level: 1, name: 'LookBook' })).toBeVisible();

    // The list finds it by prefix, with its one session; ending it signs the user out.
    const list = page.getByRole('table', { name: 'Users', exact: true });
    await page.getByLabel('Search', { exact: true }).fill(username);
    await expect(list.getByRole('row')).toHaveCount(2);
    const row = list.getByRole('row').filter({ hasText: username });
    await expect(row).toContainText('Fashion Icon');
    await expect(row).toContainText('Test');
    await expect(row.getByRole('cell').nth(2)).toHaveText('1');
    await row.getByRole('button', { name: `End sessions of ${username}` }).click();
    const dialog = page.getByRole('dialog', { name: 'End every session?' });
    await dialog.getByRole('button', { name: 'End sessions' }).click();
    await expect(toasts(page).getByText('Sessions ended')).toBeVisible();
    await expect(row.getByRole('cell').nth(2)).toHaveText('0');
    await web.reload();
    await expect(web.getByRole('form', { name: 'Sign in' })).toBeVisible();
  } finally {
    await user.close();
  }

  // The audit log: both actions, and the reads of the user list (its search with it), the passwords never.
  await page.getByRole('navigation', { name: 'Admin menu' }).getByRole('link', { name: 'Audit Log' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Audit Log' })).toBeVisible();
  const entries = page.getByRole('table').getByRole('row');
  await expect(page.getByRole('table')).toContainText('admin.users.endSessions');
  await page.getByLabel('Filter by action').fill('admin.users.list');
  await expect(entries.nth(1)).toContainText('Users: list');
  await entries.nth(1).getByRole('button', { name: /Show/ }).click();
  await expect(page.locator('pre').first()).toContainText(username);
  await page.getByLabel('Filter by action').fill('admin.users.createTestUsers');
  const created = entries.nth(1);
  await expect(created).toContainText('Users: create test users');
  await expect(created).toContainText('admin');
  await created.getByRole('button', { name: /Show/ }).click();
  const details = page.locator('pre').first();
  await expect(details).toContainText(username);
  // Only the username and tier of each test user are kept (the action's allowlist).
  await expect(details).not.toContainText(password);
  await expect(details).not.toContainText(email);
});
