import { expect, test } from '@playwright/test';
import { BASE_URL, registerAtTier, useSession } from '../helpers/accounts';
import { ADMIN_BASE, adminToken, loginAsAdmin } from '../helpers/admin';
import { lookbookCards } from '../helpers/lookbook';
import { carouselSources } from '../helpers/carousel';
import { toasts } from '../helpers/ui';

/**
 * The whole curation path of issue 9, through the screens: an admin makes an inventory look public
 * in the Image Gallery, adds it to the showcase in the Showcase manager, and then a visitor sees it
 * first on the landing carousel and a Fashion Icon sees it on top of the LookBook. The test leaves
 * the showcase and the LookBook as it found them.
 */

interface GalleryImage { id: string; status: string; image_url: string }

async function getJson<T>(path: string, token: string): Promise<T> {
  const res = await fetch(new URL(path, BASE_URL), { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`${path} answered ${res.status}`);
  return (await res.json()) as T;
}

/** The look's picture without its extension: its full picture and its thumbnail both start so. */
const stemOf = (imageUrl: string) => imageUrl.replace(/\.webp$/, '');


test('an admin makes a look public and adds it to the showcase; it is first on the landing carousel and in the LookBook', async ({ page, browser }) => {
  const token = await adminToken(BASE_URL);
  // An inventory look with a picture of its own (the seeded clones share their original's files),
  // so that finding its picture on the carousel and in the LookBook means finding this look.
  const images: GalleryImage[] = [];
  for (let p = 1; ; p++) {
    const body = await getJson<{ images: GalleryImage[]; hasMore: boolean }>(`/api/admin/images?limit=100&page=${p}&status=viewable`, token);
    images.push(...body.images);
    if (!body.hasMore) break;
  }
  const everyPicture = new Map<string, number>();
  for (let p = 1; ; p++) {
    const body = await getJson<{ images: GalleryImage[]; hasMore: boolean }>(`/api/admin/images?limit=100&page=${p}`, token);
    for (const i of body.images) everyPicture.set(i.image_url, (everyPicture.get(i.image_url) ?? 0) + 1);
    if (!body.hasMore) break;
  }
  const look = images.find((i) => everyPicture.get(i.image_url) === 1);
  expect(look, 'a viewable look with a picture of its own').toBeDefined();
  const stem = stemOf(look!.image_url);

  try {
    // 1. The gallery: Make public.
    await loginAsAdmin(page);
    await page.getByRole('navigation', { name: 'Admin menu' }).getByRole('link', { name: 'Image Gallery' }).click();
    await page.getByLabel('Search').fill(look!.id);
    const cards = page.getByRole('list', { name: 'Images' }).getByRole('article');
    await expect(cards).toHaveCount(1);
    await cards.first().getByRole('button', { name: 'Make public' }).click();
    await expect(cards.first().getByText('Public in the LookBook')).toBeVisible();

    // 2. The showcase manager: the look is now among the LookBook's looks, newest first; add it.
    await page.getByRole('navigation', { name: 'Admin menu' }).getByRole('link', { name: 'Showcase' }).click();
    await expect(page).toHaveURL(new RegExp(`${ADMIN_BASE}/lookbook$`));
    const lookbook = page.getByRole('list', { name: 'LookBook looks' });
    const entry = lookbook.getByRole('listitem').filter({ has: page.locator(`img[src^="${stem}"]`) });
    await expect(entry).toHaveCount(1);
    await entry.getByRole('button', { name: 'Add to showcase' }).click();
    await expect(toasts(page).getByText('Added to the showcase', { exact: true })).toBeVisible();
    await expect(entry.getByRole('button', { name: 'In showcase' })).toBeDisabled();

    // 3. A visitor's landing: the carousel opens on it.
    const carousel = await carouselSources(browser);
    expect(carousel[0]?.startsWith(stem), `the carousel's first picture (${carousel[0]}) is the look's`).toBe(true);

    // 4. A Fashion Icon's LookBook: on top (the newest in the LookBook).
    const icon = await registerAtTier('fashion_icon', 'curationicon');
    const context = await browser.newContext();
    try {
      const userPage = await context.newPage();
      await useSession(userPage, icon);
      await userPage.goto('/lookbook');
      const first = lookbookCards(userPage).first().getByRole('img').first();
      await expect(first).toBeVisible();
      expect((await first.getAttribute('src'))?.startsWith(stem)).toBe(true);
    } finally {
      await context.close();
    }
  } finally {
    // Back as it was: out of the showcase, and out of the LookBook (an admin's removal).
    const headers = { authorization: `Bearer ${token}` };
    await fetch(new URL(`/api/admin/showcase-items/${look!.id}`, BASE_URL), { method: 'DELETE', headers });
    await fetch(new URL(`/api/admin/lookbook-images/${look!.id}`, BASE_URL), { method: 'DELETE', headers });
  }
});
