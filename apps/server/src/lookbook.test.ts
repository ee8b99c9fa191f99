import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureMatrix } from '@drape/boot';
import type { Combination } from '@drape/contracts';
import { copyLook, curate, stockLook } from './testing/looks';
import { startTestServer, type TestServer } from './testing/harness';
import { archive } from '@drape/looks';
import { REST_SPELLINGS } from '@drape/api';

let s: TestServer;

interface Entry { id: string; gender: string; selectionKind: string; selectionId: string; styleVibe: string | null; colors: string[] }
/** The LookBook of this file's server, oldest first: each look entered it a minute after the one before. */
const lookbook: Entry[] = [];

const RENDERED: Combination[] = [
  { gender: 'female', trend: 'boho_chic', styleVibe: 'playful' },
  { gender: 'male', trend: 'denim', styleVibe: 'casual' },
  { gender: 'female', palette: 'sunset_sorbet', styleVibe: 'elegant' },
  { gender: 'male', occasion: 'office', styleVibe: 'elegant' },
  { gender: 'female', occasion: 'party', styleVibe: 'contemporary' },
  { gender: 'male', palette: 'ocean_depths' },
  { gender: 'female', occasion: 'office' },
  { gender: 'male', trend: 'nautical_chic', styleVibe: 'playful' },
];
const TOTAL = 60;

beforeAll(async () => {
  s = await startTestServer({ PROMO_CODES: 'STYLE:stylist,ICON:fashion_icon' });
  await ensureMatrix(s.db.db);
  const rendered: string[] = [];
  for (const c of RENDERED) rendered.push(await stockLook(s, c));
  const start = Date.now() - 86_400_000;
  for (let i = 0; i < TOTAL; i++) {
    const at = new Date(start + i * 60_000);
    const source = rendered[i % rendered.length]!;
    let id = source;
    if (i < rendered.length) await curate(s, [source], at);
    else id = await copyLook(s, source, at);
    const row = await s.db.db.selectFrom('generated_images').select(['gender', 'selection_kind', 'selection_id', 'style_vibe']).where('id', '=', id).executeTakeFirstOrThrow();
    const pieces = await s.db.db.selectFrom('fashion_items').select('color_family').where('image_id', '=', id).orderBy('position').execute();
    lookbook.push({ id, gender: row.gender, selectionKind: row.selection_kind, selectionId: row.selection_id, styleVibe: row.style_vibe, colors: pieces.map((p) => p.color_family) });
  }
  // Stored but never curated: in no LookBook page.
  await stockLook(s, { gender: 'female', trend: 'boho_chic' });
}, 120_000);
afterAll(() => s.close());

const stylist = () => s.register({ promoCode: 'STYLE' });
const icon = () => s.register({ promoCode: 'ICON' });
const get = (token: string, query = '') => s.call('GET', `/api/siims/lookbook${query}`, undefined, { token });
const ids = (res: { body: { looks: { id: string }[] } }) => res.body.looks.map((l) => l.id);
const newest = (keep: (e: Entry) => boolean = () => true) => lookbook.filter(keep).map((e) => e.id).reverse();

