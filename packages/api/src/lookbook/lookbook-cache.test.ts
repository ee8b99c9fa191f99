import { describe, expect, it } from 'vitest';
import type { LookView } from '@drape/contracts/looks';
import { MAX_HELD_LOOKS, positionAfter, SharedLookbook, type LookbookList } from './lookbook-cache';

const list = (keys: [number, string][]): LookbookList => ({ ids: keys.map((k) => k[1]), at: Float64Array.from(keys, (k) => k[0]), complete: true });
const card = (id: string): LookView => ({
  id, imageId: id, imageUrl: `/media/${id}.webp`, thumbnailUrl: `/media/${id}-t.webp`, width: 768, height: 1024, status: 'lookbook', gender: 'female',
  trend: 'Boho Chic', occasion: null, colorPalette: null, styleVibe: null, selection: { kind: 'trend', id: 'boho_chic', name: 'Boho Chic' },
  colors: ['cream'], fashionItems: [], stylistNote: [], saved: false, createdAt: '2026-11-26T10:00:00.000Z',
});

describe('positionAfter', () => {
  // Newest first: by time, then by id, both descending.
  const l = list([[30, 'c'], [20, 'b2'], [20, 'b1'], [10, 'a']]);

  it('starts after the cursor look, and after where it was when it left', () => {
    expect(positionAfter(l, 30, 'c')).toBe(1);
    expect(positionAfter(l, 20, 'b2')).toBe(2);
    expect(positionAfter(l, 20, 'b1')).toBe(3);
    expect(positionAfter(l, 10, 'a')).toBe(4);
    // A look no longer in the list: the page starts at the first look older than it.
    expect(positionAfter(l, 25, 'x')).toBe(1);
    expect(positionAfter(l, 20, 'b15')).toBe(2);
    expect(positionAfter(l, 5, 'z')).toBe(4);
    expect(positionAfter(l, 40, 'z')).toBe(0);
  });
});

describe('SharedLookbook', () => {
  it('builds a list once for concurrent callers, and again after a drop', async () => {
    const cache = new SharedLookbook(() => true);
    let builds = 0;
    const build = async () => {
      builds += 1;
      return list([[1, 'a']]);
    };
    await Promise.all([cache.list('k', build), cache.list('k', build), cache.list('k', build)]);
    expect(builds).toBe(1);
    cache.drop();
    await cache.list('k', build);
    expect(builds).toBe(2);
  });

  it('keeps a build begun before a drop out of the copy made after it', async () => {
    const cache = new SharedLookbook(() => true);
    let release!: () => void;
    const old = cache.list('k', () => new Promise<LookbookList>((r) => (release = () => r(list([[1, 'old']])))));
    cache.drop();
    release();
    expect((await old).ids).toEqual(['old']);
    expect((await cache.list('k', async () => list([[2, 'new']]))).ids).toEqual(['new']);
  });

  it('forgets a failed build, so the next caller tries again', async () => {
    const cache = new SharedLookbook(() => true);
    await expect(cache.list('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    await new Promise((r) => setTimeout(r, 0));
    expect((await cache.list('k', async () => list([[1, 'a']]))).ids).toEqual(['a']);
  });

  it('loads only the cards it does not hold, in one call, in the order asked, leaving out looks that are gone', async () => {
    const cache = new SharedLookbook(() => true);
    const loads: string[][] = [];
    const load = async (ids: string[]) => {
      loads.push(ids);
      return ids.filter((id) => id !== 'gone').map(card);
    };
    expect((await cache.looks(['a', 'b'], load)).map((c) => c.view.id)).toEqual(['a', 'b']);
    expect((await cache.looks(['c', 'b', 'gone', 'a'], load)).map((c) => c.view.id)).toEqual(['c', 'b', 'a']);
    expect(loads).toEqual([['a', 'b'], ['c', 'gone']]);
  });

  it("holds each card's JSON ready in its REST spelling, with the saved flag false and true", async () => {
    const cache = new SharedLookbook(() => true);
    const [c] = await cache.looks(['a'], async (ids) => ids.map(card));
    const rest = { ...card('a'), image_url: '/media/a.webp', color_palette: null, style_vibe: null, vibe: null };
    expect(c!.json.map((j) => JSON.parse(j.toString()))).toEqual([{ ...rest, saved: false }, { ...rest, saved: true }]);
  });

  it('checks each card against the look answer once, as it is held: an unnamed field dropped, a wrong one refused', async () => {
    const cache = new SharedLookbook(() => true);
    const [c] = await cache.looks(['a'], async (ids) => ids.map((id) => ({ ...card(id), internal: 'not for the wire' }) as LookView));
    expect(c!.view).toEqual(card('a'));
    expect(JSON.parse(c!.json[0].toString())).not.toHaveProperty('internal');
    await expect(cache.looks(['b'], async (ids) => ids.map((id) => ({ ...card(id), width: 'wide' }) as unknown as LookView))).rejects.toThrow();
  });

  it("holds what follows a user's saved looks until theirs (or everyone's) change, one build for concurrent callers", async () => {
    const cache = new SharedLookbook(() => true);
    let builds = 0;
    const build = async () => ++builds;
    const [a, b] = await Promise.all([cache.ofUser('collections', 'u1', build), cache.ofUser('collections', 'u1', build)]);
    expect([a, b, builds]).toEqual([1, 1, 1]);
    expect(await cache.ofUser('collections', 'u2', build)).toBe(2);
    cache.dropSaved('u1');
    expect(await cache.ofUser('collections', 'u1', build)).toBe(3);
    expect(await cache.ofUser('collections', 'u2', build)).toBe(2);
    cache.dropSaved();
    expect(await cache.ofUser('collections', 'u2', build)).toBe(4);
  });

  it('holds at most MAX_HELD_LOOKS cards', async () => {
    const cache = new SharedLookbook(() => true);
    const ids = Array.from({ length: MAX_HELD_LOOKS + 10 }, (_, i) => `look${i}`);
    await cache.looks(ids, async (missing) => missing.map(card));
    let reloaded: string[] = [];
    await cache.looks(['look0', `look${MAX_HELD_LOOKS + 9}`], async (missing) => {
      reloaded = missing;
      return missing.map(card);
    });
    expect(reloaded).toEqual(['look0']);
  });
});
