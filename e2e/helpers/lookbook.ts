import { expect, type Locator, type Page } from '@playwright/test';
import { BASE_URL, type Account } from './accounts';

async function call<T>(method: string, path: string, token: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${BASE_URL}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text}`);
  return JSON.parse(text) as T;
}

/** The image ids in the account's wardrobe, newest first (GET /api/siims/wardrobe, the wardrobe's own list). */
export async function wardrobeImageIds(account: Account): Promise<string[]> {
  const page = await call<{ items: { imageId: string }[] }>('GET', '/api/siims/wardrobe?limit=50', account.token);
  return page.items.map((i) => i.imageId);
}

/** The LookBook's first look as the API serves it to this account. */
export async function firstLookbookLook(account: Account): Promise<{ imageId: string; colors: string[] }> {
  const page = await call<{ looks: { imageId: string; colors: string[] }[] }>('GET', '/api/siims/lookbook?limit=1', account.token);
  const look = page.looks[0];
  if (!look) throw new Error('the LookBook is empty: the e2e seeding should have filled it');
  return look;
}

/**
 * A color family that some LookBook looks have and others do not (a filter that really narrows):
 * the most common such color, or the rarest with at least two cards (the tests compare two cards;
 * looks the admin and auto-curation add during the suite can bring a color only one card).
 */
export async function narrowingColor(account: Account, which: 'commonest' | 'rarest' = 'commonest'): Promise<string> {
  const page = await call<{ looks: { colors: string[] }[] }>('GET', '/api/siims/lookbook?limit=50', account.token);
  const counts = new Map<string, number>();
  for (const look of page.looks) for (const c of look.colors) counts.set(c, (counts.get(c) ?? 0) + 1);
  const narrowing = [...counts].filter(([, n]) => n < page.looks.length && n >= 2).sort((a, b) => b[1] - a[1]);
  const color = (which === 'commonest' ? narrowing[0] : narrowing[narrowing.length - 1])?.[0];
  if (!color) throw new Error('no color narrows the first LookBook page');
  return color;
}

/** Get My Look over the API (a Female look for the first trend), as the result page keeps it. */
export async function generateOutfit(account: Account): Promise<{ id: string; imageId: string; [key: string]: unknown }> {
  return call('POST', '/api/generate-outfit', account.token, { gender: 'female', trend: 'boho_chic' });
}

/** Puts an outfit where the web app keeps the latest one (apps/web/src/lib/last-outfit.ts, STORAGE_PREFIX 'drape_'). */
export async function storeLastOutfit(page: Page, outfit: unknown): Promise<void> {
  await page.addInitScript((value) => {
    try {
      localStorage.setItem('drape_last_outfit', JSON.stringify(value));
    } catch {
      // about:blank has no storage; the app's first document stores it.
    }
  }, outfit);
}

/** The cards of the LookBook grid. */
export const lookbookCards = (page: Page): Locator => page.getByRole('list', { name: 'LookBook looks' }).getByRole('article');

/** Scrolls to the page's bottom the way a person does (wheel events, so scroll listeners fire). */
export async function scrollToBottom(page: Page): Promise<void> {
  await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight }));
  await page.mouse.wheel(0, 400);
}

/** The color families a card's dots name. */
export async function cardColors(card: Locator): Promise<string[]> {
  return card.getByRole('list', { name: 'Colors' }).locator('[data-color]').evaluateAll((els) => els.map((el) => el.getAttribute('data-color') ?? ''));
}

export async function expectCardCountAbove(page: Page, n: number): Promise<void> {
  await expect.poll(() => lookbookCards(page).count(), { timeout: 20_000 }).toBeGreaterThan(n);
}

/** Shares a look (POST /api/share/outfit): its /outfit/{imageId} link then opens. */
export async function shareOutfit(account: Account, imageId: string): Promise<void> {
  await call('POST', '/api/share/outfit', account.token, { imageId });
}

/** The picture's files a srcset offers, by width descriptor (`{ 384: url, 768: url }`). */
export function srcsetFiles(srcset: string): Record<number, string> {
  const out: Record<number, string> = {};
  for (const entry of srcset.split(',')) {
    const [url, descriptor] = entry.trim().split(/\s+/);
    if (url && descriptor?.endsWith('w')) out[Number(descriptor.slice(0, -1))] = url;
  }
  return out;
}
