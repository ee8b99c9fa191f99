import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Combination, ColorFamily, Tier } from '@drape/contracts';
import { lookbookListInput, lookbookMessages } from '@drape/contracts/lookbook';
import { insertWardrobeItem } from '@drape/db';
import { register } from '../auth/registration.service';
import { insertLook } from '../testing/looks';
import { createTestServices, type TestServices } from '../testing/services';
import { endLookbookSession } from './lookbook-session';
import { listLookbook } from './lookbook.service';
import { archive } from '@drape/looks';

let t: TestServices;

/** The LookBook of this file's database: 60 looks, entered a minute apart, newest last in this list. */
interface Entry { id: string; combination: Combination; colors: ColorFamily[] }
const lookbook: Entry[] = [];
const COMBINATIONS: Combination[] = [
  { gender: 'female', trend: 'boho_chic', styleVibe: 'playful' },
  { gender: 'male', occasion: 'office', styleVibe: 'elegant' },
  { gender: 'female', palette: 'sunset_sorbet' },
  { gender: 'male', trend: 'denim', styleVibe: 'casual' },
  { gender: 'female', occasion: 'party', styleVibe: 'elegant' },
];
const COLORS: ColorFamily[][] = [['navy', 'white'], ['black'], ['red', 'gold', 'red'], ['beige', 'navy']];

beforeAll(async () => {
  t = await createTestServices();
  const start = Date.now() - 3_600_000;
  for (let i = 0; i < 60; i++) {
    const combination = COMBINATIONS[i % COMBINATIONS.length]!;
    const colors = COLORS[i % COLORS.length]!;
    const id = await insertLook(t.db.db, { combination, colors, status: 'lookbook', lookbookAt: new Date(start + i * 60_000) });
    lookbook.push({ id, combination, colors });
  }
  // Outside the LookBook: never listed, whatever the filter.
  await insertLook(t.db.db, { combination: COMBINATIONS[0]!, colors: ['navy'] });
  await insertLook(t.db.db, { combination: COMBINATIONS[1]!, colors: ['black'], status: 'archived' });
});
afterAll(() => t.close());

async function member(tier: Tier) {
  const stamp = `${Date.now() % 1_000_000}${Math.floor(Math.random() * 1000)}`;
  const answer = await register(t.services, t.req(), {
    email: `lookbook${stamp}@example.com`, password: 'a long passphrase', username: `lb${stamp}`, firstName: 'L', lastName: 'B', turnstileToken: await t.solveBotCheck(),
  });
  await t.db.db.updateTable('users').set({ tier }).where('id', '=', answer.user.id).execute();
  return t.db.db.selectFrom('users').selectAll().where('id', '=', answer.user.id).executeTakeFirstOrThrow();
}

const page = (user: Awaited<ReturnType<typeof member>>, input: Record<string, unknown> = {}) => listLookbook(t.services, user, lookbookListInput.parse(input));
const newest = (keep: (e: Entry) => boolean = () => true) => lookbook.filter(keep).map((e) => e.id).reverse();
const ids = (p: { looks: { id: string }[] }) => p.looks.map((l) => l.id);

