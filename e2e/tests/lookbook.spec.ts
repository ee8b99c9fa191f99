import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { registerAtTier, useSession } from '../helpers/accounts';
import { expectSignedOutHeader, loginViaUi } from '../helpers/ui';
import {
  cardColors, expectCardCountAbove, firstLookbookLook, generateOutfit, lookbookCards, narrowingColor, scrollToBottom,
  storeLastOutfit, wardrobeImageIds,
} from '../helpers/lookbook';

/**
 * The LookBook and the Save button (issue 8): infinite scroll, the Stylist's 50 looks, the color
 * filter, saving from a card and from the result page. The e2e seeding puts ~130 looks in the
 * LookBook before the suite (scripts/test.ts).
 */

test('infinite scroll loads the second page of the LookBook', async ({ page }) => {
  const icon = await registerAtTier('fashion_icon');
  await useSession(page, icon);
  await page.goto('/lookbook');
  await expect(page.getByRole('heading', { level: 1, name: 'LookBook' })).toBeVisible();
  await expect(lookbookCards(page)).toHaveCount(50);
  await scrollToBottom(page);
  await expectCardCountAbove(page, 50);
});

test('a Stylist sees 50 looks and the session message, and no filters', async ({ page }) => {
  const stylist = await registerAtTier('stylist');
  await useSession(page, stylist);
  // A filtered link is shown unfiltered, with a note: filters are a Fashion Icon feature.
  await page.goto('/lookbook?color=black&gender=female');
  await expect(page.getByText('LookBook filters are a Fashion Icon feature.')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Filters/ })).toHaveCount(0);
  await expect(lookbookCards(page)).toHaveCount(50);
  await scrollToBottom(page);
  await expect(page.getByText("You've viewed your 50 looks for this session!")).toBeVisible();
  // Loading stops: scrolling further brings nothing.
  await scrollToBottom(page);
  await page.waitForTimeout(1000);
  await expect(lookbookCards(page)).toHaveCount(50);
  await expect(page.getByText('Loading more images...')).toHaveCount(0);
});

