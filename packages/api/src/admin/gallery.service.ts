import type { Config } from '@drape/config';
import { BODY_SHAPES, GENDER_NAMES, GENDERS, SKIN_TONES, STYLE_VIBES, severityLevel } from '@drape/contracts';
import { GALLERY_STATUS_NAMES, GALLERY_STATUSES, galleryMessages, type CleanupAnswer, type ComboDetails, type DeleteImageAnswer, type GalleryFilterOptions, type GalleryImage, type GalleryListQuery, type GalleryPage, type GalleryStatus, type MakePublicAnswer } from '@drape/contracts/admin';
import { lookFilterMessages } from '@drape/contracts/looks';
import type { Db } from '@drape/db';
import { galleryPageIdsQuery, galleryPlan, lookOf, nameOf, pieceNamesOf, publish, readAdminLooks, rowSelectionName, settle, type GalleryFilters, type PieceName } from '@drape/looks';
import { cleanupLowQuality, deleteImagePermanently, OperationBusyError } from '@drape/operations';
import type { Storage } from '@drape/storage';
import { catalogLookup } from '../catalog/catalog-lookup';
import { appError } from '../errors';

export interface GalleryDeps {
  db: Db;
  config: Pick<Config, 'CDN_BASE_URL'>;
}

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

/** A look with the spec's field names (§3 Generated image) and the names the cards show. */
function imageView(config: Pick<Config, 'CDN_BASE_URL'>, r: AdminLookRow, pieces: PieceName[]): GalleryImage {
  const look = lookOf(config, r);
  return {
    id: look.id,
    image_url: look.imageUrl,
    thumbnail_url: look.thumbnailUrl,
    width: look.width,
    height: look.height,
    pieces,
    s3_url: look.imageUrl,
    combination_code: look.combinationCode,
    gender: look.gender,
    status: look.status,
    quality_score: look.qualityScore,
    created_at: look.createdAt,
    watermarked: r.watermarked,
    is_premium: r.is_premium,
    personal: r.personal,
    in_showcase: r.in_showcase,
    curated_by: r.curated_by,
    selection: look.selection,
    trend: look.trend,
    season: look.palette,
    occasion: look.occasion,
    vibe: look.vibe,
    skinTone: look.skinTone,
    bodyShape: look.bodyShape,
  };
}

type AdminLookRow = Awaited<ReturnType<typeof readAdminLooks>>[number];

/** GET /api/admin/images: a page of the gallery (§2.2 Image gallery, §7.2). */
export async function listGallery(deps: GalleryDeps, input: GalleryListQuery): Promise<GalleryPage> {
  const base = { page: input.page, limit: input.limit };
  const plan = await galleryPlan(deps.db, resolveGalleryFilters(input));
  if (plan.empty) return { ...base, images: [], hasMore: false };
  // One id beyond the page says whether there is more.
  const ids = (await galleryPageIdsQuery(deps.db, plan, input.sort ?? 'newest', (input.page - 1) * input.limit, input.limit + 1).execute()).map((r) => r.id);
  const page = ids.slice(0, input.limit);
  if (page.length === 0) return { ...base, images: [], hasMore: false };
  const [rows, pieces] = await Promise.all([readAdminLooks(deps.db, page), pieceNamesOf(deps.db, page)]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  // A look deleted between the two steps is left out.
  const images = page.flatMap((id) => {
    const r = byId.get(id);
    return r ? [imageView(deps.config, r, pieces.get(id) ?? [])] : [];
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
  const change = await publish(db, [id], { by: 'admin' });
  settle(db, change);
  if (change.looks.length > 0) return { id, status: 'lookbook', changed: true };
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
