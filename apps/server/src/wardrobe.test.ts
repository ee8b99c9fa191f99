import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureMatrix } from '@drape/boot';
import { deleteExpiredImages } from '@drape/operations';
import { curate, stockLook } from './testing/looks';
import { startTestServer, type TestServer } from './testing/harness';

let s: TestServer;
/** LookBook looks anyone from Stylist up may save. */
const lookbook: string[] = [];
beforeAll(async () => {
  s = await startTestServer({ PROMO_CODES: 'STYLE:stylist,ICON:fashion_icon' });
  await ensureMatrix(s.db.db);
  for (let i = 0; i < 22; i++) lookbook.push(await stockLook(s, { gender: i % 2 ? 'male' : 'female', occasion: i % 3 ? 'office' : 'party', styleVibe: 'elegant' }));
  await curate(s, lookbook);
}, 120_000);
afterAll(() => s.close());

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const stylist = () => s.register({ promoCode: 'STYLE' });
const icon = () => s.register({ promoCode: 'ICON' });

/** A look Get My Look served to the user from the inventory (a combination only this call asks for). */
async function servedLook(token: string, request: Record<string, string>, stocked: Parameters<typeof stockLook>[1]) {
  await stockLook(s, stocked);
  const res = await s.call('POST', '/api/generate-outfit', request, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.source).toBe('inventory');
  return res.body as { id: string; imageUrl: string; fashionItems: { id: string }[] };
}

const save = (token: string, imageId: string) => s.call('POST', '/api/siims/wardrobe', { imageId }, { token });
const wardrobe = (token: string, query = '') => s.call('GET', `/api/siims/wardrobe${query}`, undefined, { token });

describe('POST /api/siims/wardrobe', () => {
  it('saves a served look (201) and lists it with the spec fields; a second save is 409 with the spec message', async () => {
    const u = await stylist();
    const look = await servedLook(u.token, { gender: 'female', trend: 'Boho Chic' }, { gender: 'female', trend: 'boho_chic', styleVibe: 'playful' });
    const res = await save(u.token, look.id);
    expect(res).toMatchObject({ status: 201, body: { success: true, saved: 1, cap: 20, item: { imageId: look.id, notes: null, saved: true } } });
    const list = await wardrobe(u.token);
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ total: 1, saved: 1, cap: 20, hasMore: false, limit: 50, offset: 0 });
    const [item] = list.body.items;
    expect(item).toMatchObject({
      id: res.body.item.id, imageId: look.id, image_url: look.imageUrl, imageUrl: look.imageUrl, status: 'viewable', gender: 'female',
      trend: 'Boho Chic', vibe: 'Playful', style_vibe: 'Playful', occasion: null, color_palette: null, notes: null,
    });
    expect(item.fashionItems.map((p: { id: string }) => p.id)).toEqual(look.fashionItems.map((p) => p.id));
    expect(item.colors.length).toBeGreaterThan(0);
    expect((await fetch(`${s.url}${item.thumbnailUrl}`)).status).toBe(200);

    expect(await save(u.token, look.id)).toMatchObject({ status: 409, body: { error: 'already_saved', message: 'Image already saved to wardrobe' } });
    expect((await wardrobe(u.token)).body.total).toBe(1);
  });

  it('saves a LookBook look and a shared look; refuses an unknown look or one served to somebody else (404) and a bad id (400)', async () => {
    const [owner, u] = [await icon(), await icon()];
    const othersLook = await servedLook(owner.token, { gender: 'male', trend: 'Denim' }, { gender: 'male', trend: 'denim' });
    expect(await save(u.token, othersLook.id)).toMatchObject({ status: 404, body: { error: 'not_found' } });
    expect(await save(u.token, UNKNOWN_ID)).toMatchObject({ status: 404, body: { error: 'not_found' } });
    expect((await s.call('POST', '/api/share/outfit', { imageId: othersLook.id }, { token: owner.token })).status).toBe(200);
    expect((await save(u.token, othersLook.id)).status).toBe(201);
    expect((await save(u.token, lookbook[0]!)).status).toBe(201);
    expect(await save(u.token, 'not-an-id')).toMatchObject({ status: 400, body: { error: 'invalid_input', message: 'imageId: Not an image id' } });
    expect((await s.call('POST', '/api/siims/wardrobe', {}, { token: u.token })).status).toBe(400);
  });

  it("refuses a Stylist's 21st save with wardrobe_full, and lets a Fashion Icon go on", async () => {
    const [u, i] = [await stylist(), await icon()];
    for (const id of lookbook.slice(0, 20)) expect((await save(u.token, id)).status).toBe(201);
    expect(await save(u.token, lookbook[20]!)).toMatchObject({ status: 403, body: { error: 'wardrobe_full', message: 'Wardrobe Full!' } });
    expect((await wardrobe(u.token)).body).toMatchObject({ total: 20, saved: 20, cap: 20 });
    for (const id of lookbook.slice(0, 21)) expect((await save(i.token, id)).status).toBe(201);
    expect((await wardrobe(i.token)).body).toMatchObject({ total: 21, saved: 21, cap: null });
  });
});

