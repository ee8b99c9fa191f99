import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrapAdmin } from '@drape/auth';
import { ensureMatrix } from '@drape/boot';
import { CLEANUP_LOCK } from '@drape/operations';
import { insertWardrobeItem } from '@drape/db';
import type { Combination } from '@drape/contracts';
import { copyLook, stockLook } from './testing/looks';
import { startTestServer, type TestServer } from './testing/harness';
import { archive, publish } from '@drape/looks';

/**
 * The admin Image Gallery through the real server (settings-and-admin §2.2, §7.2): every path with
 * an admin token, its real effect on the rows and files, bad input, and each action's audit row.
 */
let s: TestServer;
let token: string;

interface Look { id: string; created: Date; code: string; gender: string; kind: string; selection: string; vibe: string | null; shape: string | null; tone: string | null; status: string }
/** Every look of this file's server, as the database holds it. */
let looks: Look[] = [];

const RENDERED: Combination[] = [
  { gender: 'female', trend: 'boho_chic', styleVibe: 'playful', bodyShape: 'pear', skinTone: 'fair' },
  { gender: 'male', trend: 'denim', styleVibe: 'casual', bodyShape: 'rectangle', skinTone: 'deep' },
  { gender: 'female', palette: 'sunset_sorbet', styleVibe: 'elegant', bodyShape: 'hourglass', skinTone: 'medium' },
  { gender: 'male', occasion: 'office', styleVibe: 'elegant', bodyShape: 'rectangle', skinTone: 'fair' },
  { gender: 'female', occasion: 'party', styleVibe: 'contemporary', bodyShape: 'pear', skinTone: 'deep' },
  { gender: 'male', palette: 'ocean_depths', styleVibe: 'casual', bodyShape: 'hourglass', skinTone: 'medium' },
];
const COPIES = 4;

async function reload() {
  const rows = await s.db.db.selectFrom('generated_images')
    .select(['id', 'created_at', 'combination_code', 'gender', 'selection_kind', 'selection_id', 'style_vibe', 'body_shape', 'skin_tone', 'status'])
    .execute();
  looks = rows.map((r) => ({
    id: r.id, created: r.created_at, code: r.combination_code, gender: r.gender, kind: r.selection_kind, selection: r.selection_id,
    vibe: r.style_vibe, shape: r.body_shape, tone: r.skin_tone, status: r.status,
  }));
}

beforeAll(async () => {
  s = await startTestServer({ PROMO_CODES: 'ICON:fashion_icon' });
  await ensureMatrix(s.db.db);
  await bootstrapAdmin(s.db.db, 'ops', 'correct horse');
  token = (await s.call('POST', '/api/admin/login', { adminKey: 'ops', password: 'correct horse' })).body.token;
  const rendered: string[] = [];
  for (const c of RENDERED) rendered.push(await stockLook(s, c));
  for (const id of rendered) for (let i = 0; i < COPIES; i++) await copyLook(s, id, new Date());
  // Distinct creation times, a minute apart, in an order unrelated to the combinations; a few in the LookBook.
  const all = (await s.db.db.selectFrom('generated_images').select('id').orderBy('id').execute()).map((r) => r.id);
  const start = Date.now() - 86_400_000;
  for (const [i, id] of all.entries()) {
    await s.db.db.updateTable('generated_images').set({ created_at: new Date(start + ((i * 7) % all.length) * 60_000), quality_score: 90 } as never).where('id', '=', id).execute();
  }
  await publish(s.db.db, all.slice(0, 5), { by: 'admin' });
  await archive(s.db.db, all.slice(5, 7));
  await reload();
}, 180_000);
afterAll(() => s.close());

const get = (path: string) => s.call('GET', path, undefined, { token });
const newest = (keep: (l: Look) => boolean = () => true) =>
  looks.filter(keep).sort((a, b) => b.created.getTime() - a.created.getTime() || (a.id < b.id ? 1 : -1)).map((l) => l.id);