describe('listLookbook for a Fashion Icon', () => {
  it('pages the whole LookBook newest first, with hasMore until the end', async () => {
    const icon = await member('fashion_icon');
    const first = await page(icon);
    expect(first).toMatchObject({ limit: 50, offset: 0, hasMore: true, viewLimit: null, viewLimitReached: false, filtersAllowed: true });
    expect(ids(first)).toEqual(newest().slice(0, 50));
    const rest = await page(icon, { offset: 50 });
    expect(rest).toMatchObject({ hasMore: false, viewLimitReached: false });
    expect(ids(rest)).toEqual(newest().slice(50));
    expect(ids(await page(icon, { limit: 10, offset: 10 }))).toEqual(newest().slice(10, 20));
  });

  it('answers each look with its names, colors in piece order, pieces and saved flag', async () => {
    const icon = await member('fashion_icon');
    const sorbet = lookbook.find((e) => e.combination.palette === 'sunset_sorbet' && e.colors[0] === 'red')!;
    await insertWardrobeItem(t.db.db, icon.id, sorbet.id);
    const looks = (await page(icon, { trend: 'Sunset Sorbet', color: 'red' })).looks;
    expect(looks.map((l) => l.id)).toContain(sorbet.id);
    const look = looks.find((l) => l.id === sorbet.id)!;
    expect(look).toMatchObject({
      imageId: sorbet.id, status: 'lookbook', gender: 'female', trend: null, occasion: null, colorPalette: 'Sunset Sorbet',
      styleVibe: null, selection: { kind: 'palette', id: 'sunset_sorbet', name: 'Sunset Sorbet' }, colors: ['red', 'gold'], saved: true, width: 768, height: 1024,
    });
    expect(look.fashionItems.map((p) => p.colorFamily)).toEqual(['red', 'gold', 'red']);
    expect(looks.filter((l) => l.id !== sorbet.id).every((l) => !l.saved)).toBe(true);
  });

  it('filters by gender, trend, palette, occasion, style vibe and color, alone and together', async () => {
    const icon = await member('fashion_icon');
    const cases: [Record<string, unknown>, (e: Entry) => boolean][] = [
      [{ gender: 'male' }, (e) => e.combination.gender === 'male'],
      [{ trend: 'Boho Chic' }, (e) => e.combination.trend === 'boho_chic'],
      [{ trend: 'sunset_sorbet' }, (e) => e.combination.palette === 'sunset_sorbet'],
      [{ trend: 'office' }, (e) => e.combination.occasion === 'office'],
      [{ occasion: 'Party' }, (e) => e.combination.occasion === 'party'],
      [{ style_vibe: 'Elegant' }, (e) => e.combination.styleVibe === 'elegant'],
      [{ styleVibe: 'casual' }, (e) => e.combination.styleVibe === 'casual'],
      [{ color: 'navy' }, (e) => e.colors.includes('navy')],
      [{ color: 'GOLD' }, (e) => e.colors.includes('gold')],
      [{ color: 'navy', gender: 'male' }, (e) => e.colors.includes('navy') && e.combination.gender === 'male'],
      [{ color: 'black', occasion: 'office', style_vibe: 'elegant' }, (e) => e.colors.includes('black') && e.combination.occasion === 'office'],
      [{ gender: 'female', style_vibe: 'elegant' }, (e) => e.combination.gender === 'female' && e.combination.styleVibe === 'elegant'],
      [{ gender: 'male', trend: 'boho_chic' }, () => false],
      [{ occasion: 'office', trend: 'denim' }, () => false],
      [{ color: 'silver' }, () => false],
    ];
    for (const [input, keep] of cases) {
      const expected = newest(keep);
      expect(expected.length === 0 || expected.length < 60, JSON.stringify(input)).toBe(true);
      expect(ids(await page(icon, input)), JSON.stringify(input)).toEqual(expected.slice(0, 50));
    }
    // Color pages go deep like the others.
    const navy = newest((e) => e.colors.includes('navy'));
    expect(ids(await page(icon, { color: 'navy', limit: 5, offset: 20 }))).toEqual(navy.slice(20, 25));
  });

  it("ignores 'all', empty and 'undefined', and refuses values the catalog does not know", async () => {
    const icon = await member('fashion_icon');
    expect(ids(await page(icon, { gender: 'all', trend: '', occasion: 'undefined', style_vibe: 'All', color: '' }))).toEqual(newest().slice(0, 50));
    await expect(page(icon, { trend: 'Grunge' })).rejects.toMatchObject({ appCode: 'invalid_input', message: "trend: 'Grunge' is not a trend, color palette or occasion" });
    await expect(page(icon, { occasion: 'Denim' })).rejects.toMatchObject({ appCode: 'invalid_input' });
    await expect(page(icon, { style_vibe: 'Grunge' })).rejects.toMatchObject({ appCode: 'invalid_input' });
    expect(() => lookbookListInput.parse({ color: 'teal' })).toThrow(/color must be one of/);
  });
});