describe('GET /api/siims/lookbook for a Fashion Icon', () => {
  it('pages every LookBook look newest first, with their pieces, colors and saved flag', async () => {
    const u = await icon();
    const first = await get(u.token);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ limit: 50, offset: 0, hasMore: true, viewLimit: null, viewLimitReached: false, filtersAllowed: true });
    expect(ids(first)).toEqual(newest().slice(0, 50));
    const second = await get(u.token, '?limit=50&offset=50');
    expect(second.body).toMatchObject({ hasMore: false });
    expect(ids(second)).toEqual(newest().slice(50));

    const look = first.body.looks[0];
    const entry = lookbook.find((e) => e.id === look.id)!;
    expect(look).toMatchObject({ imageId: entry.id, status: 'lookbook', gender: entry.gender, saved: false, width: 768, height: 1024 });
    expect(look.fashionItems.map((p: { colorFamily: string }) => p.colorFamily)).toEqual(entry.colors);
    expect(look.colors).toEqual([...new Set(entry.colors)]);
    expect((await fetch(`${s.url}${look.thumbnailUrl}`)).status).toBe(200);

    expect((await s.call('POST', '/api/siims/wardrobe', { imageId: look.id }, { token: u.token })).status).toBe(201);
    expect((await get(u.token, '?limit=1')).body.looks[0]).toMatchObject({ id: look.id, saved: true });
  });

  it('filters by each kind: gender, trend, palette, occasion, style vibe, and combined', async () => {
    const u = await icon();
    const cases: [string, (e: Entry) => boolean][] = [
      ['gender=male', (e) => e.gender === 'male'],
      ['trend=Boho%20Chic', (e) => e.selectionId === 'boho_chic'],
      ['trend=sunset_sorbet', (e) => e.selectionId === 'sunset_sorbet'],
      ['trend=Office', (e) => e.selectionId === 'office'],
      ['occasion=party', (e) => e.selectionId === 'party'],
      ['style_vibe=Elegant', (e) => e.styleVibe === 'elegant'],
      ['gender=male&style_vibe=playful', (e) => e.gender === 'male' && e.styleVibe === 'playful'],
      ['gender=female&occasion=office', (e) => e.gender === 'female' && e.selectionId === 'office'],
      ['gender=female&trend=denim', () => false],
    ];
    for (const [query, keep] of cases) {
      const res = await get(u.token, `?${query}`);
      expect(res.status, query).toBe(200);
      expect(ids(res), query).toEqual(newest(keep));
    }
  });

  it('filters by color: only looks with a piece of that color, alone or with the gender', async () => {
    const u = await icon();
    const counts = new Map<string, number>();
    for (const e of lookbook) for (const c of new Set(e.colors)) counts.set(c, (counts.get(c) ?? 0) + 1);
    // A color some looks have and others lack, so the filter has something to leave out.
    const [color] = [...counts].find(([, n]) => n < TOTAL) ?? [];
    expect(color).toBeDefined();
    const res = await get(u.token, `?color=${color}`);
    expect(ids(res)).toEqual(newest((e) => e.colors.includes(color!)).slice(0, 50));
    for (const look of res.body.looks) {
      expect(look.colors).toContain(color);
      expect(look.fashionItems.some((p: { colorFamily: string }) => p.colorFamily === color)).toBe(true);
    }
    const upper = await get(u.token, `?color=${color!.toUpperCase()}&gender=female`);
    expect(ids(upper)).toEqual(newest((e) => e.colors.includes(color!) && e.gender === 'female').slice(0, 50));
    const absent = ['black', 'white', 'gray', 'red', 'blue', 'navy', 'green', 'yellow', 'orange', 'purple', 'pink', 'brown', 'beige', 'cream', 'gold', 'silver'].find((c) => !counts.has(c));
    if (absent) expect(await get(u.token, `?color=${absent}`)).toMatchObject({ status: 200, body: { looks: [], hasMore: false } });
  });

  it("ignores 'all', empty and 'undefined'; refuses a bad color, an unknown trend, occasion or vibe, and paging out of range (400)", async () => {
    const u = await icon();
    expect(ids(await get(u.token, '?gender=all&style_vibe=&occasion=undefined&trend=all&color=undefined'))).toEqual(newest().slice(0, 50));
    expect(await get(u.token, '?color=teal')).toMatchObject({ status: 400, body: { error: 'invalid_input', message: expect.stringContaining('color must be one of black, white') } });
    expect(await get(u.token, '?trend=Grunge')).toMatchObject({ status: 400, body: { error: 'invalid_input', message: "trend: 'Grunge' is not a trend, color palette or occasion" } });
    expect((await get(u.token, '?occasion=Denim')).status).toBe(400);
    expect((await get(u.token, '?style_vibe=Grunge')).status).toBe(400);
    expect((await get(u.token, '?gender=other')).status).toBe(400);
    expect((await get(u.token, '?limit=51')).status).toBe(400);
    expect((await get(u.token, '?limit=0')).status).toBe(400);
    expect((await get(u.token, '?offset=100001')).status).toBe(400);
    expect((await get(u.token, '?offset=-1')).status).toBe(400);
  });
});