describe('tier gate and sign-in', () => {
  it('refuses an Enthusiast every wardrobe path with tier_required', async () => {
    const u = await s.register();
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/siims/wardrobe'], ['GET', '/api/siims/wardrobe/collections'], ['POST', '/api/siims/wardrobe', { imageId: lookbook[0] }],
      ['DELETE', `/api/siims/wardrobe/${lookbook[0]}`], ['PATCH', `/api/siims/wardrobe/${UNKNOWN_ID}/notes`, { notes: 'x' }],
    ];
    for (const [method, path, body] of calls) {
      expect(await s.call(method, path, body, { token: u.token }), `${method} ${path}`).toMatchObject({ status: 403, body: { error: 'tier_required' } });
    }
  });

  it('answers 401 signed out on every wardrobe path', async () => {
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/siims/wardrobe'], ['GET', '/api/siims/wardrobe/collections'], ['POST', '/api/siims/wardrobe', { imageId: lookbook[0] }],
      ['DELETE', `/api/siims/wardrobe/${lookbook[0]}`], ['PATCH', `/api/siims/wardrobe/${UNKNOWN_ID}/notes`, { notes: 'x' }],
    ];
    for (const [method, path, body] of calls) expect(await s.call(method, path, body), `${method} ${path}`).toMatchObject({ status: 401, body: { error: 'unauthorized' } });
  });
});

describe('GET /api/siims/wardrobe', () => {
  it('filters by gender, occasion and trend, sorts newest or oldest, pages with hasMore, and refuses bad values', async () => {
    const u = await icon();
    const saved = lookbook.slice(0, 6);
    for (const id of saved) await save(u.token, id);
    const ids = (res: { body: { items: { imageId: string }[] } }) => res.body.items.map((i) => i.imageId);
    expect(ids(await wardrobe(u.token))).toEqual([...saved].reverse());
    expect(ids(await wardrobe(u.token, '?sortBy=oldest'))).toEqual(saved);
    const page = await wardrobe(u.token, '?limit=4&offset=0');
    expect(page.body).toMatchObject({ total: 6, hasMore: true, limit: 4 });
    expect(ids(await wardrobe(u.token, '?limit=4&offset=4'))).toEqual(saved.slice(0, 2).reverse());
    // Stocked above: odd looks male, every third a party look, the rest office.
    const male = saved.filter((_id, i) => i % 2);
    const party = saved.filter((_id, i) => i % 3 === 0);
    expect(ids(await wardrobe(u.token, '?gender=male'))).toEqual([...male].reverse());
    expect(ids(await wardrobe(u.token, '?occasion=Party'))).toEqual([...party].reverse());
    expect(ids(await wardrobe(u.token, '?trend=party&gender=female'))).toEqual(party.filter((id) => !male.includes(id)).reverse());
    expect(ids(await wardrobe(u.token, '?gender=all&occasion=&trend=undefined'))).toHaveLength(6);
    expect(await wardrobe(u.token, '?trend=Grunge')).toMatchObject({ status: 400, body: { error: 'invalid_input' } });
    expect(await wardrobe(u.token, '?sortBy=best')).toMatchObject({ status: 400, body: { error: 'invalid_input' } });
    expect(await wardrobe(u.token, '?limit=51')).toMatchObject({ status: 400, body: { error: 'invalid_input', message: 'limit: limit must be at most 50' } });
    expect((await wardrobe(u.token, '?gender=other')).status).toBe(400);
  });

  it('never shows one user the wardrobe of another, nor lets them remove from it', async () => {
    const [a, b] = [await icon(), await icon()];
    await save(a.token, lookbook[1]!);
    expect((await wardrobe(b.token)).body).toMatchObject({ items: [], total: 0, saved: 0 });
    expect((await s.call('GET', '/api/siims/wardrobe/collections', undefined, { token: b.token })).body).toEqual({ collections: [] });
    expect(await s.call('DELETE', `/api/siims/wardrobe/${lookbook[1]}`, undefined, { token: b.token })).toMatchObject({ status: 200, body: { removed: false } });
    expect((await wardrobe(a.token)).body.total).toBe(1);
  });
});