test("a Stylist's second LookBook session, after signing out and in, starts with other looks than the first", async ({ page }) => {
  const stylist = await registerAtTier('stylist');
  await useSession(page, stylist);
  await page.goto('/lookbook');
  await expect(lookbookCards(page)).toHaveCount(50);
  const firstSession = await lookbookCards(page).first().locator('img').first().getAttribute('src');
  expect(firstSession).toBeTruthy();

  await page.getByRole('button', { name: /account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expectSignedOutHeader(page);
  await loginViaUi(page, stylist.email, stylist.password);

  await page.goto('/lookbook');
  await expect(lookbookCards(page)).toHaveCount(50);
  const secondSession = await lookbookCards(page).first().locator('img').first().getAttribute('src');
  expect(secondSession).toBeTruthy();
  expect(secondSession).not.toBe(firstSession);
  await scrollToBottom(page);
  await expect(page.getByText("You've viewed your 50 looks for this session!")).toBeVisible();
});

test('a Fashion Icon filters by color and every card shown has that color', async ({ page }) => {
  const icon = await registerAtTier('fashion_icon');
  const color = await narrowingColor(icon);
  const colorName = color.charAt(0).toUpperCase() + color.slice(1);
  await useSession(page, icon);
  await page.goto('/lookbook');
  await expect(lookbookCards(page).first()).toBeVisible();

  const filtersPanel = page.getByRole('region', { name: 'Filters' });
  await filtersPanel.getByRole('button', { name: /^Filters/ }).click();
  await filtersPanel.getByRole('button', { name: colorName, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]color=${color}(&|$)`));
  await expect(filtersPanel.getByRole('button', { name: /^Filters\s*1 active$/ })).toBeVisible();

  await expect(lookbookCards(page).first()).toBeVisible();
  const cards = await lookbookCards(page).all();
  expect(cards.length).toBeGreaterThan(0);
  for (const card of cards) expect(await cardColors(card)).toContain(color);

  // The filter is in the URL: a reload keeps it; Clear takes it away.
  await page.reload();
  await expect(filtersPanel.getByRole('button', { name: /^Filters\s*1 active$/ })).toBeVisible();
  await filtersPanel.getByRole('button', { name: 'Clear' }).click();
  await expect(page).not.toHaveURL(/color=/);
  await expect(lookbookCards(page)).toHaveCount(50);
});

test('Save on a LookBook card shows Saving... then Saved, and the look is in the wardrobe', async ({ page }) => {
  const stylist = await registerAtTier('stylist');
  const first = await firstLookbookLook(stylist);
  await useSession(page, stylist);
  // Hold the save a moment so that its in-between state can be seen.
  await page.route('**/trpc/wardrobe.save**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 600));
    await route.continue();
  });
  await page.goto('/lookbook');
  const card = lookbookCards(page).first();
  await card.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(card.getByRole('button', { name: 'Saving...' })).toBeDisabled();
  await expect(card.getByRole('button', { name: 'Saved' })).toBeDisabled();
  expect(await wardrobeImageIds(stylist)).toEqual([first.imageId]);

  // The server says so too: after a reload the card still reads Saved.
  await page.reload();
  await expect(lookbookCards(page).first().getByRole('button', { name: 'Saved' })).toBeDisabled();
});

test("the result page's Save keeps the look; below Stylist it reads Upgrade to Save", async ({ page, browser }) => {
  const stylist = await registerAtTier('stylist');
  const outfit = await generateOutfit(stylist);
  await useSession(page, stylist);
  await storeLastOutfit(page, outfit);
  await page.goto('/outfit-result');
  const save = page.getByRole('button', { name: 'Save', exact: true });
  await save.click();
  await expect(page.getByRole('button', { name: 'Saved' })).toBeDisabled();
  expect(await wardrobeImageIds(stylist)).toEqual([outfit.imageId]);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Saved' })).toBeDisabled();

  const enthusiast = await registerAtTier('enthusiast');
  const theirs = await generateOutfit(enthusiast);
  const context = await browser.newContext();
  const other = await context.newPage();
  await useSession(other, enthusiast);
  await storeLastOutfit(other, theirs);
  await other.goto('/outfit-result');
  const upgrade = other.getByRole('link', { name: 'Upgrade to Save' });
  await expect(upgrade).toHaveAttribute('href', '/tiers');
  await expect(other.getByRole('button', { name: 'Save', exact: true })).toHaveCount(0);
  await context.close();
});

async function expectNoViolations(page: Page, what: string) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const summary = results.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
  expect(summary, what).toEqual([]);
}

test('the LookBook passes axe on a desktop and a phone, filters and pieces open', async ({ page }) => {
  test.setTimeout(150_000);
  const icon = await registerAtTier('fashion_icon');
  // A filtered view: the same parts as the full grid, fewer cards (axe over 50 cards takes minutes here).
  const color = await narrowingColor(icon, 'rarest');
  await useSession(page, icon);
  // The cards' entrance is a fade: without motion there is none, and the colors are checked as they stay.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  for (const viewport of [{ width: 1280, height: 900 }, { width: 390, height: 844 }]) {
    await page.setViewportSize(viewport);
    await page.goto(`/lookbook?color=${color}`);
    await expect(lookbookCards(page).first()).toBeVisible();
    await page.getByRole('button', { name: /^Filters/ }).click();
    const first = lookbookCards(page).first();
    await first.getByRole('button', { name: /Items/ }).click();
    await expect(first.getByRole('list', { name: /pieces$/ })).toBeVisible();
    // One card's pieces at a time.
    await lookbookCards(page).nth(1).getByRole('button', { name: /Items/ }).click();
    await expect(first.getByRole('button', { name: /Items/ })).toHaveAttribute('aria-expanded', 'false');
    await expectNoViolations(page, `/lookbook at ${viewport.width}px`);
  }
});
