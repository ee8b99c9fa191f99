import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { registerAtTier, registerViaApi, useSession } from '../helpers/accounts';
import { toasts } from '../helpers/ui';
import { lookbookLooks, saveAll, saveToWardrobe } from '../helpers/wardrobe';

/**
 * The wardrobe (issue 8, user-area §2 Wardrobe, §4 Save, §8 Notes): a Stylist's cap of 20, notes
 * that outlive a reload, the grouping kept locally, the chips that open the LookBook filtered,
 * Load More and the smart collections, and the locked pages of an Enthusiast. Looks are saved over
 * the REST API (the wardrobe screen lists saved looks; Save lives on the LookBook and result page).
 */

const cards = (page: Page): Locator => page.getByRole('article');

async function openWardrobe(page: Page): Promise<void> {
  await page.goto('/wardrobe');
  await expect(page.getByRole('heading', { level: 1, name: 'My Wardrobe' })).toBeVisible();
}

async function openFilterBar(page: Page): Promise<void> {
  const toggle = page.getByRole('button', { name: /^Filter & Organize/ });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
}

async function choose(page: Page, select: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: select }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const capitalized = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

test('a Stylist fills the wardrobe to 20 looks and the 21st save is refused; removing one makes room', async ({ page }) => {
  const stylist = await registerAtTier('stylist');
  const looks = await lookbookLooks(21);
  await saveAll(stylist, looks.slice(0, 19).map((l) => l.id));
  await useSession(page, stylist);

  // The 20th through the LookBook's Save button.
  await page.goto('/lookbook');
  const save = page.getByRole('button', { name: 'Save', exact: true }).first();
  await save.click();
  await expect(page.getByText('Wardrobe Full!')).toBeVisible();
  // The 21st attempt: no card offers Save any more, only the way up.
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Upgrade to Save' }).first()).toBeVisible();
  // looks[20] is unsaved: the LookBook's first Save was the newest unsaved look, looks[19] or newer.
  const refused = await saveToWardrobe(stylist, looks[20]!.id);
  expect(refused.status).toBe(403);
  expect(refused.body).toMatchObject({ error: 'wardrobe_full' });

  await openWardrobe(page);
  await expect(cards(page)).toHaveCount(20);
  await expect(page.getByText('20 / 20')).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Wardrobe Full!' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Load More Looks' })).toHaveCount(0);

  // Removing asks first; keeping it changes nothing.
  const first = cards(page).first();
  await first.getByRole('button', { name: /^Remove .+ from your wardrobe$/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove this look?' });
  await dialog.getByRole('button', { name: 'Keep it' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(cards(page)).toHaveCount(20);

  await first.getByRole('button', { name: /^Remove .+ from your wardrobe$/ }).click();
  await dialog.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(cards(page)).toHaveCount(19);
  // The removed card's button is gone: focus goes to the list's heading.
  await expect(page.getByRole('heading', { level: 2, name: 'Saved looks' })).toBeFocused();
  await expect(page.getByText('19 / 20')).toBeVisible();
  await expect(page.getByText('Wardrobe Full!')).toHaveCount(0);

  // Room for the 21st now; the list shows it after a reload.
  expect((await saveToWardrobe(stylist, looks[20]!.id)).status).toBeLessThan(300);
  await page.reload();
  await expect(cards(page)).toHaveCount(20);
  await expect(page.getByText('20 / 20')).toBeVisible();
});

test('notes: one look at a time, saved with a toast, kept after a reload; a failed save says so', async ({ page }) => {
  const stylist = await registerAtTier('stylist');
  const looks = await lookbookLooks(3);
  await saveAll(stylist, looks.map((l) => l.id));
  await useSession(page, stylist);
  await openWardrobe(page);
  await expect(cards(page)).toHaveCount(3);
  const [a, b] = [cards(page).nth(0), cards(page).nth(1)];

  await a.getByRole('button', { name: /^Add notes on / }).click();
  const notes = a.getByLabel('Your notes');
  await expect(notes).toBeFocused();
  await expect(notes).toHaveAttribute('rows', '3');
  await notes.fill('Draft that is never saved');
  // Opening another look's notes closes the first editor.
  await b.getByRole('button', { name: /^Add notes on / }).click();
  await expect(a.getByLabel('Your notes')).toHaveCount(0);
  await expect(b.getByLabel('Your notes')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(b.getByLabel('Your notes')).toHaveCount(0);
  await expect(b.getByRole('button', { name: /^Add notes on / })).toBeFocused();

  await a.getByRole('button', { name: /^Add notes on / }).click();
  await a.getByLabel('Your notes').fill('Tan loafers and the camel coat.\nSunday brunch.');
  await a.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toasts(page).getByText('Notes Updated')).toBeVisible();
  await expect(toasts(page).getByText('Your personal notes have been saved successfully.')).toBeVisible();
  await expect(a.getByLabel('Your notes')).toHaveCount(0);
  await expect(a.getByText('Tan loafers and the camel coat.')).toBeVisible();
  await expect(a.getByRole('button', { name: /^Edit notes on / })).toBeFocused();
  await expect(page.getByText('Draft that is never saved')).toHaveCount(0);

  await page.reload();
  const noted = cards(page).filter({ hasText: 'Tan loafers and the camel coat.' });
  await expect(noted).toHaveCount(1);
  await expect(noted.getByText('Sunday brunch.')).toBeVisible();
  await expect(noted.getByRole('button', { name: /^Edit notes on / })).toBeVisible();

  // The look leaves the wardrobe from another device while its notes are open: the save fails.
  const other = cards(page).filter({ hasNotText: 'Tan loafers' }).first();
  await other.getByRole('button', { name: /^Add notes on / }).click();
  await other.getByLabel('Your notes').fill('Never stored');
  const res = await fetch(`${new URL(page.url()).origin}/api/siims/wardrobe?limit=50`, { headers: { authorization: `Bearer ${stylist.token}` } });
  const list = (await res.json()) as { items: { id: string; imageId: string; notes: string | null }[] };
  const gone = list.items.find((i) => i.notes === null);
  expect(gone).toBeDefined();
  // The card without notes that is open is the first such card in the list order.
  const del = await fetch(`${new URL(page.url()).origin}/api/siims/wardrobe/${gone!.imageId}`, { method: 'DELETE', headers: { authorization: `Bearer ${stylist.token}` } });
  expect(del.status).toBeLessThan(300);
  await other.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toasts(page).getByText('Update Failed')).toBeVisible();
  await expect(toasts(page).getByText("We couldn't save your notes right now. Please try again.")).toBeVisible();
});

test('the grouping by color is kept after a reload, with a heading per first color', async ({ page }) => {
  const stylist = await registerAtTier('stylist');
  const looks = await lookbookLooks(8, { withColors: true });
  await saveAll(stylist, looks.map((l) => l.id));
  await useSession(page, stylist);
  await openWardrobe(page);
  await expect(cards(page)).toHaveCount(8);
  await expect(page.locator('section[aria-labelledby^="wardrobe-group-"]')).toHaveCount(0);

  await openFilterBar(page);
  await choose(page, 'Group by', 'Color');
  await expectGroupedByFirstColor(page);
  expect(await page.evaluate(() => localStorage.getItem('drape_wardrobe_grouping'))).toBe('color');

  await page.reload();
  await expect(cards(page)).toHaveCount(8);
  await expectGroupedByFirstColor(page);
  await expect(page.getByText(/grouped by color/)).toBeVisible();

  await openFilterBar(page);
  await expect(page.getByRole('combobox', { name: 'Group by' })).toHaveText('Color');
  await choose(page, 'Group by', 'None');
  await expect(page.locator('section[aria-labelledby^="wardrobe-group-"]')).toHaveCount(0);
  await expect(cards(page)).toHaveCount(8);
  expect(await page.evaluate(() => localStorage.getItem('drape_wardrobe_grouping'))).toBeNull();
});

/** Every group's heading names the first color chip of each of its cards, and every card is in a group. */
async function expectGroupedByFirstColor(page: Page): Promise<void> {
  const groups = page.locator('section[aria-labelledby^="wardrobe-group-"]');
  await expect(groups.first()).toBeVisible();
  let total = 0;
  for (const group of await groups.all()) {
    const heading = (await group.getByRole('heading', { level: 3 }).innerText()).replace(/\s*\(\d+\)\s*$/, '').trim();
    const inGroup = group.getByRole('article');
    total += await inGroup.count();
    for (const card of await inGroup.all()) {
      // The first link is the trend chip, the second the first color.
      const firstColor = card.getByRole('list', { name: 'Browse similar looks in the LookBook' }).getByRole('link').nth(1);
      await expect(firstColor).toHaveAccessibleName(new RegExp(`^${heading}:`));
    }
  }
  expect(total).toBe(await cards(page).count());
}

test('a color chip opens the LookBook filtered by that color and gender; the trend chip by the trend', async ({ page }) => {
  const icon = await registerAtTier('fashion_icon');
  const [look] = await lookbookLooks(1, { withColors: true });
  await saveAll(icon, [look!.id]);
  await useSession(page, icon);
  await openWardrobe(page);

  const chips = cards(page).first().getByRole('list', { name: 'Browse similar looks in the LookBook' }).getByRole('link');
  // The first chip is the trend's, then the colors in the order of the pieces.
  const colorChip = chips.nth(1);
  const color = ((await colorChip.getAttribute('aria-label')) ?? '').split(':')[0]!.toLowerCase();
  expect(look!.colors).toContain(color);
  await colorChip.click();
  await expect(page).toHaveURL(/\/lookbook\?/);
  await expect(page).toHaveURL(new RegExp(`[?&]color=${color}(&|$)`));
  await expect(page).toHaveURL(new RegExp(`[?&]gender=${look!.gender}(&|$)`));
  // The LookBook presets its filters from the URL.
  const filters = page.getByRole('region', { name: 'Filters' });
  await filters.getByRole('button', { name: /^Filters/ }).click();
  await expect(filters.getByRole('button', { name: capitalized(color), exact: true })).toHaveAttribute('aria-pressed', 'true');

  await openWardrobe(page);
  await chips.first().click();
  await expect(page).toHaveURL(new RegExp(`[?&]trend=${look!.selectionId}(&|$)`));
  await expect(page).toHaveURL(new RegExp(`[?&]gender=${look!.gender}(&|$)`));
});

test('Load More Looks brings the 51st look; filters, a filtered empty result and a smart collection', async ({ page }) => {
  const icon = await registerAtTier('fashion_icon');
  // No Denim look among them: filtering by Denim must come back empty.
  const looks = await lookbookLooks(55, { exceptSelection: 'denim' });
  await saveAll(icon, looks.map((l) => l.id));
  await useSession(page, icon);
  await openWardrobe(page);

  await expect(cards(page)).toHaveCount(50);
  await expect(page.getByText('Showing 50 of 55 looks')).toBeVisible();
  await expect(page.getByText('55 saved')).toBeVisible();
  await page.getByRole('button', { name: 'Load More Looks' }).click();
  await expect(cards(page)).toHaveCount(55);
  await expect(page.getByRole('button', { name: 'Load More Looks' })).toHaveCount(0);

  // Gender: exactly the saved looks of that gender.
  const gender = looks[0]!.gender;
  await openFilterBar(page);
  await choose(page, 'Gender', capitalized(gender));
  await expect(cards(page)).toHaveCount(Math.min(50, looks.filter((l) => l.gender === gender).length));
  for (const card of await cards(page).all()) await expect(card.getByText(new RegExp(`^${capitalized(gender)}`))).toBeVisible();
  await page.getByRole('button', { name: 'Clear', exact: true }).first().click();
  await expect(cards(page)).toHaveCount(55);

  // A trend none of the saved looks has: the empty result says so and Clear brings the looks back.
  await choose(page, 'Trend', 'Denim');
  await expect(page.getByText('No saved looks match these filters.')).toBeVisible();
  await expect(cards(page)).toHaveCount(0);
  await page.getByRole('button', { name: 'Clear', exact: true }).last().click();
  await expect(cards(page)).toHaveCount(55);

  // A smart collection applies its filter: as many cards as it counts.
  const collections = page.getByRole('region', { name: /^Smart Collections/ });
  const collection = collections.getByRole('list').getByRole('button').first();
  await expect(collection).toBeVisible();
  const counted = Number((await collection.innerText()).match(/(\d+) looks?/)?.[1]);
  expect(counted).toBeGreaterThan(0);
  await collection.click();
  await expect(collections.getByRole('button', { pressed: true })).toHaveCount(1);
  await expect(cards(page)).toHaveCount(Math.min(50, counted));
  await expect(page.getByRole('button', { name: /^Filter & Organize/ })).toContainText(/\d+ active/);
});

test('the wardrobe passes axe on a phone and a desktop, its pieces and filters open', async ({ page }) => {
  const icon = await registerAtTier('fashion_icon');
  await saveAll(icon, (await lookbookLooks(3, { withColors: true })).map((l) => l.id));
  await useSession(page, icon);
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await openWardrobe(page);
    await expect(cards(page)).toHaveCount(3);
    await openFilterBar(page);
    await cards(page).first().getByRole('button', { name: /^Items \(/ }).click();
    await expect(cards(page).first().getByRole('list', { name: /^Items of / })).toBeVisible();
    // One pieces panel at a time across the grid.
    await cards(page).nth(1).getByRole('button', { name: /^Items \(/ }).click();
    await expect(page.getByRole('list', { name: /^Items of / })).toHaveCount(1);
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`), `at ${width} px`).toEqual([]);
    // No sideways scrolling on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
  }
});

test('an Enthusiast sees the locked wardrobe and the locked LookBook', async ({ page }) => {
  const enthusiast = await registerViaApi();
  await useSession(page, enthusiast);
  await page.goto('/wardrobe');
  await expect(page.getByRole('heading', { level: 1, name: 'Personal Wardrobe' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Unlock Your Wardrobe' })).toBeVisible();
  // The badge names the tier that opens it (issue 18), not the spec's 'Collector Edition'.
  await expect(page.getByRole('main').locator('header')).toContainText('Stylist');
  await expect(page.getByRole('progressbar', { name: 'Friends invited toward Stylist' })).toHaveAttribute('aria-valuemax', '3');
  await expect(cards(page)).toHaveCount(0);
  await page.goto('/lookbook');
  await expect(page.getByRole('heading', { name: 'Unlock Your LookBook' })).toBeVisible();
  // The server agrees: no wardrobe for an Enthusiast.
  const [look] = await lookbookLooks(1);
  const refused = await saveToWardrobe(enthusiast, look!.id);
  expect(refused.status).toBe(403);
  expect(refused.body).toMatchObject({ error: 'tier_required' });
});