describe('GET /api/siims/wardrobe/collections', () => {
  it('groups the saved looks by occasion, style and trend with counts, previews and the filter that lists each', async () => {
    const u = await icon();
    for (const id of lookbook.slice(0, 6)) await save(u.token, id);
    const res = await s.call('GET', '/api/siims/wardrobe/collections', undefined, { token: u.token });
    expect(res.status).toBe(200);
    expect(res.body.collections.map((c: { id: string; itemCount: number }) => [c.id, c.itemCount])).toEqual([['occasion:office', 4], ['occasion:party', 2], ['style:elegant', 6]]);
    expect(res.body.collections[0]).toMatchObject({ name: 'Office', type: 'occasion', icon: 'briefcase', description: expect.any(String), filter: { occasion: 'office' } });
    expect(res.body.collections[2].items).toHaveLength(4);
    expect((await fetch(`${s.url}${res.body.collections[2].items[0].thumbnailUrl}`)).status).toBe(200);
    for (const c of res.body.collections) {
      const query = new URLSearchParams(c.filter as Record<string, string>).toString();
      expect((await wardrobe(u.token, `?${query}`)).body.total).toBe(c.itemCount);
    }
  });
});

describe('DELETE /api/siims/wardrobe/{imageId}', () => {
  it('removes a saved look, answers removed false when it was not there, and 400 for a bad id', async () => {
    const u = await stylist();
    await save(u.token, lookbook[2]!);
    expect(await s.call('DELETE', `/api/siims/wardrobe/${lookbook[2]}`, undefined, { token: u.token })).toMatchObject({ status: 200, body: { success: true, removed: true, saved: 0, cap: 20 } });
    expect(await s.call('DELETE', `/api/siims/wardrobe/${lookbook[2]}`, undefined, { token: u.token })).toMatchObject({ status: 200, body: { removed: false } });
    expect((await s.call('DELETE', '/api/siims/wardrobe/not-an-id', undefined, { token: u.token })).status).toBe(400);
    // Saved again after removal: it was not a second save.
    expect((await save(u.token, lookbook[2]!)).status).toBe(201);
  });
});

