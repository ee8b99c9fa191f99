import { sql, type CompiledQuery } from 'kysely';
import type { BodyShapeId, Gender, SelectionKind, SelectionRef, SkinToneId, StyleVibeId } from '@drape/contracts';
import type { GallerySort, GalleryStatus } from '@drape/contracts/admin';
import type { Db } from '@drape/db';

/**
 * The admin gallery's queries: the plan of a page (which index range it reads, migration 0012) and
 * the page's ids. The filters come in as catalog ids, already checked by the caller.
 */

/** The gallery's filters as catalog ids, checked. */
export interface GalleryFilters {
  status?: GalleryStatus;
  gender?: Gender;
  skinTone?: SkinToneId;
  bodyShape?: BodyShapeId;
  styleVibe?: StyleVibeId;
  /** The occasion and the season palette: a look has one selection, so two different ones match nothing. */
  selections: SelectionRef[];
  search?: string;
}

type DimColumn = 'gender' | 'skin_tone' | 'body_shape' | 'style_vibe';

/**
 * Which index range a page reads (migration 0012), and what it checks on the included columns:
 * - `lead`: the one filter the range is of (the one with the fewest looks), or none (every look);
 * - `codes`: the combinations a look must be of when the lead alone does not say it all (several
 *   filters, a search): a look's code stands for all its catalog columns, and is in every index;
 * - `status`: checked on the included column, or the range itself when nothing else leads.
 */
export interface GalleryPlan {
  lead:
    | { kind: 'none' }
    | { kind: 'status' }
    | { kind: 'column'; column: DimColumn; value: string }
    | { kind: 'selection'; ref: SelectionRef }
    | { kind: 'combination'; code: string };
  codes: string[] | null;
  /** A search by a look's id: that look, if the filters let it through. */
  id?: string;
  status?: GalleryStatus;
  /** Nothing can match (contradictory filters, a search that names nothing). */
  empty: boolean;
}

