import { sql, type CompiledQuery } from 'kysely';
import type { Config } from '@drape/config';
import {
  BODY_SHAPES, GALLERY_STATUS_NAMES, GALLERY_STATUSES, GENDER_NAMES, GENDERS, OCCASIONS, PALETTES, SKIN_TONES, STYLE_VIBES, TRENDS,
  galleryMessages, lookFilterMessages, severityLevel,
  type BodyShapeId, type CleanupAnswer, type ComboDetails, type DeleteImageAnswer, type Gender, type GalleryFilterOptions, type GalleryImage,
  type GalleryListQuery, type GalleryPage, type GallerySort, type GalleryStatus, type MakePublicAnswer, type SelectionKind, type SelectionRef,
  type SkinToneId, type StyleVibeId,
} from '@drape/contracts';
import type { Db } from '@drape/db';
import { cleanupLowQuality, deleteImagePermanently, OperationBusyError } from '@drape/operations';
import type { Storage } from '@drape/storage';
import { catalogLookup } from '../catalog/catalog-lookup';
import { forgetLandingAnswers } from '../catalog/showcase.service';
import { appError } from '../errors';
import { mediaUrl, nameOf, rowSelectionName } from '../generate/outfit.view';
import { forgetLookbookPages } from '../lookbook/lookbook-cache';

export interface GalleryDeps {
  db: Db;
  config: Pick<Config, 'CDN_BASE_URL'>;
}

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

/** Names or ids to ids; a value the catalog does not know is a 400, never an empty page. */
export function resolveGalleryFilters(q: Omit<GalleryListQuery, 'page' | 'limit' | 'sort'>): GalleryFilters {
  const f: GalleryFilters = { selections: [] };
  if (q.status) f.status = q.status;
  if (q.gender) f.gender = q.gender;
  const known = <T>(value: string | undefined, lookup: (v: string) => T | undefined, message: (v: string) => string): T | undefined => {
    if (!value) return undefined;
    const id = lookup(value);
    if (!id) throw appError('invalid_input', message(value));
    return id;
  };
  const skinTone = known(q.skinTone, catalogLookup.skinTone, (v) => galleryMessages.unknownFilter('skin tone', v));
  const bodyShape = known(q.bodyShape, catalogLookup.bodyShape, (v) => galleryMessages.unknownFilter('body shape', v));
  const styleVibe = known(q.styleVibe, catalogLookup.styleVibe, lookFilterMessages.styleVibe);
  const occasion = known(q.occasion, catalogLookup.occasion, lookFilterMessages.occasion);
  const season = known(q.season, catalogLookup.palette, (v) => galleryMessages.unknownFilter('season', v));
  if (skinTone) f.skinTone = skinTone;
  if (bodyShape) f.bodyShape = bodyShape;
  if (styleVibe) f.styleVibe = styleVibe;
  if (occasion) f.selections.push({ kind: 'occasion', id: occasion });
  if (season) f.selections.push({ kind: 'palette', id: season });
  const search = q.search?.trim();
  if (search) f.search = search;
  return f;
}

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

type ImageRow = {
  id: string; storage_key: string; thumb_key: string; combination_code: string; gender: string; status: GalleryStatus; quality_score: number;
  created_at: Date; watermarked: boolean; is_premium: boolean; in_showcase: boolean; curated_by: 'auto' | 'admin' | null;
  selection_kind: SelectionKind; selection_id: string; style_vibe: string | null; body_shape: string | null; skin_tone: string | null;
};

/** A look with the spec's field names (§3 Generated image) and the names the cards show. */
function imageView(config: Pick<Config, 'CDN_BASE_URL'>, r: ImageRow): GalleryImage {
  const selection = { kind: r.selection_kind, id: r.selection_id, name: rowSelectionName(r) };
  const full = mediaUrl(config, r.storage_key);
  return {
    id: r.id,
    image_url: full,
    thumbnail_url: mediaUrl(config, r.thumb_key),
    s3_url: full,
    combination_code: r.combination_code,
    gender: r.gender,
    status: r.status,
    quality_score: r.quality_score,
    created_at: r.created_at.toISOString(),
    watermarked: r.watermarked,
    is_premium: r.is_premium,
    in_showcase: r.in_showcase,
    curated_by: r.curated_by,
    selection,
    trend: r.selection_kind === 'trend' ? nameOf(TRENDS, r.selection_id) : null,
    season: r.selection_kind === 'palette' ? nameOf(PALETTES, r.selection_id) : null,
    occasion: r.selection_kind === 'occasion' ? nameOf(OCCASIONS, r.selection_id) : null,
    vibe: nameOf(STYLE_VIBES, r.style_vibe),
    skinTone: nameOf(SKIN_TONES, r.skin_tone),
    bodyShape: nameOf(BODY_SHAPES, r.body_shape),
  };
}

/** GET /api/admin/images: a page of the gallery (§2.2 Image gallery, §7.2). */
export async function listGallery(deps: GalleryDeps, input: GalleryListQuery): Promise<GalleryPage> {
  const base = { page: input.page, limit: input.limit };
  const plan = await galleryPlan(deps.db, resolveGalleryFilters(input));
  if (plan.empty) return { ...base, images: [], hasMore: false };
  // One id beyond the page says whether there is more.
  const ids = (await galleryPageIdsQuery(deps.db, plan, input.sort ?? 'newest', (input.page - 1) * input.limit, input.limit + 1).execute()).map((r) => r.id);
  const page = ids.slice(0, input.limit);
  if (page.length === 0) return { ...base, images: [], hasMore: false };
  const rows = (await deps.db
    .selectFrom('generated_images')
    .select([
      'id', 'storage_key', 'thumb_key', 'combination_code', 'gender', 'status', 'quality_score', 'created_at', 'watermarked', 'is_premium',
      'in_showcase', 'curated_by', 'selection_kind', 'selection_id', 'style_vibe', 'body_shape', 'skin_tone',
    ])
    .where('id', 'in', page)
    .execute()) as ImageRow[];
  const byId = new Map(rows.map((r) => [r.id, r]));
  // A look deleted between the two steps is left out.
  const images = page.flatMap((id) => {
    const r = byId.get(id);
    return r ? [imageView(deps.config, r)] : [];
  });
  return { ...base, images, hasMore: ids.length > input.limit };
}