describe('PATCH /api/siims/wardrobe/{id}/notes', () => {
  it("edits and clears the owner's notes; refuses too long, control characters, a bad id, and another user's item (404, unchanged)", async () => {
    const [u, other] = [await stylist(), await stylist()];
    const { body } = await save(u.token, lookbook[3]!);
    const path = `/api/siims/wardrobe/${body.item.id}/notes`;
    expect(await s.call('PATCH', path, { notes: 'With the camel coat.\nNo belt.' }, { token: u.token })).toMatchObject({ status: 200, body: { success: true, id: body.item.id, notes: 'With the camel coat.\nNo belt.' } });
    expect((await wardrobe(u.token)).body.items[0].notes).toBe('With the camel coat.\nNo belt.');
    expect(await s.call('PATCH', path, { notes: 'x'.repeat(1001) }, { token: u.token })).toMatchObject({ status: 400, body: { error: 'invalid_input', message: 'notes: Notes must be 1000 characters or less' } });
    expect(await s.call('PATCH', path, { notes: 'bell\u0007' }, { token: u.token })).toMatchObject({ status: 400, body: { error: 'invalid_input' } });
    expect((await s.call('PATCH', path, {}, { token: u.token })).status).toBe(400);
    expect((await s.call('PATCH', '/api/siims/wardrobe/not-an-id/notes', { notes: 'x' }, { token: u.token })).status).toBe(400);
    expect(await s.call('PATCH', path, { notes: 'mine now' }, { token: other.token })).toMatchObject({ status: 404, body: { error: 'not_found' } });
    expect(await s.call('PATCH', `/api/siims/wardrobe/${UNKNOWN_ID}/notes`, { notes: 'x' }, { token: u.token })).toMatchObject({ status: 404, body: { error: 'not_found' } });
    expect((await wardrobe(u.token)).body.items[0].notes).toBe('With the camel coat.\nNo belt.');
    expect((await s.call('PATCH', path, { notes: '' }, { token: u.token })).body.notes).toBeNull();
    expect((await wardrobe(u.token)).body.items[0].notes).toBeNull();
  });
});

describe('the web app through /trpc', () => {
  it('saves, answers the Save buttons which looks are saved, and lists', async () => {
    const u = await stylist();
    const saveRes = await s.call('POST', '/trpc/wardrobe.save', { imageId: lookbook[4] }, { token: u.token });
    expect(saveRes.status).toBe(200);
    const input = encodeURIComponent(JSON.stringify({ imageIds: [lookbook[4], lookbook[5]] }));
    const contains = await s.call('GET', `/trpc/wardrobe.contains?input=${input}`, undefined, { token: u.token });
    expect(contains.body.result.data).toEqual({ saved: 1, cap: 20, imageIds: [lookbook[4]] });
    const again = await s.call('POST', '/trpc/wardrobe.save', { imageId: lookbook[4] }, { token: u.token });
    expect(again.status).toBe(409);
    expect(again.body.error.data.appCode).toBe('already_saved');
  });
});

describe('a saved look and retention', () => {
  it('is kept past 181 days with its file and pieces while a wardrobe holds it, and deleted once removed', async () => {
    const u = await stylist();
    const look = await servedLook(u.token, { gender: 'female', colorPalette: 'Ocean Depths' }, { gender: 'female', palette: 'ocean_depths' });
    expect((await save(u.token, look.id)).status).toBe(201);
    const old = new Date(Date.now() - 200 * 86_400_000);
    await s.db.db.updateTable('generated_images').set({ created_at: old } as never).where('id', '=', look.id).execute();

    await deleteExpiredImages(s.db.db, s.storage);
    const [item] = (await wardrobe(u.token)).body.items;
    expect(item).toMatchObject({ imageId: look.id });
    expect(item.fashionItems.map((p: { id: string }) => p.id)).toEqual(look.fashionItems.map((p) => p.id));
    expect((await fetch(`${s.url}${item.imageUrl}`)).status).toBe(200);
    expect((await s.call('GET', `/api/fashion-items/${look.id}`, undefined, { token: u.token })).body).toHaveLength(look.fashionItems.length);

    await s.call('DELETE', `/api/siims/wardrobe/${look.id}`, undefined, { token: u.token });
    const report = await deleteExpiredImages(s.db.db, s.storage);
    expect(report.images).toBe(1);
    expect((await fetch(`${s.url}${item.imageUrl}`)).status).toBe(404);
    expect((await s.call('GET', `/api/fashion-items/${look.id}`, undefined, { token: u.token })).status).toBe(404);
    expect(await s.db.db.selectFrom('fashion_items').select('id').where('image_id', '=', look.id).execute()).toEqual([]);
  });
});
