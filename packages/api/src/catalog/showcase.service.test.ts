import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { GENDERS, OCCASIONS, PALETTES, TRENDS, type Combination, type Gender } from '@drape/contracts';
import { LANDING_CAROUSEL_LOOKS } from '@drape/contracts/landing';
import { createTestDatabase, type TestDatabase } from '@drape/db/testing';
import { feature } from '@drape/looks';
import { insertLooksInBulk, makeLook } from '@drape/looks/testing';
import { BEST_OF_NEWEST, bestPerCombinationQuery, forgetLandingAnswers, landingShowcase, lookbookStats } from './showcase.service';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());
beforeEach(async () => {
  await db.db.deleteFrom('generated_images').execute();
});

const config = { CDN_BASE_URL: undefined };
const fresh = { maxAgeMs: 0 };

type Look = { status?: 'viewable' | 'lookbook' | 'archived'; quality?: number; showcase?: boolean; ageMinutes?: number };

/** A stored look of the combination (makeLook: rows only, the files do not matter here). */
async function look(c: Combination, opts: Look = {}): Promise<{ id: string; thumb: string; key: string }> {
  const status = opts.status ?? 'viewable';
  const made = await makeLook(db.db, {
    combination: c, status, qualityScore: opts.quality ?? 50, createdAt: new Date(Date.now() - (opts.ageMinutes ?? 0) * 60_000),
  });
  // Asked of a look outside the LookBook, the showcase refuses it.
  if (opts.showcase) await feature(db.db, made.id);
  return { id: made.id, thumb: made.thumbKey, key: made.key };
}

const trend = (gender: Gender, id: (typeof TRENDS)[number]['id']): Combination => ({ gender, trend: id });
const palette = (gender: Gender, id: (typeof PALETTES)[number]['id']): Combination => ({ gender, palette: id });
const occasion = (gender: Gender, id: (typeof OCCASIONS)[number]['id']): Combination => ({ gender, occasion: id });

/** Every active trend, palette and occasion, in both genders. */
const everySelection = (): Combination[] => GENDERS.flatMap((g) => [
  ...TRENDS.filter((t) => t.active).map((t) => trend(g, t.id)),
  ...PALETTES.map((p) => palette(g, p.id)),
  ...OCCASIONS.filter((o) => o.isActive).map((o) => occasion(g, o.id)),
]);