describe('listLookbook for lower tiers', () => {
  it('refuses an Enthusiast', async () => {
    await expect(page(await member('enthusiast'))).rejects.toMatchObject({ appCode: 'tier_required', message: lookbookMessages.tierRequired });
  });

  it.each(['stylist', 'collector'] as const)('shows a %s 50 looks, a position cap that no page passes', async (tier) => {
    const user = await member(tier);
    const first = await page(user, { limit: 30 });
    expect(first).toMatchObject({ hasMore: true, viewLimit: 50, viewLimitReached: false, filtersAllowed: false });
    expect(ids(first)).toEqual(newest().slice(0, 30));
    const second = await page(user, { offset: 30 });
    expect(second).toMatchObject({ hasMore: false, viewLimitReached: true });
    expect(ids(second)).toEqual(newest().slice(30, 50));
    expect(await page(user, { offset: 50 })).toMatchObject({ looks: [], hasMore: false, viewLimitReached: true });
    expect(await page(user, { offset: 51 })).toMatchObject({ looks: [], hasMore: false, viewLimitReached: true });
    expect(ids(await page(user))).toHaveLength(50);
  });

  it('reads a session window from the database too (no shared copy): the next session after sign-out wraps at the end', async () => {
    const user = await member('stylist');
    expect(ids(await page(user, { limit: 50 }))).toEqual(newest().slice(0, 50));
    await endLookbookSession(t.db.db, user.id);
    // Looks 51 to 60, then 1 to 40: two ranges of the index.
    const second = await page(user, { limit: 50 });
    expect(ids(second)).toEqual([...newest().slice(50), ...newest().slice(0, 40)]);
    expect(second).toMatchObject({ viewLimitReached: true, hasMore: false });
    await endLookbookSession(t.db.db, user.id);
    const third = await page(user, { limit: 25 });
    expect(ids(third)).toEqual(newest().slice(40, 60).concat(newest().slice(0, 5)));
    expect(ids(await page(user, { cursor: third.nextCursor }))).toEqual(newest().slice(5, 30));
  });

  it('refuses any filter from a Stylist, and takes the no-filter spellings as none', async () => {
    const stylist = await member('stylist');
    for (const input of [{ gender: 'female' }, { trend: 'denim' }, { occasion: 'office' }, { style_vibe: 'casual' }, { styleVibe: 'casual' }, { color: 'navy' }]) {
      await expect(page(stylist, input), JSON.stringify(input)).rejects.toMatchObject({ appCode: 'filters_tier', message: lookbookMessages.filtersTier });
    }
    expect(ids(await page(stylist, { gender: 'all', color: 'undefined' }))).toHaveLength(50);
  });
});

describe('listLookbook by cursor (the infinite scroll), from the database', () => {
  type Page = Awaited<ReturnType<typeof page>>;
  const walk = async (user: Awaited<ReturnType<typeof member>>, input: Record<string, unknown>) => {
    const pages: Page[] = [await page(user, input)];
    while (pages.at(-1)!.nextCursor) pages.push(await page(user, { ...input, cursor: pages.at(-1)!.nextCursor }));
    return pages;
  };

  it('walks the same looks as offset pages, filtered or not, each page counting its position', async () => {
    const icon = await member('fashion_icon');
    const pages = await walk(icon, { limit: 25 });
    expect(pages.map((p) => [p.offset, p.looks.length, p.hasMore])).toEqual([[0, 25, true], [25, 25, true], [50, 10, false]]);
    expect(pages.flatMap(ids)).toEqual(newest());
    const navy = await walk(icon, { limit: 7, color: 'navy', gender: 'female' });
    expect(navy.flatMap(ids)).toEqual(newest((e) => e.colors.includes('navy') && e.combination.gender === 'female'));
    const office = await walk(icon, { limit: 4, occasion: 'office' });
    expect(office.flatMap(ids)).toEqual(newest((e) => e.combination.occasion === 'office'));
  });

  it('neither repeats nor skips a look when one joins the LookBook between two pages', async () => {
    const icon = await member('fashion_icon');
    const first = await page(icon, { limit: 20 });
    const joined = await insertLook(t.db.db, { combination: COMBINATIONS[0]!, status: 'lookbook' });
    try {
      const second = await page(icon, { limit: 20, cursor: first.nextCursor });
      expect(ids(second)).toEqual(newest().slice(20, 40));
      expect(second.offset).toBe(20);
      expect(ids(await page(icon, { limit: 1 }))).toEqual([joined]);
    } finally {
      await archive(t.db.db, [joined]);
    }
  });

  it("keeps a Stylist's cap by the cursor's position", async () => {
    const stylist = await member('stylist');
    const first = await page(stylist, { limit: 30 });
    const second = await page(stylist, { cursor: first.nextCursor });
    expect(second).toMatchObject({ offset: 30, hasMore: false, viewLimitReached: true, nextCursor: null });
    expect(ids(second)).toEqual(newest().slice(30, 50));
  });

  it('refuses a cursor it did not give, and a cursor with an offset', async () => {
    const icon = await member('fashion_icon');
    await expect(page(icon, { cursor: 'bm90IGEgY3Vyc29y' })).rejects.toMatchObject({ appCode: 'invalid_input' });
    const { nextCursor } = await page(icon, { limit: 5 });
    expect(() => lookbookListInput.parse({ cursor: nextCursor, offset: 5 })).toThrow(/either cursor or offset/);
    expect(() => lookbookListInput.parse({ cursor: 'x'.repeat(121) })).toThrow(/cursor is not one this list gave/);
  });
});
