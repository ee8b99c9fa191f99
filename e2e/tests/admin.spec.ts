import { expect, test } from '@playwright/test';
import { ADMIN_KEY, ADMIN_PASSWORD, loginAsAdmin, submitAdminLogin } from '../helpers/admin';

test('admin login at /backstage-login: wrong password, the shell, logout', async ({ page }) => {
  await page.goto('/backstage-login');
  await expect(page.getByRole('heading', { name: 'Admin login' })).toBeVisible();

  await submitAdminLogin(page, ADMIN_KEY, `${ADMIN_PASSWORD}-wrong`);
  await expect(page.getByRole('alert')).toHaveText('Invalid admin key or password.');
  await expect(page).toHaveURL(/\/backstage-login$/);

  await submitAdminLogin(page, ADMIN_KEY, ADMIN_PASSWORD);
  await expect(page).toHaveURL(/\/backstage$/);
  // The dashboard opens on its first tab, Analytics, which greets the admin by key.
  await expect(page.getByRole('tab', { name: 'Analytics', selected: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: `Welcome, ${ADMIN_KEY}` })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Admin menu' })).toBeVisible();

  // The session survives a reload, then Logout ends it.
  await page.reload();
  await expect(page.getByRole('heading', { name: `Welcome, ${ADMIN_KEY}` })).toBeVisible();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/backstage-login$/);
  await expect(page.getByRole('heading', { name: 'Admin login' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('admin_token'))).toBeNull();

  // No way back in without logging in again.
  await page.goto('/backstage');
  await expect(page).toHaveURL(/\/backstage-login$/);
});

test('an admin deep link without a token goes to /backstage-login', async ({ page }) => {
  await page.goto('/backstage/inventory-severity');
  await expect(page).toHaveURL(/\/backstage-login$/);
  await expect(page.getByRole('heading', { name: 'Admin login' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Admin menu' })).toHaveCount(0);
});

test("Logout ends this browser's token on the server; the admin's other browser stays signed in", async ({ page, browser, baseURL }) => {
  const elsewhere = await browser.newContext({ baseURL });
  try {
    const otherPage = await elsewhere.newPage();
    await loginAsAdmin(otherPage);
    await loginAsAdmin(page);
    const token = await page.evaluate(() => localStorage.getItem('admin_token'));
    expect(token).toBeTruthy();

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/backstage-login$/);
    // A copy of the token (an extension, a shared screen, a stolen backup) no longer opens anything.
    const me = await page.request.get('/api/admin/me', { headers: { authorization: `Bearer ${token}` } });
    expect(me.status()).toBe(401);

    // The other browser keeps working, after a reload too.
    await otherPage.reload();
    await expect(otherPage.getByRole('heading', { name: `Welcome, ${ADMIN_KEY}` })).toBeVisible();
    const otherToken = await otherPage.evaluate(() => localStorage.getItem('admin_token'));
    expect((await otherPage.request.get('/api/admin/me', { headers: { authorization: `Bearer ${otherToken}` } })).status()).toBe(200);
  } finally {
    await elsewhere.close();
  }
});

test('the Audit Log shows refused sign-ins and calls apart, with their reason and count', async ({ page, request }) => {
  const from = { 'x-forwarded-for': '198.51.100.77' };
  expect((await request.post('/api/admin/login', { headers: from, data: { adminKey: ADMIN_KEY, password: `${ADMIN_PASSWORD}-guess` } })).status()).toBe(401);
  for (let i = 0; i < 3; i++) expect((await request.get('/api/admin/stats', { headers: from })).status()).toBe(401);

  await loginAsAdmin(page);
  await page.getByRole('navigation', { name: 'Admin menu' }).getByRole('link', { name: 'Audit Log' }).click();
  await page.getByLabel('Show').selectOption('refused');
  const rows = page.getByRole('table').getByRole('row').filter({ hasText: '198.51.100.77' });
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: 'Refused: invalid credentials' })).toContainText('admin.login');
  const call = rows.filter({ hasText: 'Refused: no token' });
  await expect(call).toContainText('3 times');
  await expect(call).toContainText('admin.analytics.stats');
  await page.getByLabel('Show').selectOption('ok');
  await expect(page.getByRole('table')).not.toContainText('Refused');
});