describe('landing showcase', () => {
  it('answers the catalog lists without pictures and an empty carousel when nothing is stocked', async () => {
    const answer = await landingShowcase(db.db, config, fresh);
    expect(answer.monthlyTrends.map((i) => i.itemName)).toEqual(['Boho Chic', 'Animal Print Explosion', 'Denim', 'Polka', 'Nautical Chic']);
    expect(answer.seasonColors.map((i) => i.itemName)).toEqual(['Sunset Sorbet', 'Ocean Depths', 'Botanic Pop', 'Minimal Heat']);
    expect(answer.occasions.map((i) => i.itemName)).toEqual(['Date', 'Party', 'Office', 'Athleisure', 'Lounge', 'GoingOut']);
    expect([...answer.monthlyTrends, ...answer.seasonColors, ...answer.occasions].every((i) => i.imageUrl === null)).toBe(true);
    expect(answer.carousel).toEqual([]);
  });

  it('pictures an entry with its curated look, else its best LookBook look, else its best inventory look', async () => {
    await look(trend('female', 'denim'), { quality: 90 });
    const lookbook = await look(trend('male', 'denim'), { status: 'lookbook', quality: 60 });
    const curated = await look(trend('female', 'polka'), { showcase: true, status: 'lookbook', quality: 10 });
    await look(trend('female', 'polka'), { status: 'lookbook', quality: 95 });
    const inventory = await look(palette('male', 'ocean_depths'), { quality: 70 });
    await look(palette('male', 'ocean_depths'), { quality: 40 });
    await look(occasion('female', 'office'), { status: 'archived', quality: 99 });
    const answer = await landingShowcase(db.db, config, fresh);
    const url = (list: { itemName: string; imageUrl: string | null }[], name: string) => list.find((i) => i.itemName === name)?.imageUrl;
    expect(url(answer.monthlyTrends, 'Denim')).toBe(`/media/${lookbook.thumb}`);
    expect(url(answer.monthlyTrends, 'Polka')).toBe(`/media/${curated.thumb}`);
    expect(url(answer.seasonColors, 'Ocean Depths')).toBe(`/media/${inventory.thumb}`);
    expect(url(answer.occasions, 'Office')).toBeNull();
  });

  it('fills the carousel with curated looks first, then the LookBook, then the inventory, one selection after another', async () => {
    for (const c of everySelection()) await look(c, { quality: 40 });
    const lookbook = [await look(occasion('male', 'party'), { status: 'lookbook' }), await look(palette('female', 'botanic_pop'), { status: 'lookbook' })];
    // Only LookBook looks are in the showcase (migration 0013's trigger).
    const curated = await look(trend('male', 'boho_chic'), { showcase: true, status: 'lookbook' });
    const answer = await landingShowcase(db.db, config, fresh);
    expect(answer.carousel).toHaveLength(LANDING_CAROUSEL_LOOKS);
    expect(answer.carousel[0]).toEqual({
      id: curated.id, imageUrl: `/media/${curated.thumb}`, fullImageUrl: `/media/${curated.key}`, width: 768, height: 1024, name: 'Boho Chic', kind: 'trend', gender: 'male',
      pieces: [{ name: 'Navy blazer', color: 'navy' }],
    });
    expect(answer.carousel.slice(1, 3).map((l) => l.id).sort()).toEqual(lookbook.map((l) => l.id).sort());
    // With every selection stocked, fifteen looks show the fifteen trends, palettes and occasions,
    // the inventory's taken a trend, a palette, an occasion at a time.
    expect(new Set(answer.carousel.map((l) => `${l.kind}:${l.name}`)).size).toBe(LANDING_CAROUSEL_LOOKS);
    expect(new Set(answer.carousel.slice(3, 6).map((l) => l.kind)).size).toBe(3);
    expect(answer.carousel.slice(3).map((l) => l.gender)).toContain('female');
    expect(answer.carousel.slice(3).map((l) => l.gender)).toContain('male');
  });

  it('takes the best-scored of the newest looks of a combination, not an older one', async () => {
    const old = await look(trend('female', 'denim'), { status: 'lookbook', quality: 99, ageMinutes: 60 });
    for (let i = 0; i < BEST_OF_NEWEST; i++) await look(trend('female', 'denim'), { status: 'lookbook', quality: 30 + i, ageMinutes: 30 - i });
    const answer = await landingShowcase(db.db, config, fresh);
    expect(answer.carousel).toHaveLength(1);
    expect(answer.carousel[0]!.id).not.toBe(old.id);
    const best = await db.db.selectFrom('generated_images').select('id').where('quality_score', '=', 30 + BEST_OF_NEWEST - 1).executeTakeFirstOrThrow();
    expect(answer.carousel[0]!.id).toBe(best.id);
  });

  it('reads each combination through the selection index, never by scanning or sorting the table', async () => {
    for (const c of everySelection()) await look(c);
    // 21,000 looks, so that the planner weighs the table as it will in production.
    await insertLooksInBulk(db.db, [
      'job_id', 'combination_code', 'gender', 'selection_kind', 'selection_id', 'status', 'storage_key', 'thumb_key',
      'width', 'height', 'bytes', 'quality_score', 'quality', 'safety_score', 'seed', 'prompt', 'provider', 'created_at',
    ], sql`
      select 'bulk-' || g || '-' || c.code, c.code, c.gender, c.selection_kind, c.selection_id,
        case when g % 10 = 0 then 'lookbook' else 'viewable' end, 'k', 'k', 768, 1024, 1, g % 100, '{}', 0, g, 'p', 'test',
        now() - g * interval '1 minute'
      from generate_series(1, 700) g cross join combinations c`);
    await sql`analyze generated_images`.execute(db.db);
    const query = bestPerCombinationQuery([{ kind: 'trend', id: 'denim' }, { kind: 'palette', id: 'ocean_depths' }, { kind: 'occasion', id: 'office' }]);
    const { rows } = await sql<{ 'QUERY PLAN': string }>`explain ${query}`.execute(db.db);
    const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
    expect(plan).toContain('Index Scan Backward using generated_images_selection');
    expect(plan).not.toContain('Seq Scan on generated_images');
    const answer = await landingShowcase(db.db, config, fresh);
    expect(answer.carousel).toHaveLength(LANDING_CAROUSEL_LOOKS);
    // The bulk looks hold the only LookBook ones: they come before the inventory's.
    expect(answer.carousel.every((l) => l.imageUrl === '/media/k')).toBe(true);
  });

  it("shows the admin's showcase first, the newest addition first, and never a look outside the LookBook", async () => {
    const older = await look(trend('female', 'denim'), { status: 'lookbook', quality: 99 });
    const newer = await look(palette('male', 'ocean_depths'), { status: 'lookbook', quality: 10 });
    const viewable = await look(occasion('female', 'office'), { showcase: true });
    await feature(db.db, older.id, { at: new Date(Date.now() - 60_000) });
    await feature(db.db, newer.id);
    const answer = await landingShowcase(db.db, config, fresh);
    expect(answer.carousel.map((l) => l.id).slice(0, 2)).toEqual([newer.id, older.id]);
    // The inventory look asked for the showcase; it was kept out.
    const row = await db.db.selectFrom('generated_images').select(['in_showcase', 'showcase_at']).where('id', '=', viewable.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ in_showcase: false, showcase_at: null });
  });

  it("forgets this process's answers when told (the admin changed the showcase)", async () => {
    const first = await landingShowcase(db.db, config, { maxAgeMs: 60_000 });
    const curated = await look(trend('female', 'denim'), { status: 'lookbook', showcase: true });
    expect(await landingShowcase(db.db, config, { maxAgeMs: 60_000 })).toBe(first);
    forgetLandingAnswers(db.db);
    expect((await landingShowcase(db.db, config, { maxAgeMs: 60_000 })).carousel[0]!.id).toBe(curated.id);
  });

  it('reuses an answer for its maximum age and reads again after it', async () => {
    const first = await landingShowcase(db.db, config, { maxAgeMs: 60_000 });
    await look(trend('female', 'denim'), { status: 'lookbook' });
    expect(await landingShowcase(db.db, config, { maxAgeMs: 60_000 })).toBe(first);
    expect((await landingShowcase(db.db, config, fresh)).carousel).toHaveLength(1);
  });
});

describe('LookBook stats', () => {
  it('counts the LookBook looks, with the fallback blurb when there are none', async () => {
    expect(await lookbookStats(db.db, fresh)).toEqual({ totalLooks: 0, displayText: 'Explore Style Ideas in LookBook' });
    for (let i = 0; i < 3; i++) await look(trend('female', 'denim'), { status: 'lookbook' });
    await look(trend('female', 'denim'));
    expect(await lookbookStats(db.db, fresh)).toEqual({ totalLooks: 3, displayText: 'Explore 3 Style Ideas in LookBook' });
  });
});
