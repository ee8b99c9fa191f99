import { expect, test } from '@playwright/test';
import { ADMIN_BASE, adminToken, loginAsAdmin } from '../helpers/admin';
import { BASE_URL, registerAtTier } from '../helpers/accounts';

interface Image { id: string; status: string; gender: string; image_url: string }

async function getJson<T>(path: string, token: string): Promise<T> {
  const res = await fetch(new URL(path, BASE_URL), { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`${path} answered ${res.status}`);
  return (await res.json()) as T;
}

/** Every look of the gallery (the e2e database holds a few hundred). */
async function allImages(token: string): Promise<Image[]> {
  const images: Image[] = [];
  for (let page = 1; ; page++) {
    const body = await getJson<{ images: Image[]; hasMore: boolean }>(`/api/admin/images?limit=100&page=${page}`, token);
    images.push(...body.images);
    if (!body.hasMore) return images;
  }
}

test('an admin filters the gallery, opens a look\'s pieces, makes it public (a Fashion Icon sees it) and deletes it', async ({ page }) => {
  const token = await adminToken(BASE_URL);
  // The seeded clones share their original's files: the look this test makes public and then
  // deletes has a file of its own, so no other look loses its picture (and the LookBook ends as it began).
  const images = await allImages(token);
  const uses = new Map<string, number>();
  for (const i of images) uses.set(i.image_url, (uses.get(i.image_url) ?? 0) + 1);
  const target = images.find((i) => i.status === 'viewable' && uses.get(i.image_url) === 1);
  expect(target, 'a viewable look with a file of its own').toBeDefined();
  const look = target!;

  await loginAsAdmin(page);
  await page.getByRole('navigation', { name: 'Admin menu' }).getByRole('link', { name: 'Image Gallery' }).click();
  await expect(page).toHaveURL(new RegExp(`${ADMIN_BASE}/image-gallery$`));
  await expect(page.getByRole('heading', { name: 'Image Gallery', level: 1 })).toBeVisible();
  const cards = page.getByRole('list', { name: 'Images' }).getByRole('article');
  await expect(cards.first()).toBeVisible();

  // Filters: LookBook looks of men only; every card says so.
  await page.getByLabel('Status').selectOption('lookbook');
  await page.getByLabel('Gender').selectOption('male');
  await expect(cards.first()).toBeVisible();
  const statuses = await cards.locator('a span.absolute').allTextContents();
  expect(statuses.length).toBeGreaterThan(0);
  expect(new Set(statuses)).toEqual(new Set(['LookBook']));
  for (const heading of await cards.getByRole('heading').allTextContents()) expect(heading).toMatch(/^male ·/);
  // A filter that matches nothing: the spec's empty state.
  await page.getByLabel('Search').fill('no-such-combination-here');
  await expect(page.getByText('No images found. Try adjusting your search or filter criteria')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page.getByLabel('Status')).toHaveValue('');

  // The chosen look, by its id.
  await page.getByLabel('Search').fill(look.id);
  await expect(cards).toHaveCount(1);
  const card = cards.first();
  await expect(card.getByText('Active')).toBeVisible();

  // Its pieces, with shopping links.
  await card.getByRole('button', { name: 'Pieces' }).click();
  const pieces = card.getByRole('list', { name: 'Fashion items' });
  await expect(pieces.getByRole('listitem').first()).toBeVisible();
  await expect(pieces.getByRole('link', { name: /Google/ }).first()).toHaveAttribute('href', /google\.com\/search\?tbm=shop/);
  await expect(pieces.getByRole('link', { name: /Amazon/ }).first()).toHaveAttribute('href', /amazon\.com\/s\?k=/);
  await card.getByRole('button', { name: 'Combination details' }).click();
  await expect(card.getByText('Severity')).toBeVisible();

  // Make public: the card says so, and a Fashion Icon finds it on top of the LookBook.
  await card.getByRole('button', { name: 'Make public' }).click();
  await expect(card.getByText('Public in the LookBook')).toBeVisible();
  const icon = await registerAtTier('fashion_icon', 'galleryicon');
  const lookbook = await getJson<{ looks: { id: string }[] }>('/api/siims/lookbook?limit=5', icon.token);
  expect(lookbook.looks[0]?.id).toBe(look.id);

  // Delete permanently, after the confirmation.
  await card.getByRole('button', { name: 'Delete permanently' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this image permanently?' });
  await dialog.getByRole('button', { name: 'Delete permanently' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('No images found. Try adjusting your search or filter criteria')).toBeVisible();
  const res = await fetch(new URL(`/api/admin/images/${look.id}/make-public`, BASE_URL), { method: 'POST', headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(404);
  const after = await getJson<{ looks: { id: string }[] }>('/api/siims/lookbook?limit=5', icon.token);
  expect(after.looks.map((l) => l.id)).not.toContain(look.id);
});
