import { expect, test, type Page } from '@playwright/test';
import { ADMIN_BASE, ADMIN_KEY, loginAsAdmin } from '../helpers/admin';
import { combinationsPerLevel, countedFigures, runningWorkers, someCombination } from '../helpers/admin-stats';

/** The figure a stat card shows, digits only (Intl groups them by the browser's locale). */
async function figure(page: Page, label: string): Promise<number> {
  const text = await page.getByRole('region', { name: label, exact: true }).locator('p').first().textContent();
  return Number((text ?? '').replace(/\D/g, ''));
}

test('Analytics: the first dashboard tab shows the figures of the database', async ({ page }) => {
  await loginAsAdmin(page);
  await expect(page.getByRole('tab', { name: 'Analytics', selected: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: `Welcome, ${ADMIN_KEY}` })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Total users', exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Total looks', exact: true })).toBeVisible();

  // The pipeline may store a look meanwhile: compare, and reload until a reading agrees.
  await expect(async () => {
    const db = await countedFigures();
    await page.reload();
    await expect(page.getByRole('region', { name: 'Total looks', exact: true })).toBeVisible();
    expect({
      users: await figure(page, 'Total users'),
      total: await figure(page, 'Total looks'),
      viewable: await figure(page, 'Viewable'),
      lookbook: await figure(page, 'LookBook'),
      archived: await figure(page, 'Archived'),
      viewed: await figure(page, 'Total viewed'),
    }).toEqual(db);
  }).toPass({ timeout: 30_000 });
  expect(await figure(page, 'Daily active users')).toBeGreaterThanOrEqual(0);
  expect(await figure(page, 'Monthly active users')).toBeGreaterThanOrEqual(await figure(page, 'Daily active users'));
});

test('Severity: level cards with the combinations of each level, the legend, the queue and the running pipeline worker', async ({ page }) => {
  await loginAsAdmin(page);
  await page.getByRole('navigation', { name: 'Admin menu' }).getByRole('link', { name: 'Severity' }).click();
  await expect(page).toHaveURL(new RegExp(`${ADMIN_BASE}/inventory-severity$`));
  await expect(page.getByRole('heading', { name: 'Severity', level: 1 })).toBeVisible();

  const levels = await combinationsPerLevel();
  for (const level of ['SEV-1', 'SEV-2', 'SEV-3', 'SEV-4', 'SEV-5']) {
    const card = page.getByRole('region', { name: level, exact: true });
    await expect(card).toBeVisible();
    await expect(card.locator('p').first()).toHaveText(new Intl.NumberFormat('en-US').format(levels[level] ?? 0));
  }
  await expect(page.getByRole('list', { name: 'Severity legend' }).first()).toContainText('70+ images');
  await expect(page.getByText('Current focus:')).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'SEV-1 progress' })).toBeVisible();

  const workers = await runningWorkers();
  expect(workers.length).toBeGreaterThan(0);
  const pods = page.getByRole('list', { name: 'Pipeline workers' });
  await expect(pods.getByRole('listitem', { name: workers[0]! })).toContainText('Running');
});

test('Combo Matrix: every combination as a tile; a tile opens its prompt and counts', async ({ page }) => {
  await loginAsAdmin(page);
  await page.getByRole('navigation', { name: 'Admin menu' }).getByRole('link', { name: 'Combo Matrix' }).click();
  await expect(page).toHaveURL(new RegExp(`${ADMIN_BASE}\\?tab=combo-matrix$`));
  const grid = page.getByRole('grid', { name: 'Combination matrix' });
  await expect(grid).toBeVisible();
  const total = Object.values(await combinationsPerLevel()).reduce((a, b) => a + b, 0);
  await expect(grid.getByRole('button')).toHaveCount(total);

  const combo = await someCombination();
  await grid.getByRole('button', { name: new RegExp(`^${combo.code.replace(/\./g, '\\.')}: `) }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: combo.code })).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Prompt' })).toBeVisible();
  await expect(dialog.getByText(/\d+ looks/).first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  // A filter narrows the matrix to one gender.
  await page.getByLabel('Gender').selectOption('female');
  await expect(grid.getByRole('button').first()).toHaveAccessibleName(/^female\./);
});
