import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { COLOR_FAMILIES, OCCASIONS, PALETTES, STYLE_VIBES, TRENDS, type Combination } from '@drape/contracts';
import { combinationColumns } from '@drape/db';
import { createTestServices, type TestServices } from '../testing/services';
import type { PageCursor } from '../looks/page-cursor';
import { pageIdsQuery, type LookbookFilters } from './lookbook.service';
import { insertLooksInBulk } from '@drape/looks/testing';

/**
 * Each single LookBook filter is served by its own index, first page and deep (decision 11): a
 * guard against a query change that would quietly fall back to reading and sorting looks. The
 * timings are measured on 200,000 looks in the decision; here the plans' shape on 40,000.
 */
const LOOKS = 40_000;
let t: TestServices;

beforeAll(async () => {
  t = await createTestServices();
  const db = t.db.db;
  const combos: Combination[] = [];
  for (const gender of ['female', 'male'] as const) {
    const selections = [...TRENDS.map((x) => ({ trend: x.id })), ...PALETTES.map((x) => ({ palette: x.id })), ...OCCASIONS.map((x) => ({ occasion: x.id }))];
    for (const selection of selections) for (const vibe of [undefined, ...STYLE_VIBES.map((x) => x.id)]) combos.push({ gender, ...selection, styleVibe: vibe } as Combination);
  }
  await db.insertInto('combinations').values(combos.map((c) => {
    const { combination_code: code, ...rest } = combinationColumns(c);
    return { code, ...rest, enhanced_prompt: 'p', active: true };
  })).execute();
  // Every combination in each run of 200; one run in ten in the LookBook; one or two colors each
  // (the triggers fill lookbook_colors).
  await insertLooksInBulk(db, ['job_id', 'combination_code', 'gender', 'selection_kind', 'selection_id', 'style_vibe', 'status', 'storage_key', 'thumb_key', 'width', 'height', 'bytes', 'quality_score', 'quality', 'safety_score', 'color_families', 'seed', 'prompt', 'provider', 'lookbook_at'], sql`
    with c as (select code, gender, selection_kind, selection_id, style_vibe, (row_number() over (order by code)) - 1 as n from combinations)
    select 'job' || g, c.code, c.gender, c.selection_kind, c.selection_id, c.style_vibe,
           case when (g / ${combos.length}) % 10 = 3 then 'lookbook' else 'viewable' end, 'k' || g, 'k' || g || 't', 768, 1024, 1, 80, '{}', 99,
           (${sql.val([...COLOR_FAMILIES])}::text[])[1 + g % 16 : 1 + g % 16 + g % 2], g, 'p', 'atelier', now() - make_interval(secs => g)
      from generate_series(1, ${LOOKS}) g join c on c.n = g % ${combos.length}`);
  await sql`vacuum analyze`.execute(db);
}, 120_000);
afterAll(() => t.close());

/** The plan's nodes that read a relation: the index each uses, and the kind of scan. */
async function scans(f: LookbookFilters, from: number | PageCursor, conditions: string[] = []): Promise<string[]> {
  const q = pageIdsQuery(t.db.db, f, from, 51).compile();
  const { rows } = await t.db.pool.query(`explain (format json) ${q.sql}`, q.parameters as unknown[]);
  const found: string[] = [];
  const walk = (node: { 'Node Type': string; 'Index Name'?: string; 'Relation Name'?: string; 'Index Cond'?: string; Plans?: unknown[] }) => {
    if (node['Relation Name']) found.push(`${node['Node Type']}${node['Index Name'] ? ` ${node['Index Name']}` : ''}`);
    if (node['Index Cond']) conditions.push(node['Index Cond']);
    for (const child of node.Plans ?? []) walk(child as typeof node);
  };
  walk((rows[0] as { 'QUERY PLAN': [{ Plan: Parameters<typeof walk>[0] }] })['QUERY PLAN'][0].Plan);
  return found;
}

describe('LookBook page plans', () => {
  const cases: [string, LookbookFilters, string][] = [
    ['no filter', { selections: [] }, 'lookbook_newest'],
    ['gender', { selections: [], gender: 'male' }, 'lookbook_gender'],
    ['trend', { selections: [{ kind: 'trend', id: 'denim' }] }, 'lookbook_selection'],
    ['palette', { selections: [{ kind: 'palette', id: 'sunset_sorbet' }] }, 'lookbook_selection'],
    ['occasion', { selections: [{ kind: 'occasion', id: 'office' }] }, 'lookbook_selection'],
    ['style vibe', { selections: [], styleVibe: 'elegant' }, 'lookbook_style_vibe'],
    ['color', { selections: [], color: 'navy' }, 'lookbook_colors_newest'],
    ['color and gender', { selections: [], color: 'navy', gender: 'female' }, 'lookbook_colors_newest'],
  ];
  it.each(cases)('%s: an index-only range of its index, at the first page and 10,000 deep', async (_name, filters, index) => {
    for (const offset of [0, 10_000]) expect(await scans(filters, offset), `offset ${offset}`).toEqual([`Index Only Scan ${index}`]);
  });

  it.each(cases)('%s by cursor: a range of its index that starts after the cursor, however deep', async (_name, filters, index) => {
    // A key from the middle of the LookBook: the range starts there (an index condition), nothing skipped.
    const { rows } = await t.db.pool.query(`select id, (extract(epoch from lookbook_at) * 1000000)::int8::text as at from generated_images where status = 'lookbook' order by lookbook_at desc, id desc offset 2000 limit 1`);
    const key = rows[0] as { id: string; at: string };
    const conditions: string[] = [];
    expect(await scans(filters, { at: key.at, id: key.id, n: 2000 }, conditions)).toEqual([`Index Only Scan ${index}`]);
    // The keyset is where the range starts (an index condition), not a filter over skipped entries.
    expect(conditions.join(' ')).toMatch(/ROW\(lookbook_at, (image_)?id\) < ROW\(/);
  });
});
