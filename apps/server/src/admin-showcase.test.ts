import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrapAdmin } from '@drape/auth';
import { SHOWCASE_CAP } from '@drape/contracts/admin';
import { curateLookbook } from '@drape/operations';
import { startTestServer, type TestServer } from './testing/harness';
import { makeLook } from '@drape/looks/testing';
import { copyLook, curate } from './testing/looks';

/**
 * The showcase lookbook manager (settings-and-admin §2.2 {base}/lookbook, §7.2) through the real
 * server: the LookBook's looks, the showcase, adding and removing, taking a look out of the
 * LookBook, and the landing carousel that shows what is curated here.
 */
let s: TestServer;
let token: string;
/** Stocked looks, all in the LookBook: [0..2] rendered, the rest copies of [0]. */
let looks: { id: string; code: string }[] = [];

const get = (path: string) => s.call('GET', path, undefined, { token });
const add = (imageId: string, combinationCode: string) => s.call('POST', '/api/admin/add-to-showcase', { imageId, combinationCode }, { token });
const carousel = async (): Promise<string[]> => {
  const res = await s.call('GET', '/api/landing/showcase');
  expect(res.status).toBe(200);
  return (res.body.carousel as { id: string }[]).map((l) => l.id);
};
const row = (id: string) => s.db.db.selectFrom('generated_images').select(['status', 'curated_by', 'in_showcase', 'showcase_at']).where('id', '=', id).executeTakeFirstOrThrow();
const auditOf = (action: string, targetId: string) =>
  s.db.db.selectFrom('admin_audit_log').select(['actor', 'actor_kind', 'action', 'target_type', 'target_id', 'details']).where('action', '=', action).where('target_id', '=', targetId).execute();
const auditCount = async () => Number((await s.db.db.selectFrom('admin_audit_log').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);

beforeAll(async () => {
  s = await startTestServer();
  await bootstrapAdmin(s.db.db, 'ops', 'correct horse');
  token = (await s.call('POST', '/api/admin/login', { adminKey: 'ops', password: 'correct horse' })).body.token;
  // Rows only (makeLook): the manager's answers read rows and build addresses.
  const rendered = [
    (await makeLook(s.db.db, { combination: { gender: 'female', trend: 'denim' } })).id,
    (await makeLook(s.db.db, { combination: { gender: 'male', palette: 'ocean_depths' } })).id,
    (await makeLook(s.db.db, { combination: { gender: 'female', occasion: 'office' } })).id,
  ];
  await curate(s, rendered);
  const ids = [...rendered];
  // Enough LookBook looks to fill the showcase past its cap, older in the LookBook than the rendered ones.
  for (let i = 0; i < SHOWCASE_CAP; i++) ids.push(await copyLook(s, rendered[0]!, new Date(Date.now() - (i + 10) * 60_000)));
  const codes = await s.db.db.selectFrom('generated_images').select(['id', 'combination_code']).where('id', 'in', ids).execute();
  looks = ids.map((id) => ({ id, code: codes.find((c) => c.id === id)!.combination_code }));
}, 120_000);
afterAll(() => s.close());

describe('GET /api/admin/lookbook-images', () => {
  it('lists the LookBook newest first, 24 a page, with the gender filter and the showcase flag', async () => {
    const res = await get('/api/admin/lookbook-images');
    expect(res.status).toBe(200);
    expect(res.body.page).toBe(1);
    expect(res.body.hasMore).toBe(false);
    expect(res.body.images).toHaveLength(looks.length);
    expect(res.body.images[0]).toMatchObject({ combinationCode: expect.any(String), imageUrl: expect.stringMatching(/^\/media\/.+\.webp$/), inShowcase: false });
    // The copies entered the LookBook before the rendered looks: they come last, oldest last.
    expect(res.body.images.slice(3).map((i: { id: string }) => i.id)).toEqual(looks.slice(3).map((l) => l.id));
    const men = await get('/api/admin/lookbook-images?gender=male&page=1');
    expect(men.body.images.map((i: { id: string }) => i.id)).toEqual([looks[1]!.id]);
    expect((await get('/api/admin/lookbook-images?gender=all')).body.images).toHaveLength(looks.length);
    expect((await get('/api/admin/lookbook-images?page=2')).body).toEqual({ images: [], page: 2, hasMore: false });
  });

  it('refuses a bad page or gender with 400', async () => {
    for (const q of ['page=0', 'page=x', 'gender=other']) {
      const res = await get(`/api/admin/lookbook-images?${q}`);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: 'invalid_input', message: expect.any(String) });
    }
  });
});

