import { expect, test, type Browser, type Page } from '@playwright/test';
import { BASE_URL, registerAtTier, useSession, type Account } from '../helpers/accounts';
import { generateOutfit, lookbookCards, shareOutfit, srcsetFiles, storeLastOutfit } from '../helpers/lookbook';

/**
 * Look pictures (issue 18): the LookBook's grid offers the 384 px thumbnail and the full picture
 * through srcset with its columns' sizes, and the browser fetches the one the slot needs; the
 * 'AI-generated' label is visible where a user sees a look; alt text names the look's pieces.
 */

/** The first LookBook card's picture at a viewport, with every media request the page made. */
async function firstLookbookPicture(browser: Browser, account: Account, viewport: { width: number; height: number }, deviceScaleFactor: number) {
  const context = await browser.newContext({ viewport, deviceScaleFactor });
  const page = await context.newPage();
  const requested: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/media/')) requested.push(new URL(r.url()).pathname);
  });
  await useSession(page, account);
  await page.goto('/lookbook');
  const img = lookbookCards(page).first().getByRole('img').first();
  await expect(img).toBeVisible();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  const attrs = await img.evaluate((el: HTMLImageElement) => ({
    srcset: el.getAttribute('srcset') ?? '', sizes: el.getAttribute('sizes') ?? '', width: el.getAttribute('width'), height: el.getAttribute('height'),
    currentSrc: new URL(el.currentSrc).pathname,
  }));
  return { context, page, attrs, requested };
}

/** contracts' AI_GENERATED_LABEL, as the user reads it. */
const AI_GENERATED_LABEL = 'AI-generated';

const pathOf = (url: string) => new URL(url, BASE_URL).pathname;

test('a LookBook picture offers both files with its columns\' sizes; a phone fetches the 384 px thumbnail, a wide sharp screen the 768 px picture', async ({ browser }) => {
  const stylist = await registerAtTier('stylist');

  const narrow = await firstLookbookPicture(browser, stylist, { width: 375, height: 800 }, 1);
  const files = srcsetFiles(narrow.attrs.srcset);
  expect(Object.keys(files).map(Number).sort((a, b) => a - b)).toEqual([384, 768]);
  expect(narrow.attrs.sizes).toContain('calc(100vw - 34px)');
  expect(narrow.attrs).toMatchObject({ width: '768', height: '1024' });
  // One column of 341 px at 1x: the thumbnail, and never the full picture.
  expect(narrow.attrs.currentSrc).toBe(pathOf(files[384]!));
  expect(narrow.requested).toContain(pathOf(files[384]!));
  expect(narrow.requested).not.toContain(pathOf(files[768]!));
  await narrow.context.close();

  // Four columns of 288 px at 1x: the thumbnail still (sizes says the column, not the viewport).
  const desktop = await firstLookbookPicture(browser, stylist, { width: 1440, height: 900 }, 1);
  expect(desktop.attrs.currentSrc).toBe(pathOf(srcsetFiles(desktop.attrs.srcset)[384]!));
  await desktop.context.close();

  // The same columns at 2x need 576 device pixels: the full picture.
  const retina = await firstLookbookPicture(browser, stylist, { width: 1440, height: 900 }, 2);
  expect(retina.attrs.currentSrc).toBe(pathOf(srcsetFiles(retina.attrs.srcset)[768]!));
  expect(retina.requested).toContain(pathOf(srcsetFiles(retina.attrs.srcset)[768]!));
  await retina.context.close();
});

async function expectAiLabel(page: Page) {
  const label = page.getByText(AI_GENERATED_LABEL, { exact: true }).first();
  await expect(label).toBeVisible();
  // Readable: not a speck.
  const box = await label.boundingBox();
  expect(box!.height).toBeGreaterThanOrEqual(12);
}

test('the AI-generated label is visible on a LookBook card, the result page and a shared look, and the pictures\' alt text names their pieces', async ({ page }) => {
  const stylist = await registerAtTier('stylist');
  await useSession(page, stylist);

  await page.goto('/lookbook');
  const card = lookbookCards(page).first();
  await expect(card.getByText(AI_GENERATED_LABEL, { exact: true })).toBeVisible();
  await expectAiLabel(page);
  expect(await card.getByRole('img').first().getAttribute('alt')).toMatch(/ look for (women|men): .+/);

  const outfit = await generateOutfit(stylist) as { id: string; imageId: string; fashionItems: { name: string }[] };
  await storeLastOutfit(page, outfit);
  await page.goto('/outfit-result');
  await expectAiLabel(page);
  const alt = (await page.getByRole('article').getByRole('img').first().getAttribute('alt')) ?? '';
  expect(alt).toMatch(/^Boho Chic look for women: /);
  for (const piece of outfit.fashionItems) expect(alt).toContain(piece.name.toLowerCase());

  // The shared link, opened signed in, shows the look on the result page, labelled.
  // A page of its own: without the stored outfit above, what it shows comes from the link.
  await shareOutfit(stylist, outfit.imageId);
  const shared = await page.context().newPage();
  await shared.goto(`/outfit/${outfit.imageId}`);
  await expect(shared).toHaveURL(/\/outfit-result$/);
  await expect(shared.getByRole('article').getByRole('img').first()).toHaveAttribute('alt', alt);
  await expectAiLabel(shared);
});