const ids = (res: { body: { images: { id: string }[] } }) => res.body.images.map((i) => i.id);
const auditRow = (action: string, targetId: string) =>
  s.db.db.selectFrom('admin_audit_log').selectAll().where('action', '=', action).where('target_id', '=', targetId).executeTakeFirst();

describe('GET /api/admin/images', () => {
  it('pages every look newest first, 20 a page, with the spec fields', async () => {
    const first = await get('/api/admin/images');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ page: 1, limit: 20, hasMore: true });
    expect(ids(first)).toEqual(newest().slice(0, 20));
    const second = await get('/api/admin/images?page=2&limit=20');
    expect(ids(second)).toEqual(newest().slice(20, 40));
    expect(second.body.hasMore).toBe(newest().length > 40);
    const image = first.body.images[0];
    const look = looks.find((l) => l.id === image.id)!;
    expect(image).toMatchObject({
      combination_code: look.code, gender: look.gender, status: look.status, quality_score: 90, watermarked: true, is_premium: false,
      image_url: expect.stringMatching(/^\/media\//), s3_url: expect.stringMatching(/^\/media\//), thumbnail_url: expect.stringMatching(/^\/media\//),
      created_at: look.created.toISOString(),
      // What the card's srcset and alt text read.
      width: 768, height: 1024,
      pieces: await s.db.db.selectFrom('fashion_items').select(['name', 'color']).where('image_id', '=', image.id).orderBy('position').execute(),
    });
    const file = await fetch(`${s.url}${image.thumbnail_url}`);
    expect(file.status).toBe(200);
  });

  it('sorts oldest first, and pages past the end to an empty page', async () => {
    const oldest = newest().reverse();
    expect(ids(await get('/api/admin/images?sort=oldest&limit=7'))).toEqual(oldest.slice(0, 7));
    expect(ids(await get('/api/admin/images?sort=oldest&limit=7&page=3'))).toEqual(oldest.slice(14, 21));
    expect((await get('/api/admin/images?page=50')).body).toMatchObject({ images: [], hasMore: false });
  });

  const single: [string, string, (l: Look) => boolean][] = [
    ['status', 'status=lookbook', (l) => l.status === 'lookbook'],
    ['archived status', 'status=archived', (l) => l.status === 'archived'],
    ['gender', 'gender=male', (l) => l.gender === 'male'],
    ['skin tone', 'skinTone=fair', (l) => l.tone === 'fair'],
    ['body shape', 'bodyShape=Pear', (l) => l.shape === 'pear'],
    ['occasion', 'occasion=office', (l) => l.kind === 'occasion' && l.selection === 'office'],
    ['style vibe', 'styleVibe=elegant', (l) => l.vibe === 'elegant'],
    ['season', 'season=sunset_sorbet', (l) => l.kind === 'palette' && l.selection === 'sunset_sorbet'],
  ];
  it.each(single)('filters by %s', async (_name, query, keep) => {
    const expected = newest(keep);
    expect(expected.length).toBeGreaterThan(0);
    const res = await get(`/api/admin/images?${query}&limit=100`);
    expect(res.status).toBe(200);
    expect(ids(res)).toEqual(expected);
    // Paged the same way.
    expect(ids(await get(`/api/admin/images?${query}&limit=3&page=2&sort=oldest`))).toEqual([...expected].reverse().slice(3, 6));
  });

  it('combines filters, and omits the ones that say all', async () => {
    const both = newest((l) => l.gender === 'female' && l.vibe === 'elegant');
    expect(both.length).toBeGreaterThan(0);
    expect(ids(await get('/api/admin/images?gender=female&styleVibe=elegant&limit=100&skinTone=all&status='))).toEqual(both);
    const three = newest((l) => l.tone === 'fair' && l.shape === 'rectangle' && l.status === 'viewable');
    expect(ids(await get('/api/admin/images?skinTone=fair&bodyShape=rectangle&status=viewable&limit=100'))).toEqual(three);
    // A look has one selection: an occasion and a season together match nothing.
    expect((await get('/api/admin/images?occasion=office&season=ocean_depths')).body).toMatchObject({ images: [], hasMore: false });
  });

  it('searches by combination code, a name, and a look id', async () => {
    const code = RENDERED[1] && looks.find((l) => l.kind === 'trend' && l.selection === 'denim')!.code;
    expect(ids(await get(`/api/admin/images?search=${encodeURIComponent(code!)}&limit=100`))).toEqual(newest((l) => l.code === code));
    expect(ids(await get('/api/admin/images?search=boho&limit=100'))).toEqual(newest((l) => l.selection === 'boho_chic'));
    expect(ids(await get('/api/admin/images?search=Elegant&gender=male&limit=100'))).toEqual(newest((l) => l.vibe === 'elegant' && l.gender === 'male'));
    // 'male' is not a part of 'female'.
    expect(ids(await get('/api/admin/images?search=male&limit=100'))).toEqual(newest((l) => l.gender === 'male'));
    const one = looks[3]!;
    expect(ids(await get(`/api/admin/images?search=${one.id}`))).toEqual([one.id]);
    // With a filter it does not pass: nothing.
    expect(ids(await get(`/api/admin/images?search=${one.id}&gender=${one.gender === 'male' ? 'female' : 'male'}`))).toEqual([]);
    expect(ids(await get(`/api/admin/images?search=${one.id}&gender=${one.gender}`))).toEqual([one.id]);
    expect((await get('/api/admin/images?search=nothing-like-this')).body).toMatchObject({ images: [], hasMore: false });
  });

  it('refuses bad input with 400 and the field', async () => {
    for (const [query, field] of [['limit=101', 'limit'], ['page=0', 'page'], ['sort=best', 'sort'], ['status=pending', 'status'], ['occasion=picnic', 'picnic'], ['skinTone=blue', 'blue'], ['page=10000&limit=100', 'page']]) {
      const res = await get(`/api/admin/images?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.error).toBe('invalid_input');
      expect(res.body.message).toContain(field);
    }
  });
});

describe('GET /api/admin/filter-options', () => {
  it('answers the catalog choices', async () => {
    const res = await get('/api/admin/filter-options');
    expect(res.status).toBe(200);
    expect(res.body.genders).toEqual([{ id: 'female', name: 'Female' }, { id: 'male', name: 'Male' }]);
    expect(res.body.skinTones[0]).toEqual({ id: 'fair', name: 'Fair', emoji: expect.any(String) });
    expect(res.body.styleVibes[0]).toEqual({ id: 'playful', name: 'Playful', short_name: 'Play' });
    expect(res.body.seasons.map((x: { id: string }) => x.id)).toEqual(['sunset_sorbet', 'ocean_depths', 'botanic_pop', 'minimal_heat']);
    expect(res.body.occasions.map((x: { name: string }) => x.name)).toContain('Office');
    expect(res.body.bodyShapes.length).toBeGreaterThan(2);
  });
});

describe('GET /api/admin/combo-details/:combinationCode', () => {
  it("answers a combination's names, prompt, counts and severity", async () => {
    const look = looks.find((l) => l.kind === 'palette' && l.selection === 'sunset_sorbet')!;
    const res = await get(`/api/admin/combo-details/${look.code}`);
    expect(res.status).toBe(200);
    const mine = looks.filter((l) => l.code === look.code);
    expect(res.body).toMatchObject({
      combinationCode: look.code, gender: 'Female', selection: { kind: 'palette', id: 'sunset_sorbet', name: 'Sunset Sorbet' },
      styleVibe: 'Elegant', bodyShape: 'Hourglass', skinTone: 'Medium', active: true, prompt: expect.any(String),
      images: { total: mine.length, viewable: mine.filter((l) => l.status === 'viewable').length, lookbook: mine.filter((l) => l.status === 'lookbook').length },
      severity: expect.stringMatching(/^SEV-[1-5]$/),
    });
    expect((await get('/api/admin/combo-details/female.trend.nothing.any.any.any')).status).toBe(404);
  });
});

describe('POST /api/admin/images/:id/make-public', () => {
  it('puts the look in the LookBook of a Fashion Icon, once, with its audit row', async () => {
    const look = looks.find((l) => l.status === 'viewable')!;
    // The landing's blurb, answered and kept by this server: the change must show at once (it was a minute).
    const stats = async () => (await s.call('GET', '/api/lookbook/stats')).body.totalLooks as number;
    const inLookbook = await stats();
    const res = await s.call('POST', `/api/admin/images/${look.id}/make-public`, undefined, { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: look.id, status: 'lookbook', changed: true });
    const row = await s.db.db.selectFrom('generated_images').select(['status', 'curated_by', 'lookbook_at']).where('id', '=', look.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'lookbook', curated_by: 'admin' });
    expect(row.lookbook_at).not.toBeNull();
    expect(await stats()).toBe(inLookbook + 1);
    const icon = await s.register({ promoCode: 'ICON' });
    const lookbook = await s.call('GET', '/api/siims/lookbook', undefined, { token: icon.token });
    expect(lookbook.body.looks[0].id).toBe(look.id);

    const audit = await auditRow('admin.gallery.makePublic', look.id);
    // A look is audited as an image, whichever area changes it (the showcase's calls say the same).
    expect(audit).toMatchObject({ actor: 'ops', actor_kind: 'admin', target_type: 'image' });
    // Already public: the same answer, nothing changed.
    expect((await s.call('POST', `/api/admin/images/${look.id}/make-public`, undefined, { token })).body).toEqual({ id: look.id, status: 'lookbook', changed: false });
    await reload();
  });

  it('answers 404 for an unknown look and 400 for a bad id, writing no audit row', async () => {
    const before = await s.db.db.selectFrom('admin_audit_log').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    expect((await s.call('POST', '/api/admin/images/00000000-0000-4000-8000-000000000009/make-public', undefined, { token })).status).toBe(404);
    const bad = await s.call('POST', '/api/admin/images/not-an-id/make-public', undefined, { token });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('invalid_input');
    const after = await s.db.db.selectFrom('admin_audit_log').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });
});

describe('DELETE /api/admin/images/:id', () => {
  it('deletes the rows and the files, for good, with its audit row', async () => {
    const id = await stockLook(s, { gender: 'female', occasion: 'lounge', styleVibe: 'casual', bodyShape: 'pear', skinTone: 'medium' });
    const row = await s.db.db.selectFrom('generated_images').select(['storage_key', 'thumb_key', 'combination_code']).where('id', '=', id).executeTakeFirstOrThrow();
    const count = async () => (await s.db.db.selectFrom('combinations').select('image_count').where('code', '=', row.combination_code).executeTakeFirstOrThrow()).image_count;
    const before = await count();
    const viewer = await s.register();
    await s.db.db.insertInto('image_views').values({ user_id: viewer.user.id, image_id: id }).execute();
    expect(await s.storage.exists('public', row.storage_key)).toBe(true);

    const res = await s.call('DELETE', `/api/admin/images/${id}`, undefined, { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id, deleted: true, files: 2 });
    expect(await s.db.db.selectFrom('generated_images').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
    expect(await s.db.db.selectFrom('fashion_items').select('id').where('image_id', '=', id).execute()).toEqual([]);
    expect(await s.db.db.selectFrom('image_views').select('user_id').where('image_id', '=', id).execute()).toEqual([]);
    expect(await s.storage.exists('public', row.storage_key)).toBe(false);
    expect(await s.storage.exists('public', row.thumb_key)).toBe(false);
    expect(await count()).toBe(before - 1);
    expect(await auditRow('admin.gallery.remove', id)).toMatchObject({ actor: 'ops', target_type: 'image' });
    expect((await s.call('DELETE', `/api/admin/images/${id}`, undefined, { token })).status).toBe(404);
  });

  it('refuses while a wardrobe holds the look, naming how many, and changes nothing', async () => {
    const id = await stockLook(s, { gender: 'male', occasion: 'lounge', styleVibe: 'casual', bodyShape: 'pear', skinTone: 'medium' });
    const key = (await s.db.db.selectFrom('generated_images').select('storage_key').where('id', '=', id).executeTakeFirstOrThrow()).storage_key;
    for (let i = 0; i < 2; i++) await insertWardrobeItem(s.db.db, (await s.register()).user.id, id);
    const res = await s.call('DELETE', `/api/admin/images/${id}`, undefined, { token });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: 'image_in_wardrobe', message: 'This look is saved in 2 wardrobes: it cannot be deleted while a user keeps it.' });
    expect(await s.db.db.selectFrom('generated_images').select('id').where('id', '=', id).executeTakeFirst()).toBeDefined();
    expect(await s.storage.exists('public', key)).toBe(true);
    expect(await auditRow('admin.gallery.remove', id)).toBeUndefined();
  });
});

describe('POST /api/admin/cleanup-low-quality', () => {
  it('is busy while another cleanup runs', async () => {
    // Another process's cleanup: the lock held on a connection of its own.
    const other = await s.db.pool.connect();
    try {
      await other.query('select pg_advisory_lock(hashtext($1))', [CLEANUP_LOCK]);
      const res = await s.call('POST', '/api/admin/cleanup-low-quality', undefined, { token });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ error: 'system_busy', message: 'System is currently busy. Please wait and try again.' });
      expect(await s.db.db.selectFrom('admin_audit_log').select('id').where('action', '=', 'admin.gallery.cleanupLowQuality').execute()).toEqual([]);
    } finally {
      await other.query('select pg_advisory_unlock(hashtext($1))', [CLEANUP_LOCK]);
      other.release();
    }
  });

  it('deletes the looks under 65 (female, fair skin) and 70 (the others), with the counts and its audit row', async () => {
    const female = await stockLook(s, { gender: 'female', trend: 'polka', styleVibe: 'casual', bodyShape: 'pear', skinTone: 'fair' });
    const femaleKept = await stockLook(s, { gender: 'female', trend: 'polka', styleVibe: 'elegant', bodyShape: 'pear', skinTone: 'fair' });
    const male = await stockLook(s, { gender: 'male', trend: 'polka', styleVibe: 'casual', bodyShape: 'pear', skinTone: 'fair' });
    await s.db.db.updateTable('generated_images').set({ quality_score: 90 }).execute();
    await s.db.db.updateTable('generated_images').set({ quality_score: 64 }).where('id', '=', female).execute();
    await s.db.db.updateTable('generated_images').set({ quality_score: 66 }).where('id', '=', femaleKept).execute();
    await s.db.db.updateTable('generated_images').set({ quality_score: 69 }).where('id', '=', male).execute();
    const res = await s.call('POST', '/api/admin/cleanup-low-quality', undefined, { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ totalDeleted: 2, femaleFairDeleted: 1, othersDeleted: 1 });
    const left = (await s.db.db.selectFrom('generated_images').select('id').where('id', 'in', [female, femaleKept, male]).execute()).map((r) => r.id);
    expect(left).toEqual([femaleKept]);
    const audit = await s.db.db.selectFrom('admin_audit_log').selectAll().where('action', '=', 'admin.gallery.cleanupLowQuality').executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ actor: 'ops', target_id: null });
    expect(audit.details).toMatchObject({ result: { totalDeleted: 2, femaleFairDeleted: 1, othersDeleted: 1 } });
  });
});