describe('the showcase and the landing carousel', () => {
  it('adds a LookBook look: first on the landing carousel at once, listed with its place, audited', async () => {
    const look = looks[2]!;
    expect((await carousel())[0]).not.toBe(look.id);
    const res = await add(look.id, look.code);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ imageId: look.id, added: true, total: 1 });
    expect(await row(look.id)).toMatchObject({ status: 'lookbook', in_showcase: true, showcase_at: expect.any(Date) });
    // The landing's answer is cached for a minute per process; the admin's change drops it.
    expect((await carousel())[0]).toBe(look.id);

    const items = await get('/api/admin/showcase-items');
    expect(items.status).toBe(200);
    expect(items.body).toMatchObject({ page: 1, hasMore: false, total: 1, cap: SHOWCASE_CAP });
    expect(items.body.items).toEqual([{ imageId: look.id, imageUrl: expect.stringMatching(/^\/media\//), combinationCode: look.code, gender: 'female', name: 'Office', addedAt: expect.any(String), position: 1,
      fullImageUrl: expect.stringMatching(/^\/media\/.+\.webp$/), width: 768, height: 1024, pieces: [expect.objectContaining({ name: expect.any(String) })] }]);
    expect((await get('/api/admin/lookbook-images')).body.images.find((i: { id: string }) => i.id === look.id).inShowcase).toBe(true);

    const audit = await auditOf('admin.showcase.add', look.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor: 'ops', actor_kind: 'admin', target_type: 'image', details: { input: { imageId: look.id, combinationCode: look.code }, result: { added: true } } });
  });

  it('adds the same look twice without a second place', async () => {
    const look = looks[2]!;
    const res = await add(look.id, look.code);
    expect(res.body).toEqual({ imageId: look.id, added: false, total: 1 });
    expect((await get('/api/admin/showcase-items')).body.total).toBe(1);
  });

  it('refuses a look outside the LookBook (409), a missing look (404), a code not the look\'s and bad input (400), changing nothing', async () => {
    const inventory = (await makeLook(s.db.db, { combination: { gender: 'male', trend: 'denim' } })).id;
    const code = (await s.db.db.selectFrom('generated_images').select('combination_code').where('id', '=', inventory).executeTakeFirstOrThrow()).combination_code;
    const before = await auditCount();
    const outside = await add(inventory, code);
    expect(outside.status).toBe(409);
    expect(outside.body).toEqual({ error: 'not_in_lookbook', message: 'Only LookBook looks can join the showcase.' });
    const mismatch = await add(looks[0]!.id, looks[1]!.code);
    expect(mismatch.status).toBe(400);
    expect(mismatch.body).toEqual({ error: 'combination_mismatch', message: "The combination code does not match the look's." });
    expect((await add(crypto.randomUUID(), looks[0]!.code)).status).toBe(404);
    for (const body of [{ imageId: 'nope', combinationCode: looks[0]!.code }, { imageId: looks[0]!.id }, { imageId: looks[0]!.id, combinationCode: '' }]) {
      const res = await s.call('POST', '/api/admin/add-to-showcase', body, { token });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: 'invalid_input', message: expect.any(String) });
    }
    expect((await s.call('DELETE', '/api/admin/showcase-items/nope', undefined, { token })).status).toBe(400);
    expect(await row(inventory)).toMatchObject({ status: 'viewable', in_showcase: false });
    expect((await row(looks[0]!.id)).in_showcase).toBe(false);
    expect((await get('/api/admin/showcase-items')).body.total).toBe(1);
    expect(await auditCount()).toBe(before);
  });

  it(`holds at most ${SHOWCASE_CAP} looks (the carousel's), newest addition first on the carousel`, async () => {
    const more = looks.filter((l) => l.id !== looks[2]!.id).slice(0, SHOWCASE_CAP - 1);
    for (const l of more) expect((await add(l.id, l.code)).status).toBe(200);
    const full = looks.find((l) => !more.includes(l) && l !== looks[2])!;
    const refused = await add(full.id, full.code);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ error: 'showcase_full', message: `The showcase is full (${SHOWCASE_CAP} looks, the landing carousel). Remove a look first.` });
    const items = (await get('/api/admin/showcase-items')).body;
    expect(items.total).toBe(SHOWCASE_CAP);
    const order = items.items.map((i: { imageId: string }) => i.imageId);
    expect(order).toEqual([...more].reverse().map((l) => l.id).concat(looks[2]!.id));
    expect(await carousel()).toEqual(order);
    // Back to one look for the tests below.
    for (const l of more) expect((await s.call('DELETE', `/api/admin/showcase-items/${l.id}`, undefined, { token })).status).toBe(200);
  });

  it('removes an item: gone from the showcase and the carousel\'s first place at once, still in the LookBook, audited', async () => {
    const look = looks[2]!;
    const res = await s.call('DELETE', `/api/admin/showcase-items/${look.id}`, undefined, { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ imageId: look.id, removed: true });
    expect((await get('/api/admin/showcase-items')).body).toMatchObject({ items: [], total: 0 });
    expect(await row(look.id)).toMatchObject({ status: 'lookbook', in_showcase: false, showcase_at: null });
    // The carousel falls back to its automatic pick, which may still show the look, but not as a curated first.
    const ids = await carousel();
    expect(ids.slice(0, 1)).not.toEqual([look.id]);
    expect(await auditOf('admin.showcase.remove', look.id)).toEqual([expect.objectContaining({ actor: 'ops', target_type: 'image', target_id: look.id })]);
  });
});

