import fs from 'node:fs';
import os from 'node:os';
import { expect, test, type Browser } from '@playwright/test';
import { registerAtTier, useSession, type Account } from '../helpers/accounts';
import { lookbookCards } from '../helpers/lookbook';

/**
 * The bytes a LookBook page of 50 costs in pictures (issue 18, bench/README.md): a Stylist's 50
 * looks, scrolled through to the end at a phone's and a desktop's viewport in a fresh browser
 * context (nothing cached), summing what the server sent for every /media/ request (headers and
 * body). LOOKBOOK_BYTES_OUT=<file> writes the figures as JSON (the README's table is made from it).
 */

interface Viewport {
  name: string;
  viewport: { width: number; height: number };
  deviceScaleFactor: number;
  isMobile: boolean;
}

const VIEWPORTS: Viewport[] = [
  { name: 'phone 390x844 @3x', viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true },
  { name: 'desktop 1440x900 @1x', viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1, isMobile: false },
];

async function measure(browser: Browser, account: Account, v: Viewport) {
  const context = await browser.newContext({ viewport: v.viewport, deviceScaleFactor: v.deviceScaleFactor, isMobile: v.isMobile, hasTouch: v.isMobile });
  try {
    const page = await context.newPage();
    const pending: Promise<{ url: string; bytes: number }>[] = [];
    page.on('requestfinished', (r) => {
      if (!new URL(r.url()).pathname.startsWith('/media/')) return;
      pending.push(r.sizes().then((s) => ({ url: r.url(), bytes: s.responseHeadersSize + s.responseBodySize })));
    });
    await useSession(page, account);
    await page.goto('/lookbook');
    const cards = lookbookCards(page);
    await expect(cards).toHaveCount(50);
    // Down the page a screen at a time, as a person scrolls, until every picture has loaded.
    const images = page.getByRole('list', { name: 'LookBook looks' }).locator('article img');
    for (let i = 0; i < 50; i++) {
      await cards.nth(i).scrollIntoViewIfNeeded();
      await expect.poll(() => images.nth(i).evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
    }
    await page.waitForLoadState('networkidle');
    // Which file each picture shows (naturalWidth is density-corrected with srcset: not the file's).
    const shown = await images.evaluateAll((els) => els.map((el) => ((el as HTMLImageElement).currentSrc.includes('.thumb.') ? 'thumbnail' : 'full picture')));
    const requests = await Promise.all(pending);
    const files = new Set(requests.map((r) => r.url));
    return {
      viewport: v.name,
      images: shown.length,
      shown: Object.fromEntries([...new Set(shown)].map((w) => [w, shown.filter((x) => x === w).length])),
      requests: requests.length,
      distinctFiles: files.size,
      bytes: requests.reduce((sum, r) => sum + r.bytes, 0),
    };
  } finally {
    await context.close();
  }
}

test('a LookBook page of 50: bytes of pictures at a phone and a desktop viewport', async ({ browser }) => {
  test.setTimeout(120_000);
  const stylist = await registerAtTier('stylist');
  const figures = [];
  for (const v of VIEWPORTS) {
    const f = await measure(browser, stylist, v);
    expect(f.images).toBe(50);
    expect(f.bytes).toBeGreaterThan(0);
    figures.push(f);
  }
  const out = { date: new Date().toISOString(), machine: `${os.cpus().length} x ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB`, figures };
  console.log(JSON.stringify(out, null, 2));
  if (process.env.LOOKBOOK_BYTES_OUT) fs.writeFileSync(process.env.LOOKBOOK_BYTES_OUT, JSON.stringify(out, null, 2));
});
