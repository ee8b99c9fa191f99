import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { BODY_SHAPES, OCCASIONS, PALETTES, SKIN_TONES, STYLE_VIBES, TRENDS, type Combination } from '@drape/contracts';
import type { GallerySort } from '@drape/contracts/admin';
import { combinationColumns } from '@drape/db';
import { createTestServices, type TestServices } from '../testing/services';
import { galleryPageIdsQuery, galleryPlan, type GalleryFilters } from '@drape/looks';
import { insertLooksInBulk } from '@drape/looks/testing';
import { resolveGalleryFilters } from './gallery.service';

/**
 * Each single gallery filter is served by an index-only range of its own index, at the first page
 * and deep, newest and oldest first (migration 0012); combined filters by the most selective one's,
 * the others checked on its included columns. A guard against a change that would quietly fall
 * back to reading and sorting looks; `npm run bench` measures the times on a million.
 */
const LOOKS = 40_000;
const DEEP = 10_000;
let t: TestServices;

beforeAll(async () => {
  t = await createTestServices();
  const db = t.db.db;
  const combos: Combination[] = [];
  const selections = [...TRENDS.slice(0, 3).map((x) => ({ trend: x.id })), ...PALETTES.map((x) => ({ palette: x.id })), ...OCCASIONS.slice(0, 3).map((x) => ({ occasion: x.id }))];
  for (const gender of ['female', 'male'] as const) {
    for (const selection of selections) {
      for (const styleVibe of STYLE_VIBES.map((x) => x.id)) {
        for (const bodyShape of BODY_SHAPES.slice(0, 3).map((x) => x.id)) {
          for (const skinTone of SKIN_TONES.map((x) => x.id)) combos.push({ gender, ...selection, styleVibe, bodyShape, skinTone } as Combination);
        }
      }
    }
  }
  await db.insertInto('combinations').values(combos.map((c) => {
    const { combination_code: code, ...rest } = combinationColumns(c);
    return { code, ...rest, enhanced_prompt: 'p', active: true };
  })).execute();
  // Every combination in each run of C looks; one run in ten in the LookBook, one in fifty archived.
  await insertLooksInBulk(db, ['job_id', 'combination_code', 'gender', 'selection_kind', 'selection_id', 'style_vibe', 'body_shape', 'skin_tone', 'status', 'storage_key', 'thumb_key', 'width', 'height', 'bytes', 'quality_score', 'quality', 'safety_score', 'color_families', 'seed', 'prompt', 'provider', 'created_at'], sql`
    with c as (select code, gender, selection_kind, selection_id, style_vibe, body_shape, skin_tone, (row_number() over (order by code)) - 1 as n from combinations)
    select 'job' || g, c.code, c.gender, c.selection_kind, c.selection_id, c.style_vibe, c.body_shape, c.skin_tone,
           case when (g / ${combos.length}) % 10 = 3 then 'lookbook' when (g / ${combos.length}) % 50 = 7 then 'archived' else 'viewable' end,
           'k' || g, 'k' || g || 't', 768, 1024, 1, 80, '{}', 99, '{navy}', g, 'p', 'atelier', now() - make_interval(secs => (g * 7919) % ${LOOKS})
      from generate_series(1, ${LOOKS}) g join c on c.n = g % ${combos.length}`);
  await sql`update combinations c set image_count = x.n from (select combination_code, count(*)::int as n from generated_images group by combination_code) x where x.combination_code = c.code`.execute(db);
  await sql`vacuum analyze`.execute(db);
}, 180_000);
afterAll(() => t.close());

/** The plan's nodes that read a relation: the index each uses, and the kind of scan. */
async function scans(f: GalleryFilters, sort: GallerySort, offset: number): Promise<string[]> {
  const plan = await galleryPlan(t.db.db, f);
  const q = galleryPageIdsQuery(t.db.db, plan, sort, offset, 21).compile();
  const { rows } = await t.db.pool.query(`explain (format json) ${q.sql}`, q.parameters as unknown[]);
  const found: string[] = [];
  const walk = (node: { 'Node Type': string; 'Index Name'?: string; 'Relation Name'?: string; Plans?: unknown[] }) => {
    if (node['Relation Name']) found.push(`${node['Node Type']}${node['Index Name'] ? ` ${node['Index Name']}` : ''}`);
    for (const child of node.Plans ?? []) walk(child as typeof node);
  };
  walk((rows[0] as { 'QUERY PLAN': [{ Plan: Parameters<typeof walk>[0] }] })['QUERY PLAN'][0].Plan);
  return found;
}

const filters = (q: Parameters<typeof resolveGalleryFilters>[0]) => resolveGalleryFilters(q);

describe('gallery page plans', () => {
  const cases: [string, GalleryFilters, string][] = [
    ['no filter', filters({}), 'gallery_newest'],
    ['status', filters({ status: 'lookbook' }), 'gallery_status'],
    ['gender', filters({ gender: 'male' }), 'gallery_gender'],
    ['skin tone', filters({ skinTone: 'fair' }), 'gallery_skin_tone'],
    ['body shape', filters({ bodyShape: 'pear' }), 'gallery_body_shape'],
    ['occasion', filters({ occasion: 'office' }), 'gallery_selection'],
    ['style vibe', filters({ styleVibe: 'elegant' }), 'gallery_style_vibe'],
    ['season', filters({ season: 'ocean_depths' }), 'gallery_selection'],
    ['search by a name', filters({ search: 'Boho' }), 'gallery_selection'],
    ['search by a combination code', filters({ search: 'female.palette.botanic_pop.casual.pear.deep' }), 'gallery_combination'],
    // Combined: the fewest looks lead (a season is a twentieth, a vibe a quarter), the rest on included columns.
    ['season, vibe and status', filters({ season: 'ocean_depths', styleVibe: 'casual', status: 'viewable' }), 'gallery_selection'],
    ['gender and skin tone', filters({ gender: 'female', skinTone: 'deep' }), 'gallery_skin_tone'],
  ];
  it.each(cases)('%s: an index-only range of its index, first page and 10,000 deep, both orders', async (_name, f, index) => {
    for (const sort of ['newest', 'oldest'] as const) {
      for (const offset of [0, DEEP]) expect(await scans(f, sort, offset), `${sort} at ${offset}`).toEqual([`Index Only Scan ${index}`]);
    }
  });

  it('leads by the filter with the fewest looks, and checks the others by combination', async () => {
    const plan = await galleryPlan(t.db.db, filters({ gender: 'female', skinTone: 'deep', styleVibe: 'casual' }));
    expect(plan.lead).toEqual({ kind: 'column', column: 'style_vibe', value: 'casual' });
    expect(plan.codes?.length).toBe(10 * 3);
    // A single filter's own range holds exactly its looks: no codes to check.
    expect((await galleryPlan(t.db.db, filters({ skinTone: 'deep' }))).codes).toBeNull();
  });
});
