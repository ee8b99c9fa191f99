import { expect, test, type Page } from '@playwright/test';
import { ADMIN_BASE, ADMIN_KEY, loginAsAdmin } from '../helpers/admin';
import { blockedById, inventoryLook, pendingBlockedCount } from '../helpers/blocked';

const statCard = (page: Page, label: string) =>
  page.getByRole('region', { name: 'Blocked image stats' }).getByText(label, { exact: true }).locator('..');

/** The stats card shows what the database holds (the pipeline may block a look meanwhile). */
async function expectPendingStat(page: Page) {
  await expect(async () => {
    await expect(statCard(page, 'Pending')).toHaveText(`Pending${await pendingBlockedCount()}`, { timeout: 1000 });
  }).toPass();
}

test('an admin reviews and restores a blocked image', async ({ page }) => {
  expect(await pendingBlockedCount(), 'scripts/test.ts seeds blocked images (npm run drape -- seed blocked)').toBeGreaterThanOrEqual(2);
  const run = Date.now().toString(36);

  await loginAsAdmin(page);
  await page.getByRole('navigation', { name: 'Admin menu' }).getByRole('link', { name: 'Blocked Images' }).click();
  await expect(page).toHaveURL(new RegExp(`${ADMIN_BASE}/blocked-images$`));
  await expect(page.getByRole('heading', { name: 'Blocked Images' })).toBeVisible();
  await expectPendingStat(page);

  // Pending images first; each picture is the private file, read with the admin token.
  const list = page.getByRole('list', { name: 'Blocked images' });
  const cards = list.getByRole('article');
  await expect(cards.first()).toBeVisible();
  await expect(cards.first().getByRole('img')).toHaveAttribute('src', /^blob:/);
  const card = (id: string) => list.locator(`[data-blocked-id="${id}"]`);

  // Approve the first with notes: it leaves the pending list.
  const approveId = (await cards.first().getAttribute('data-blocked-id'))!;
  await card(approveId).getByLabel('Notes (optional)').fill(`E2E approve ${run}`);
  await card(approveId).getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Image approved', { exact: true })).toBeVisible();
  await expect(card(approveId)).toHaveCount(0);
  expect(await blockedById(approveId)).toMatchObject({ admin_review_status: 'approved', admin_reviewer: ADMIN_KEY, admin_notes: `E2E approve ${run}` });

  // Restore the next one to the inventory.
  const restoreId = (await cards.first().getAttribute('data-blocked-id'))!;
  expect(restoreId).not.toBe(approveId);
  await card(restoreId).getByLabel('Notes (optional)').fill(`E2E restore ${run}`);
  await card(restoreId).getByRole('button', { name: 'Restore to inventory' }).click();
  await expect(page.getByText('Image restored', { exact: true })).toBeVisible();
  await expect(card(restoreId)).toHaveCount(0);
  const restored = await blockedById(restoreId);
  expect(restored).toMatchObject({ admin_review_status: 'restored', admin_reviewer: ADMIN_KEY, admin_notes: `E2E restore ${run}`, storage_key: null });
  // Its look is in the inventory, viewable, with its pieces.
  const look = await inventoryLook(restored!.restored_image_id!);
  expect(look?.status).toBe('viewable');
  expect(look?.pieces).toBeGreaterThan(2);
  await expectPendingStat(page);

  // Under Restored it is no longer pending: no actions, and its picture is the public look.
  await page.getByLabel('Review status').selectOption('restored');
  await expect(card(restoreId)).toBeVisible();
  await expect(card(restoreId).getByText('restored', { exact: true })).toBeVisible();
  await expect(card(restoreId).getByText(`E2E restore ${run}`)).toBeVisible();
  await expect(card(restoreId).getByRole('button', { name: 'Restore to inventory' })).toHaveCount(0);
  await expect(card(restoreId).getByRole('img')).toHaveAttribute('src', /\/media\/looks\//);
});