describe('GET /api/siims/lookbook by cursor (the web app\'s infinite scroll), from the shared LookBook', () => {
  const walk = async (token: string, query: string) => {
    const pages = [await get(token, `?${query}`)];
    while (pages.at(-1)!.body.nextCursor) pages.push(await get(token, `?${query}&cursor=${pages.at(-1)!.body.nextCursor}`));
    return pages;
  };

  it('walks the same looks as offset pages, with every filter kind', async () => {
    const u = await icon();
    const all = await walk(u.token, 'limit=25');
    expect(all.map((p) => [p.status, p.body.offset, p.body.looks.length])).toEqual([[200, 0, 25], [200, 25, 25], [200, 50, 10]]);
    expect(all.flatMap(ids)).toEqual(newest());
    const color = lookbook[0]!.colors[0]!;
    for (const [query, keep] of [
      ['gender=male', (e: Entry) => e.gender === 'male'],
      ['trend=boho_chic', (e: Entry) => e.selectionId === 'boho_chic'],
      ['style_vibe=elegant', (e: Entry) => e.styleVibe === 'elegant'],
      [`color=${color}`, (e: Entry) => e.colors.includes(color)],
    ] as const) {
      expect((await walk(u.token, `limit=7&${query}`)).flatMap(ids), query).toEqual(newest(keep));
    }
  });

  it('neither repeats nor skips a look when one joins the LookBook between two pages, on tRPC as on REST', async () => {
    const u = await icon();
    const first = await get(u.token, '?limit=20');
    const joined = await copyLook(s, lookbook[0]!.id, new Date());
    try {
      // The LookBook changed: this server hears it and rebuilds its copy.
      await expect.poll(async () => ids(await get(u.token, '?limit=1')), { timeout: 2000 }).toEqual([joined]);
      const second = await get(u.token, `?limit=20&cursor=${first.body.nextCursor}`);
      expect(ids(second)).toEqual(newest().slice(20, 40));
      const input = encodeURIComponent(JSON.stringify({ limit: 20, cursor: first.body.nextCursor }));
      const trpc = await s.call('GET', `/trpc/lookbook.list?input=${input}`, undefined, { token: u.token });
      expect(trpc.body.result.data.looks.map((l: { id: string }) => l.id)).toEqual(newest().slice(20, 40));
    } finally {
      await archive(s.db.db, [joined]);
      await expect.poll(async () => ids(await get(u.token, '?limit=1')), { timeout: 2000 }).not.toEqual([joined]);
    }
  });

  it('sends on REST (ready JSON from the shared LookBook) the REST spelling of what tRPC answers (serialised), saved flags included', async () => {
    const u = await icon();
    const saved = newest()[3]!;
    expect((await s.call('POST', '/api/siims/wardrobe', { imageId: saved }, { token: u.token })).status).toBe(201);
    for (const query of [{ limit: 10 }, { limit: 10, color: lookbook[0]!.colors[0] }, { limit: 50, offset: 55 }, { limit: 5, offset: 100 }]) {
      const rest = await get(u.token, `?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`);
      const trpc = await s.call('GET', `/trpc/lookbook.list?input=${encodeURIComponent(JSON.stringify(query))}`, undefined, { token: u.token });
      expect(rest.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(rest.body, JSON.stringify(query)).toEqual(REST_SPELLINGS.lookbookPage.present(trpc.body.result.data));
    }
    expect((await get(u.token, '?limit=10')).body.looks.find((l: { id: string }) => l.id === saved).saved).toBe(true);
  });

  it("keeps a Stylist's cap by the cursor's position; refuses a foreign cursor and a cursor with an offset (400)", async () => {
    const u = await stylist();
    const first = await get(u.token, '?limit=30');
    const second = await get(u.token, `?cursor=${first.body.nextCursor}`);
    expect(second.body).toMatchObject({ offset: 30, hasMore: false, viewLimitReached: true, nextCursor: null });
    expect(ids(second)).toEqual(newest().slice(30, 50));
    expect(await get(u.token, '?cursor=bm90IGEgY3Vyc29y')).toMatchObject({ status: 400, body: { error: 'invalid_input', message: 'cursor is not one this list gave' } });
    expect(await get(u.token, `?offset=30&cursor=${first.body.nextCursor}`)).toMatchObject({ status: 400, body: { error: 'invalid_input' } });
  });
});

describe('GET /api/siims/lookbook for lower tiers', () => {
  it('shows a Stylist 50 looks and no further: the page that reaches 50 says so, later pages are empty', async () => {
    const u = await stylist();
    const first = await get(u.token, '?limit=30');
    expect(first.body).toMatchObject({ hasMore: true, viewLimit: 50, viewLimitReached: false, filtersAllowed: false });
    expect(ids(first)).toEqual(newest().slice(0, 30));
    const second = await get(u.token, '?limit=50&offset=30');
    expect(second.body).toMatchObject({ hasMore: false, viewLimitReached: true });
    expect(ids(second)).toEqual(newest().slice(30, 50));
    expect(await get(u.token, '?offset=50')).toMatchObject({ status: 200, body: { looks: [], hasMore: false, viewLimitReached: true } });
    expect((await get(u.token, '?offset=55&limit=5')).body.looks).toEqual([]);
  });

  it("refuses a Stylist's filters with filters_tier, and takes the no-filter spellings as none", async () => {
    const u = await stylist();
    for (const query of ['gender=female', 'trend=denim', 'occasion=office', 'style_vibe=casual', 'color=navy']) {
      expect(await get(u.token, `?${query}`), query).toMatchObject({ status: 403, body: { error: 'filters_tier', message: 'LookBook filters are a Fashion Icon feature.' } });
    }
    expect((await get(u.token, '?gender=all&color=&trend=undefined')).body.looks).toHaveLength(50);
  });

  it('refuses an Enthusiast (403 tier_required) and a signed-out caller (401)', async () => {
    const u = await s.register();
    expect(await get(u.token)).toMatchObject({ status: 403, body: { error: 'tier_required' } });
    expect(await s.call('GET', '/api/siims/lookbook')).toMatchObject({ status: 401, body: { error: 'unauthorized' } });
  });

  it('answers the web app through /trpc', async () => {
    const u = await stylist();
    const input = encodeURIComponent(JSON.stringify({ limit: 10 }));
    const res = await s.call('GET', `/trpc/lookbook.list?input=${input}`, undefined, { token: u.token });
    expect(res.status).toBe(200);
    expect(res.body.result.data.looks.map((l: { id: string }) => l.id)).toEqual(newest().slice(0, 10));
  });
});
