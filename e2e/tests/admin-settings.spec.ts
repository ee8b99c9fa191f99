import { expect, test, type Page } from '@playwright/test';
import { BASE_URL, registerViaApi, useSession } from '../helpers/accounts';
import { ADMIN_BASE, adminToken, loginAsAdmin } from '../helpers/admin';

/**
 * The admin Settings tab. Maintenance Mode is global: every spec file after this one runs against
 * the same server, so afterAll turns it off again (and restores the performance mode), whatever
 * happens here.
 */
async function openSettings(page: Page): Promise<void> {
  await loginAsAdmin(page);
  await page.goto(`${ADMIN_BASE}?tab=settings`);
  await expect(page.getByRole('heading', { name: 'Platform Settings' })).toBeVisible();
}

/** The server's message (contracts: APP_ERRORS.maintenance), shown on the maintenance page. */
const MAINTENANCE_MESSAGE = 'Drape is down for scheduled maintenance. We will be back shortly.';

const maintenanceHeading = (page: Page) => page.getByRole('heading', { name: "We'll be right back" });

test('Maintenance Mode on shows users the maintenance page; off brings the site back by itself', async ({ page, browser }) => {
  test.setTimeout(150_000);
  const account = await registerViaApi();
  const userContext = await browser.newContext();
  const visitorContext = await browser.newContext();
  try {
    await openSettings(page);
    const toggle = page.getByRole('switch', { name: 'Maintenance Mode' });
    await expect(toggle).not.toBeChecked();
    await expect(page.getByRole('switch', { name: 'Analytics Tracking' })).toBeChecked();
    await expect(page.getByRole('switch', { name: 'Push Notifications' })).toBeChecked();

    // Turning it on asks first; Cancel changes nothing.
    await toggle.click();
    const dialog = page.getByRole('dialog', { name: 'Turn on Maintenance Mode?' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(toggle).not.toBeChecked();
    await toggle.click();
    await dialog.getByRole('button', { name: 'Turn on maintenance' }).click();
    await expect(toggle).toBeChecked();
    await expect(page.getByText('Settings saved', { exact: true })).toBeVisible();

    // A signed-in user opening the dashboard, and a visitor opening the landing.
    const userPage = await userContext.newPage();
    await useSession(userPage, account);
    await userPage.goto('/dashboard');
    await expect(maintenanceHeading(userPage)).toBeVisible();
    await expect(userPage.getByText(MAINTENANCE_MESSAGE)).toBeVisible();
    await expect(userPage.getByRole('img', { name: 'Drape' })).toBeVisible();
    const visitorPage = await visitorContext.newPage();
    await visitorPage.goto('/');
    await expect(maintenanceHeading(visitorPage)).toBeVisible();
    await expect(visitorPage.getByText(MAINTENANCE_MESSAGE)).toBeVisible();

    // The admin area keeps working meanwhile (a reload reads the toggle from the server).
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Maintenance Mode' })).toBeChecked();

    // Off: the user's page finds out on its own at its next check (every 30 s) and shows the dashboard.
    await page.getByRole('switch', { name: 'Maintenance Mode' }).click();
    await expect(page.getByRole('switch', { name: 'Maintenance Mode' })).not.toBeChecked();
    await expect(maintenanceHeading(userPage)).toBeHidden({ timeout: 45_000 });
    await expect(userPage.getByRole('heading', { name: 'Explore AI Fashion' })).toBeVisible();
    // The visitor need not wait: Check now.
    await visitorPage.getByRole('button', { name: 'Check now' }).click();
    await expect(maintenanceHeading(visitorPage)).toBeHidden();
    await expect(visitorPage.getByRole('heading', { level: 1 })).toContainText('Your Personalized');
  } finally {
    // afterAll turns maintenance off too, should this test fail before it does.
    await userContext.close();
    await visitorContext.close();
  }
});

test('the performance buttons change the mode shown; prompts verify and regenerate', async ({ page }) => {
  test.setTimeout(120_000);
  await openSettings(page);
  const mode = page.getByTestId('performance-mode');
  await expect(mode).toHaveText('Conservative defaults');
  await page.getByRole('button', { name: 'Aggressive', exact: true }).click();
  await expect(mode).toHaveText('Aggressive');
  await expect(page.getByText('Running workers apply it within seconds.', { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('performance-mode')).toHaveText('Aggressive');
  await page.getByRole('button', { name: 'Conservative defaults', exact: true }).click();
  await expect(page.getByTestId('performance-mode')).toHaveText('Conservative defaults');

  const samples = page.getByRole('list', { name: 'Sample prompts' });
  await expect(samples.getByRole('listitem')).toHaveCount(6);
  await page.getByRole('button', { name: 'Verify Prompts' }).click();
  await expect(page.getByText(/active combinations hold their current prompt/)).toBeVisible();
  await page.getByRole('button', { name: 'Regenerate Enhanced Prompts' }).click();
  await expect(page.getByRole('heading', { name: 'Regeneration stats' })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText('Errors', { exact: true })).toBeVisible();
});

// Whatever happened above: the next spec files find maintenance off and the default performance mode.
test.afterAll(async () => {
  const token = await adminToken(BASE_URL);
  const call = (method: string, path: string, body: unknown) =>
    fetch(new URL(path, BASE_URL), { method, headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
  const answers = await Promise.all([
    call('PATCH', '/api/admin/settings', { maintenanceMode: false }),
    call('POST', '/api/admin/optimize-runpod-performance', { action: 'reset_defaults' }),
  ]);
  expect(answers.map((r) => r.status)).toEqual([200, 200]);
});
