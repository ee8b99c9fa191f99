import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Combination } from '@drape/contracts';
import { SHOWCASE_CAP, SHOWCASE_PAGE_SIZE } from '@drape/contracts/admin';
import { landingShowcase } from '../catalog/showcase.service';
import { createTestServices, type TestServices } from '../testing/services';
import { addToShowcase, lookbookImages, removeFromLookbook, removeFromShowcase, showcaseItems } from './showcase.service';
import { insertLooksInBulk, makeLook } from '@drape/looks/testing';

let t: TestServices;
beforeAll(async () => {
  t = await createTestServices();
});
afterAll(() => t.close());
beforeEach(async () => {
  // Truncate: a delete of the 100,000-look test's rows would run their triggers one by one.
  await sql`truncate generated_images cascade`.execute(t.db.db);
});

const deps = () => ({ db: t.db.db, config: { CDN_BASE_URL: undefined } });

/** A stored look (makeLook: rows only, the files do not matter here); LookBook looks enter it `minutesAgo`. */
async function look(c: Combination, opts: { status?: 'viewable' | 'lookbook'; minutesAgo?: number } = {}): Promise<{ id: string; code: string }> {
  const status = opts.status ?? 'lookbook';
  const made = await makeLook(t.db.db, {
    combination: c, status, qualityScore: 80,
    ...(status === 'lookbook' ? { lookbookAt: new Date(Date.now() - (opts.minutesAgo ?? 0) * 60_000) } : {}),
  });
  return { id: made.id, code: made.code };
}

const denim = (gender: 'female' | 'male' = 'female'): Combination => ({ gender, trend: 'denim' });
const fresh = { maxAgeMs: 60_000 };

describe('the LookBook list of the showcase manager', () => {
  it('pages the LookBook newest first, 24 a page, with the gender filter and each look in or out of the showcase', async () => {
    const looks = [];
    for (let i = 0; i < SHOWCASE_PAGE_SIZE + 2; i++) looks.push(await look(denim(i % 2 ? 'male' : 'female'), { minutesAgo: i }));
    await look(denim(), { status: 'viewable' });
    await addToShowcase(deps(), { imageId: looks[1]!.id, combinationCode: looks[1]!.code });

    const first = await lookbookImages(deps(), { page: 1 });
    expect(first.images.map((i) => i.id)).toEqual(looks.slice(0, SHOWCASE_PAGE_SIZE).map((l) => l.id));
    expect(first.hasMore).toBe(true);
    expect(first.images[1]).toMatchObject({ imageUrl: expect.stringMatching(/^\/media\/looks\/[\w-]+\.thumb\.webp$/), combinationCode: looks[1]!.code, gender: 'male', name: 'Denim', inShowcase: true });
    expect(first.images.filter((i) => i.inShowcase)).toHaveLength(1);
    const second = await lookbookImages(deps(), { page: 2 });
    expect(second).toMatchObject({ page: 2, hasMore: false });
    expect(second.images.map((i) => i.id)).toEqual(looks.slice(SHOWCASE_PAGE_SIZE).map((l) => l.id));

    const men = await lookbookImages(deps(), { page: 1, gender: 'male' });
    expect(men.images.map((i) => i.id)).toEqual(looks.filter((_, i) => i % 2).map((l) => l.id));
    expect(men.hasMore).toBe(false);
  });

  it('reads a page by an index range of the LookBook, never by scanning or sorting the table (100,000 LookBook looks)', async () => {
    const seed = await look(denim());
    await insertLooksInBulk(t.db.db, [
      'job_id', 'combination_code', 'gender', 'selection_kind', 'selection_id', 'status', 'storage_key', 'thumb_key',
      'width', 'height', 'bytes', 'quality_score', 'quality', 'safety_score', 'seed', 'prompt', 'provider', 'created_at', 'lookbook_at',
    ], sql`
      select 'bulk-' || g, ${seed.code}, case when g % 4 = 0 then 'male' else 'female' end, 'trend', 'denim',
        'lookbook', 'k', 'k', 768, 1024, 1, 80, '{}', 0, g, 'p', 'test', now() - g * interval '1 second', now() - g * interval '1 second'
      from generate_series(1, 100000) g`);
    // Inventory looks, which the LookBook's partial indexes leave out.
    await sql`
      insert into generated_images (job_id, combination_code, gender, selection_kind, selection_id, storage_key, thumb_key,
        width, height, bytes, quality_score, quality, safety_score, seed, prompt, provider)
      select 'inv-' || g, ${seed.code}, 'male', 'trend', 'denim', 'k', 'k', 768, 1024, 1, 80, '{}', 0, g, 'p', 'test'
      from generate_series(1, 20000) g`.execute(t.db.db);
    await sql`vacuum analyze generated_images`.execute(t.db.db);
    const { n: inLookbook } = await t.db.db.selectFrom('generated_images').select((eb) => eb.fn.countAll<string>().as('n')).where('status', '=', 'lookbook').executeTakeFirstOrThrow();
    expect(Number(inLookbook)).toBeGreaterThan(100_000);

    const explain = async (gender?: 'male') => {
      let q = t.db.db.selectFrom('generated_images').select('id').where('status', '=', sql.lit('lookbook'));
      if (gender) q = q.where('gender', '=', gender);
      const compiled = q.orderBy('lookbook_at', 'desc').orderBy('id', 'desc').offset(2000 * SHOWCASE_PAGE_SIZE).limit(SHOWCASE_PAGE_SIZE + 1).compile();
      const { rows } = await t.db.db.executeQuery<{ 'QUERY PLAN': string }>({ ...compiled, sql: `explain ${compiled.sql}` });
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    };
    for (const [plan, index] of [[await explain(), 'lookbook_newest'], [await explain('male'), 'lookbook_gender']] as const) {
      expect(plan).toContain(`Index Only Scan using ${index}`);
      expect(plan).not.toContain('Seq Scan');
      expect(plan).not.toContain('Sort');
    }
    for (const [page, gender] of [[1, undefined], [4000, undefined], [1, 'male'], [1000, 'male']] as const) {
      const started = performance.now();
      const answer = await lookbookImages(deps(), { page, gender });
      console.info(`The manager's LookBook page ${page}${gender ? ` (${gender})` : ''}: ${Math.round(performance.now() - started)} ms`);
      expect(answer.images).toHaveLength(SHOWCASE_PAGE_SIZE);
    }
  }, 120_000);
});