/** GET /api/admin/filter-options: the gallery's filter choices, from the catalog tables (§3 Filter options). */
export async function galleryFilterOptions(db: Db): Promise<GalleryFilterOptions> {
  const [skinTones, bodyShapes, occasions, styleVibes, seasons] = await Promise.all([
    db.selectFrom('skin_tones').select(['id', 'name', 'emoji']).orderBy('sort').execute(),
    db.selectFrom('body_shapes').select(['id', 'name']).orderBy('sort').execute(),
    db.selectFrom('occasions').select(['id', 'name']).orderBy('sort').execute(),
    db.selectFrom('style_vibes').select(['id', 'name', 'short_name']).orderBy('sort').execute(),
    db.selectFrom('palettes').select(['id', 'name']).orderBy('sort').execute(),
  ]);
  return {
    genders: GENDERS.map((id) => ({ id, name: GENDER_NAMES[id] })),
    skinTones, bodyShapes, occasions, styleVibes, seasons,
    statuses: GALLERY_STATUSES.map((id) => ({ id, name: GALLERY_STATUS_NAMES[id] })),
  };
}

/** GET /api/admin/combo-details/{combinationCode}: the combination's names, prompt, counts and severity. */
export async function comboDetails(db: Db, code: string): Promise<ComboDetails> {
  const combo = await db.selectFrom('combinations').selectAll().where('code', '=', code).executeTakeFirst();
  if (!combo) throw appError('not_found', galleryMessages.comboNotFound);
  // An index-only count of gallery_combination (its looks, a thousand or so at the most stocked).
  const byStatus = await db
    .selectFrom('generated_images')
    .select(['status', (eb) => eb.fn.countAll<string>().as('n')])
    .where('combination_code', '=', code)
    .groupBy('status')
    .execute();
  const count = (s: GalleryStatus) => Number(byStatus.find((r) => r.status === s)?.n ?? 0);
  const images = { viewable: count('viewable'), lookbook: count('lookbook'), archived: count('archived') };
  return {
    combinationCode: combo.code,
    gender: GENDER_NAMES[combo.gender] ?? combo.gender,
    selection: { kind: combo.selection_kind, id: combo.selection_id, name: rowSelectionName(combo) },
    styleVibe: nameOf(STYLE_VIBES, combo.style_vibe),
    skinTone: nameOf(SKIN_TONES, combo.skin_tone),
    bodyShape: nameOf(BODY_SHAPES, combo.body_shape),
    prompt: combo.enhanced_prompt,
    promptUpdatedAt: combo.prompt_updated_at.toISOString(),
    active: combo.active,
    imageCount: combo.image_count,
    severity: severityLevel(Math.max(0, combo.image_count)),
    images: { total: images.viewable + images.lookbook + images.archived, ...images },
  };
}

/**
 * POST /api/admin/images/{id}/make-public: the look joins the LookBook as an admin's choice
 * (auto-curation never takes it out; migration 0009's triggers stamp it and index its colors).
 * A look already there is left as it is; an archived one comes back (the admin's explicit choice).
 */
export async function makePublic(db: Db, id: string): Promise<MakePublicAnswer> {
  const updated = await db
    .updateTable('generated_images')
    .set({ status: 'lookbook', curated_by: 'admin' })
    .where('id', '=', id)
    .where('status', '!=', 'lookbook')
    .returning('id')
    .executeTakeFirst();
  if (updated) {
    // Every server hears the change (migration 0020); this one shows it on its very next page.
    forgetLookbookPages(db);
    forgetLandingAnswers(db);
    return { id, status: 'lookbook', changed: true };
  }
  const exists = await db.selectFrom('generated_images').select('id').where('id', '=', id).executeTakeFirst();
  if (!exists) throw appError('not_found', galleryMessages.notFound);
  return { id, status: 'lookbook', changed: false };
}

/** DELETE /api/admin/images/{id}: the look's rows and files, for good; refused while a wardrobe holds it. */
export async function removeImage(deps: { db: Db; storage: Storage }, id: string): Promise<DeleteImageAnswer> {
  const result = await deleteImagePermanently(deps.db, deps.storage, id);
  if (result.kind === 'not_found') throw appError('not_found', galleryMessages.notFound);
  if (result.kind === 'in_wardrobes') throw appError('image_in_wardrobe', galleryMessages.inWardrobes(result.wardrobes));
  return { id, deleted: true, files: result.files };
}

/** POST /api/admin/cleanup-low-quality: the CLI's `cleanup`, one run at a time (§5 thresholds, §8 busy). */
export async function cleanupGallery(deps: { db: Db; storage: Storage }): Promise<CleanupAnswer> {
  try {
    const r = await cleanupLowQuality(deps.db, deps.storage);
    return { totalDeleted: r.totalDeleted, femaleFairDeleted: r.femaleFairDeleted, othersDeleted: r.othersDeleted };
  } catch (error) {
    if (error instanceof OperationBusyError) throw appError('system_busy', galleryMessages.cleanupBusy);
    throw error;
  }
}