describe('DELETE /api/admin/lookbook-images/:id', () => {
  it('takes a look out of the LookBook and the showcase for good: auto-curation does not put it back', async () => {
    // The only LookBook look of its combination: curation would take it again, were it not the admin's decision.
    const look = looks[2]!;
    await s.db.db.updateTable('generated_images').set({ quality_score: 97 }).where('id', '=', look.id).execute();
    expect((await add(look.id, look.code)).status).toBe(200);
    expect((await carousel())[0]).toBe(look.id);
    const statsBefore = (await s.call('GET', '/api/lookbook/stats')).body.totalLooks as number;

    const res = await s.call('DELETE', `/api/admin/lookbook-images/${look.id}`, undefined, { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ imageId: look.id, status: 'viewable', leftShowcase: true });
    expect(await row(look.id)).toEqual({ status: 'viewable', curated_by: 'admin', in_showcase: false, showcase_at: null });
    expect((await get('/api/admin/showcase-items')).body.total).toBe(0);
    expect((await get('/api/admin/lookbook-images')).body.images.map((i: { id: string }) => i.id)).not.toContain(look.id);
    expect((await carousel())[0]).not.toBe(look.id);
    expect((await s.call('GET', '/api/lookbook/stats')).body.totalLooks).toBe(statsBefore - 1);
    expect(await auditOf('admin.showcase.removeFromLookbook', look.id)).toEqual([expect.objectContaining({ actor: 'ops', target_type: 'image' })]);

    // Its combination now has no LookBook look, and it is the best of it; curation still leaves it out.
    const control = (await makeLook(s.db.db, { combination: { gender: 'male', occasion: 'party' } })).id;
    await s.db.db.updateTable('generated_images').set({ quality_score: 90 }).where('id', '=', control).execute();
    const report = await curateLookbook(s.db.db, 1000);
    expect(report.curated).toBeGreaterThanOrEqual(1);
    expect((await row(control)).status).toBe('lookbook');
    expect(await row(look.id)).toMatchObject({ status: 'viewable', curated_by: 'admin', in_showcase: false });

    const again = await s.call('DELETE', `/api/admin/lookbook-images/${look.id}`, undefined, { token });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('not_in_lookbook');
    expect((await s.call('DELETE', `/api/admin/lookbook-images/${crypto.randomUUID()}`, undefined, { token })).status).toBe(404);
  });
});