describe('the showcase', () => {
  it('takes a LookBook look once, newest addition first, and lets it go', async () => {
    const a = await look(denim());
    const b = await look(denim('male'));
    expect(await addToShowcase(deps(), { imageId: a.id, combinationCode: a.code })).toEqual({ imageId: a.id, added: true, total: 1 });
    expect(await addToShowcase(deps(), { imageId: b.id, combinationCode: b.code })).toEqual({ imageId: b.id, added: true, total: 2 });
    // Adding twice changes nothing: not the order, not the time it joined.
    const before = await showcaseItems(deps(), { page: 1 });
    expect(await addToShowcase(deps(), { imageId: a.id, combinationCode: a.code })).toEqual({ imageId: a.id, added: false, total: 2 });
    const items = await showcaseItems(deps(), { page: 1 });
    expect(items).toEqual(before);
    expect(items).toMatchObject({ total: 2, cap: SHOWCASE_CAP, hasMore: false, page: 1 });
    expect(items.items.map((i) => [i.imageId, i.position])).toEqual([[b.id, 1], [a.id, 2]]);
    expect(items.items[0]).toMatchObject({ combinationCode: b.code, gender: 'male', name: 'Denim', imageUrl: expect.stringMatching(/^\/media\//) });

    expect(await removeFromShowcase(deps(), { imageId: b.id })).toEqual({ imageId: b.id, removed: true });
    expect(await removeFromShowcase(deps(), { imageId: b.id })).toEqual({ imageId: b.id, removed: false });
    expect((await showcaseItems(deps(), { page: 1 })).items.map((i) => i.imageId)).toEqual([a.id]);
  });

  it('refuses a look outside the LookBook, a missing look and a code that is not the look\'s, changing nothing', async () => {
    const inventory = await look(denim(), { status: 'viewable' });
    const lookbook = await look(denim('male'));
    await expect(addToShowcase(deps(), { imageId: inventory.id, combinationCode: inventory.code })).rejects.toMatchObject({ appCode: 'not_in_lookbook', status: 409 });
    await expect(addToShowcase(deps(), { imageId: lookbook.id, combinationCode: inventory.code })).rejects.toMatchObject({ appCode: 'combination_mismatch', status: 400 });
    await expect(addToShowcase(deps(), { imageId: crypto.randomUUID(), combinationCode: lookbook.code })).rejects.toMatchObject({ appCode: 'not_found', status: 404 });
    await expect(removeFromShowcase(deps(), { imageId: crypto.randomUUID() })).rejects.toMatchObject({ appCode: 'not_found' });
    expect((await showcaseItems(deps(), { page: 1 })).total).toBe(0);
  });

  it(`holds at most ${SHOWCASE_CAP} looks, the carousel's`, async () => {
    const looks = [];
    for (let i = 0; i <= SHOWCASE_CAP; i++) looks.push(await look(denim()));
    for (const l of looks.slice(0, SHOWCASE_CAP)) await addToShowcase(deps(), { imageId: l.id, combinationCode: l.code });
    const last = looks[SHOWCASE_CAP]!;
    await expect(addToShowcase(deps(), { imageId: last.id, combinationCode: last.code })).rejects.toMatchObject({
      appCode: 'showcase_full', status: 409, message: `The showcase is full (${SHOWCASE_CAP} looks, the landing carousel). Remove a look first.`,
    });
    // Adding one already there is still fine when full.
    expect((await addToShowcase(deps(), { imageId: looks[0]!.id, combinationCode: looks[0]!.code })).added).toBe(false);
    await removeFromShowcase(deps(), { imageId: looks[0]!.id });
    expect((await addToShowcase(deps(), { imageId: last.id, combinationCode: last.code })).added).toBe(true);
  });

  it('shows on the landing carousel at once, though the landing answer was cached', async () => {
    const a = await look(denim());
    const b = await look(denim('male'));
    // The automatic pick, cached for a minute: it leads with the other look.
    const auto = (await landingShowcase(t.db.db, deps().config, fresh)).carousel.map((l) => l.id);
    expect(auto.sort()).toEqual([a.id, b.id].sort());
    await sql`update generated_images set quality_score = 99 where id = ${b.id}`.execute(t.db.db);
    await addToShowcase(deps(), { imageId: a.id, combinationCode: a.code });
    expect((await landingShowcase(t.db.db, deps().config, fresh)).carousel[0]!.id).toBe(a.id);
    await addToShowcase(deps(), { imageId: b.id, combinationCode: b.code });
    expect((await landingShowcase(t.db.db, deps().config, fresh)).carousel.map((l) => l.id).slice(0, 2)).toEqual([b.id, a.id]);
    await removeFromShowcase(deps(), { imageId: b.id });
    expect((await landingShowcase(t.db.db, deps().config, fresh)).carousel[0]!.id).toBe(a.id);
  });
});

describe('taking a look out of the LookBook', () => {
  it('puts it back in the inventory as the admin\'s decision, out of the showcase and off the carousel', async () => {
    const a = await look(denim());
    await addToShowcase(deps(), { imageId: a.id, combinationCode: a.code });
    expect((await landingShowcase(t.db.db, deps().config, fresh)).carousel[0]!.id).toBe(a.id);
    expect(await removeFromLookbook(deps(), { imageId: a.id })).toEqual({ imageId: a.id, status: 'viewable', leftShowcase: true });
    const row = await t.db.db.selectFrom('generated_images').select(['status', 'curated_by', 'in_showcase', 'showcase_at', 'lookbook_at']).where('id', '=', a.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'viewable', curated_by: 'admin', in_showcase: false, showcase_at: null, lookbook_at: null });
    expect((await showcaseItems(deps(), { page: 1 })).total).toBe(0);
    await expect(removeFromLookbook(deps(), { imageId: a.id })).rejects.toMatchObject({ appCode: 'not_in_lookbook', status: 409 });
    await expect(removeFromLookbook(deps(), { imageId: crypto.randomUUID() })).rejects.toMatchObject({ appCode: 'not_found' });
  });
});
