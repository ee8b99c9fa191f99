import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, expect, test, type Page } from '@playwright/test';
import { registerAtTier, useSession } from '../helpers/accounts';
import { ADMIN_BASE } from '../helpers/admin';
import { header } from '../helpers/ui';
import { lookbookLooks, saveAll } from '../helpers/wardrobe';

/**
 * The installable app (issue 18, decision 0032): Chrome's install criteria, the offline page, the
 * wardrobe readable offline as last seen, sign-out wiping what was kept, and what the worker never
 * keeps (/api, /trpc, the prerendered pages) or touches (the admin app).
 */

const KEPT_CACHE = 'drape-kept';
const KEPT_WARDROBE_KEY = 'drape_kept_wardrobe';

/** Waits until a service worker controls the page (the first visit installs it and claims the page). */
async function controlled(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
}

/** Every URL in every cache of the origin, by cache name. */
async function cachedUrls(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const out: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      out[name] = (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname);
    }
    return out;
  });
}

test('the app meets Chrome\'s install criteria: a manifest with its icons, linked from every page, and a worker with a fetch handler', async ({ request, baseURL }, testInfo) => {
  // A profile of its own: Chrome installs nothing from an incognito context (Playwright's default).
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'drape-pwa-'));
  const context = await chromium.launchPersistentContext(profile, { ...testInfo.project.use.launchOptions, baseURL });
  try {
    await installCriteria(await context.newPage());
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }

  // Linked from the prerendered pages and from the shell every other path gets.
  for (const pagePath of ['/', '/auth', '/dashboard', '/wardrobe']) {
    const html = await (await request.get(pagePath)).text();
    expect(html, pagePath).toContain('<link rel="manifest" href="/brand/manifest.webmanifest"');
  }
  // The worker script is revalidated on every request, so a new build's worker is seen at the next visit.
  const worker = await request.get('/sw.js');
  expect(worker.headers()['cache-control']).toBe('no-cache');
});

async function installCriteria(page: Page): Promise<void> {
  const request = page.request;
  await page.goto('/');
  await controlled(page);
  const cdp = await page.context().newCDPSession(page);
  const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[]; data?: string };
  expect(manifest.errors).toEqual([]);
  const data = JSON.parse(manifest.data ?? '{}') as Record<string, unknown> & { icons: { src: string; sizes: string; purpose?: string; type?: string }[] };
  expect(data).toMatchObject({ name: 'Drape', short_name: 'Drape', start_url: '/', display: 'standalone', theme_color: '#faf7f2', background_color: '#faf7f2' });
  for (const [size, purpose] of [['192x192', 'any'], ['512x512', 'any'], ['512x512', 'maskable']] as const) {
    const icon = data.icons.find((i) => i.sizes === size && i.purpose === purpose);
    expect(icon, `${size} ${purpose}`).toBeDefined();
    const answer = await request.get(icon!.src);
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toBe('image/png');
  }
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
  expect(installabilityErrors.map((e) => e.errorId)).toEqual([]);
}

test('offline, the app\'s pages show the offline page; the worker keeps no prerendered page, /api or /trpc answer', async ({ page, context }) => {
  await page.goto('/');
  await controlled(page);
  await page.goto('/auth');
  await context.setOffline(true);
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1, name: "You're offline" })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open my wardrobe' })).toHaveAttribute('href', '/wardrobe');
  // The landing too: it differs by cookie, so it is never kept, and offline it is the offline page.
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: "You're offline" })).toBeVisible();
  await context.setOffline(false);

  const urls = Object.values(await cachedUrls(page)).flat();
  expect(urls).toContain('/offline.html');
  expect(urls.filter((u) => u === '/' || u === '/auth' || u.startsWith('/api/') || u.startsWith('/trpc/'))).toEqual([]);
});

test('a Stylist\'s wardrobe stays readable offline as last seen, pictures included; logout wipes it', async ({ page, context }) => {
  const stylist = await registerAtTier('stylist');
  const looks = await lookbookLooks(3);
  await saveAll(stylist, looks.map((l) => l.id));
  await useSession(page, stylist);
  await page.goto('/wardrobe');
  await expect(page.getByRole('article')).toHaveCount(3);
  await controlled(page);
  // The app keeps the page and fetches its pictures into its own cache after the page is shown.
  await page.waitForFunction(async (name) => (await caches.has(name)) && (await (await caches.open(name)).keys()).length >= 3, KEPT_CACHE);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'My Wardrobe' })).toBeVisible();
  await expect(page.getByText("You're offline: this is your wardrobe as you last saw it.")).toBeVisible();
  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(3);
  // Every picture drawn from what was kept.
  await expect.poll(() => page.locator('article img').evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0))).toBe(true);
  await context.setOffline(false);

  await page.reload();
  await expect(page.getByRole('article')).toHaveCount(3);
  await header(page).getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(() => page.evaluate(async (name) => caches.has(name), KEPT_CACHE)).toBe(false);
  expect(await page.evaluate((key) => localStorage.getItem(key), KEPT_WARDROBE_KEY)).toBeNull();
});

test('the admin app is left alone: its pages come from the network, never from the worker', async ({ page, context }) => {
  await page.goto('/');
  await controlled(page);
  const login = await page.goto(`${ADMIN_BASE}-login`);
  expect(login?.fromServiceWorker()).toBe(false);
  await expect(page.getByRole('form', { name: 'Admin login' })).toBeVisible();
  // Offline, it fails as it would without a worker: no Drape offline page under the hidden path.
  await context.setOffline(true);
  await expect(page.goto(ADMIN_BASE)).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/);
  await context.setOffline(false);
  await page.goto('/');
  expect(Object.values(await cachedUrls(page)).flat().filter((u) => u.startsWith(ADMIN_BASE))).toEqual([]);
});