/** A page's ids as a query: what the service runs, and what the plans test explains. */
export interface PageIdsQuery {
  compile(): CompiledQuery<{ id: string }>;
  execute(): Promise<{ id: string }[]>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const DIMENSIONS: readonly { column: DimColumn; filter: (f: GalleryFilters) => string | undefined }[] = [
  { column: 'gender', filter: (f) => f.gender },
  { column: 'skin_tone', filter: (f) => f.skinTone },
  { column: 'body_shape', filter: (f) => f.bodyShape },
  { column: 'style_vibe', filter: (f) => f.styleVibe },
];

const likeEscaped = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Whether a search term names the combination: its code (from a segment's start: 'female.trend',
 * 'boho_chic'), its gender by the whole name ('male' is in 'female'), or a part of the name of its
 * selection, style vibe, body shape or skin tone (the catalog tables, joined below).
 */
function searchCondition(term: string) {
  const t = likeEscaped(term.toLowerCase());
  const part = `%${t}%`;
  return sql<boolean>`(lower(c.code) like ${`${t}%`} or lower(c.code) like ${`%.${t}%`} or c.gender = ${term.toLowerCase()}
    or lower(coalesce(tr.name, pa.name, oc.name, '')) like ${part} or lower(coalesce(sv.name, '')) like ${part}
    or lower(coalesce(bs.name, '')) like ${part} or lower(coalesce(st.name, '')) like ${part})`;
}

interface MatchStats {
  n: number;
  codes: string[] | null;
  gender: string | null; skin_tone: string | null; body_shape: string | null; style_vibe: string | null;
  selection_kind: SelectionKind | null; selection_id: string | null; one_code: string | null;
  gender_looks: number; gender_combos: number; skin_tone_looks: number; skin_tone_combos: number;
  body_shape_looks: number; body_shape_combos: number; style_vibe_looks: number; style_vibe_combos: number;
  selection_looks: number; selection_combos: number; one_looks: number;
}

/**
 * The plan of a page: without a catalog filter or a search, the newest (or status) range. Otherwise
 * one aggregate over the combinations (about a thousand rows, each with its image counter, in the
 * database: a single row comes back) says which combinations match, which filters every match
 * shares, and how many looks each of those has: the one with the fewest leads, and the codes are
 * checked only when that filter alone would let others in.
 */
export async function galleryPlan(db: Db, f: GalleryFilters): Promise<GalleryPlan> {
  const status = f.status;
  const withStatus = status ? { status } : {};
  const catalogFiltered = f.gender || f.skinTone || f.bodyShape || f.styleVibe || f.selections.length > 0;
  if (f.search && UUID.test(f.search)) {
    const { search, ...filters } = f;
    return { ...(await galleryPlan(db, filters)), id: search.toLowerCase() };
  }
  if (!catalogFiltered && !f.search) return { lead: status ? { kind: 'status' } : { kind: 'none' }, codes: null, empty: false, ...withStatus };

  const conditions = [
    ...DIMENSIONS.flatMap((d) => (d.filter(f) === undefined ? [] : [sql`${sql.ref(`c.${d.column}`)} = ${d.filter(f)}`])),
    ...f.selections.map((sel) => sql`c.selection_kind = ${sel.kind} and c.selection_id = ${sel.id}`),
    ...(f.search ? [searchCondition(f.search)] : []),
  ];
  const shared = (column: string) => sql.raw(`case when count(distinct ${column}) = 1 and bool_and(${column} is not null) then min(${column}) end`);
  // Each shared filter's size, in one pass over the combinations.
  const size = (name: string, where: string) => sql.raw(
    `coalesce(sum(x.image_count) filter (where ${where}), 0)::int as ${name}_looks, (count(*) filter (where ${where}))::int as ${name}_combos`,
  );
  const { rows } = await sql<MatchStats>`
    with m as (
      select c.code, c.gender, c.selection_kind, c.selection_id, c.style_vibe, c.body_shape, c.skin_tone
      from combinations c
      left join trends tr on c.selection_kind = 'trend' and tr.id = c.selection_id
      left join palettes pa on c.selection_kind = 'palette' and pa.id = c.selection_id
      left join occasions oc on c.selection_kind = 'occasion' and oc.id = c.selection_id
      left join style_vibes sv on sv.id = c.style_vibe
      left join body_shapes bs on bs.id = c.body_shape
      left join skin_tones st on st.id = c.skin_tone
      where ${sql.join(conditions, sql` and `)}
    ), s as (
      select count(*)::int as n, array_agg(code) as codes, ${shared('gender')} as gender, ${shared('skin_tone')} as skin_tone,
             ${shared('body_shape')} as body_shape, ${shared('style_vibe')} as style_vibe,
             case when count(distinct (selection_kind, selection_id)) = 1 then min(selection_kind) end as selection_kind,
             case when count(distinct (selection_kind, selection_id)) = 1 then min(selection_id) end as selection_id,
             case when count(*) = 1 then min(code) end as one_code
      from m
    )
    select s.*, z.*
    from s cross join lateral (
      select ${size('gender', 'x.gender = s.gender')}, ${size('skin_tone', 'x.skin_tone = s.skin_tone')},
             ${size('body_shape', 'x.body_shape = s.body_shape')}, ${size('style_vibe', 'x.style_vibe = s.style_vibe')},
             ${size('selection', 'x.selection_kind = s.selection_kind and x.selection_id = s.selection_id')},
             max(x.image_count) filter (where x.code = s.one_code) as one_looks
      from combinations x
    ) z`.execute(db);
  const m = rows[0]!;
  if (m.n === 0 || !m.codes) return { lead: { kind: 'none' }, codes: null, empty: true };

  // Every filter the matches share is a possible lead; its size is the looks of all its combinations.
  type Candidate = { lead: GalleryPlan['lead']; looks: number; combos: number };
  const candidates: Candidate[] = [];
  for (const d of DIMENSIONS) {
    const value = m[d.column];
    if (value !== null) candidates.push({ lead: { kind: 'column', column: d.column, value }, looks: m[`${d.column}_looks`], combos: m[`${d.column}_combos`] });
  }
  if (m.selection_kind && m.selection_id) {
    const ref = { kind: m.selection_kind, id: m.selection_id } as SelectionRef;
    candidates.push({ lead: { kind: 'selection', ref }, looks: m.selection_looks, combos: m.selection_combos });
  }
  if (m.one_code) candidates.push({ lead: { kind: 'combination', code: m.one_code }, looks: m.one_looks ?? 0, combos: 1 });
  const best = candidates.sort((a, b) => a.looks - b.looks || a.combos - b.combos)[0];
  if (!best) return { lead: status ? { kind: 'status' } : { kind: 'none' }, codes: m.codes, empty: false, ...withStatus };
  // The lead's range holds exactly the matches: nothing more to check.
  const codes = best.combos === m.n ? null : m.codes;
  return { lead: best.lead, codes, empty: false, ...withStatus };
}

/**
 * The ids of one page, by an index-only range of the lead's index (migration 0012), newest first or
 * (a backward scan) oldest first: the first half of the deferred join, as the LookBook's
 * (docs/decisions/0011): a deep page skips index entries, not looks.
 */
export function galleryPageIdsQuery(db: Db, plan: GalleryPlan, sort: GallerySort, offset: number, limit: number): PageIdsQuery {
  let q = db.selectFrom('generated_images as gi').select('gi.id');
  const lead = plan.lead;
  if (plan.id) q = q.where('gi.id', '=', plan.id);
  if (lead.kind === 'column') q = q.where(`gi.${lead.column}`, '=', lead.value as never);
  if (lead.kind === 'selection') q = q.where('gi.selection_kind', '=', lead.ref.kind).where('gi.selection_id', '=', lead.ref.id);
  if (lead.kind === 'combination') q = q.where('gi.combination_code', '=', lead.code);
  // A literal: the planner weighs the status's real share (a tenth in the LookBook, most viewable).
  if (plan.status) q = q.where('gi.status', '=', sql.lit(plan.status));
  if (plan.codes) q = q.where('gi.combination_code', '=', sql<string>`any(${sql.val(plan.codes)}::text[])`);
  const dir = sort === 'oldest' ? 'asc' : 'desc';
  return q.orderBy('gi.created_at', dir).orderBy('gi.id', dir).offset(offset).limit(limit);
}

