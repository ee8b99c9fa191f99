import { expect, test, type Locator } from '@playwright/test';
import { BASE_URL } from '../helpers/accounts';
import { ADMIN_BASE, adminToken, loginAsAdmin } from '../helpers/admin';
import { carouselSources } from '../helpers/carousel';
import { toasts } from '../helpers/ui';

/**
 * The showcase lookbook manager ({base}/lookbook) steers the landing carousel: an admin adds a
 * LookBook look to the showcase and a visitor sees it first on the carousel; the admin removes it
 * and the visitor no longer sees it. The server drops its cached landing answer on every change.
 */


const thumbOf = (card: Locator) => card.getByRole('img').getAttribute('src');

test('an admin adds a LookBook look to the showcase, a visitor sees it first on the landing carousel, and it goes when removed', async ({ page, browser }) => {
  // The showcase starts empty in this suite; a run stopped halfway may have left a look in it.
  const token = await adminToken(BASE_URL);
  const left = await fetch(`${BASE_URL}/api/admin/showcase-items`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.json() as Promise<{ items: { imageId: string }[] }>);
  for (const item of left.items) await fetch(`${BASE_URL}/api/admin/showcase-items/${item.imageId}`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });

  const before = await carouselSources(browser);

  await loginAsAdmin(page);
  await page.getByRole('navigation', { name: 'Admin menu' }).getByRole('link', { name: 'Showcase' }).click();
  await expect(page).toHaveURL(new RegExp(`${ADMIN_BASE}/lookbook$`));
  await expect(page.getByRole('heading', { name: 'Showcase LookBook' })).toBeVisible();
  const showcasePanel = page.getByRole('region', { name: 'Current showcase' });
  await expect(showcasePanel.getByText(/The showcase is empty/)).toBeVisible();

  // A LookBook look the automatic carousel does not show yet: its arrival there is then the showcase's doing.
  const lookbook = page.getByRole('list', { name: 'LookBook looks' });
  await expect(lookbook.getByRole('listitem').first()).toBeVisible();
  let card: Locator | null = null;
  for (const candidate of await lookbook.getByRole('listitem').all()) {
    if (!before.includes((await thumbOf(candidate)) ?? '')) {
      card = candidate;
      break;
    }
  }
  if (!card) throw new Error('every LookBook look of the first page is on the carousel already');
  const src = await thumbOf(card);
  expect(src).toMatch(/^\/media\//);

  await card.getByRole('button', { name: 'Add to showcase' }).click();
  await expect(toasts(page).getByText('Added to the showcase', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'In showcase' })).toBeDisabled();
  const item = showcasePanel.getByRole('listitem');
  await expect(item).toHaveCount(1);
  expect(await item.getByRole('img').getAttribute('src')).toBe(src);

  const shown = await carouselSources(browser);
  expect(shown[0]).toBe(src);

  await item.getByRole('button', { name: 'Remove' }).click();
  await expect(toasts(page).getByText('Removed from the showcase', { exact: true })).toBeVisible();
  await expect(showcasePanel.getByText(/The showcase is empty/)).toBeVisible();
  await expect(card.getByRole('button', { name: 'Add to showcase' })).toBeEnabled();

  expect(await carouselSources(browser)).not.toContain(src);
});
