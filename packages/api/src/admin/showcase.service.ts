import { sql } from 'kysely';
import type { Config } from '@drape/config';
import type { Gender } from '@drape/contracts';
import { SHOWCASE_CAP, SHOWCASE_PAGE_SIZE, showcaseMessages, type AddToShowcaseResult, type AdminLookbookImage, type AdminLookbookImagesPage, type AdminShowcaseItem, type AdminShowcaseItemsPage, type RemoveFromLookbookResult, type RemoveFromShowcaseResult } from '@drape/contracts/admin';
import type { Db, ImageStatus } from '@drape/db';
import { feature, LOOK_COLUMNS, lookOf, pieceNamesOf, settle, unfeature, unpublish, type Look, type PieceName } from '@drape/looks';
import { appError } from '../errors';

export interface ShowcaseDeps {
  db: Db;
  config: Pick<Config, 'CDN_BASE_URL'>;
}

/** The partial indexes' predicate, as a literal: a bound parameter would not match it in a generic plan. */
const IN_LOOKBOOK = sql.lit<ImageStatus>('lookbook');

/** Adding and its cap's count, one at a time in the cluster: two admins cannot take it past the cap. */
const SHOWCASE_LOCK = 'drape-showcase';

/** The look's own columns (the row mapper's) and the manager's. */
const COLUMNS = [...LOOK_COLUMNS, 'in_showcase', 'lookbook_at', 'showcase_at'] as const;

/** What a card's srcset and alt text read besides the thumbnail: the full picture, its size, its pieces. */
const pictureFields = (look: Look, pieces: Map<string, PieceName[]>) => ({
  fullImageUrl: look.imageUrl, width: look.width, height: look.height, pieces: pieces.get(look.id) ?? [],
});

const offsetOf = (page: number) => (page - 1) * SHOWCASE_PAGE_SIZE;

/**
 * GET /api/admin/lookbook-images: the LookBook's looks, newest in the LookBook first, 24 a page.
 * The page's ids come from an index-only range of lookbook_newest or lookbook_gender (migration
 * 0009; LookBook looks only), then only those 24 rows are read: a deep page skips index entries,
 * not rows.
 */
export async function lookbookImages(deps: ShowcaseDeps, input: { page: number; gender?: Gender | undefined }): Promise<AdminLookbookImagesPage> {
  let ids = deps.db.selectFrom('generated_images').select('id').where('status', '=', IN_LOOKBOOK);
  if (input.gender) ids = ids.where('gender', '=', input.gender);
  // One id beyond the page says whether there is more.
  const pageIds = (await ids.orderBy('lookbook_at', 'desc').orderBy('id', 'desc').offset(offsetOf(input.page)).limit(SHOWCASE_PAGE_SIZE + 1).execute()).map((r) => r.id);
  const shown = pageIds.slice(0, SHOWCASE_PAGE_SIZE);
  const [rows, pieces] = await Promise.all([
    shown.length ? deps.db.selectFrom('generated_images').select(COLUMNS).where('id', 'in', shown).execute() : [],
    pieceNamesOf(deps.db, shown),
  ]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const images: AdminLookbookImage[] = shown.flatMap((id) => {
    const r = byId.get(id);
    // A look that left the LookBook between the two reads is not shown.
    if (!r?.lookbook_at) return [];
    const look = lookOf(deps.config, r);
    return [{
      id: look.id,
      imageUrl: look.thumbnailUrl,
      ...pictureFields(look, pieces),
      combinationCode: look.combinationCode,
      gender: look.gender,
      name: look.selection.name,
      qualityScore: look.qualityScore,
      inShowcase: r.in_showcase,
      lookbookAt: r.lookbook_at.toISOString(),
    }];
  });
  return { images, page: input.page, hasMore: pageIds.length > SHOWCASE_PAGE_SIZE };
}

async function showcaseCount(db: Db): Promise<number> {
  const { n } = await db.selectFrom('generated_images').select((eb) => eb.fn.countAll<string>().as('n')).where('in_showcase', '=', true).executeTakeFirstOrThrow();
  return Number(n);
}

/** GET /api/admin/showcase-items: the showcase in the carousel's order (newest addition first), 24 a page. */
export async function showcaseItems(deps: ShowcaseDeps, input: { page: number }): Promise<AdminShowcaseItemsPage> {
  const offset = offsetOf(input.page);
  const [rows, total] = await Promise.all([
    deps.db.selectFrom('generated_images').select(COLUMNS).where('in_showcase', '=', true)
      .orderBy('showcase_at', 'desc').orderBy('id', 'desc').offset(offset).limit(SHOWCASE_PAGE_SIZE + 1).execute(),
    showcaseCount(deps.db),
  ]);
  const pieces = await pieceNamesOf(deps.db, rows.slice(0, SHOWCASE_PAGE_SIZE).map((r) => r.id));
  const items: AdminShowcaseItem[] = rows.slice(0, SHOWCASE_PAGE_SIZE).map((r, i) => {
    const look = lookOf(deps.config, r);
    return {
      imageId: look.id,
      imageUrl: look.thumbnailUrl,
      ...pictureFields(look, pieces),
      combinationCode: look.combinationCode,
      gender: look.gender,
      name: look.selection.name,
      addedAt: r.showcase_at!.toISOString(),
      position: offset + i + 1,
    };
  });
  return { items, page: input.page, hasMore: rows.length > SHOWCASE_PAGE_SIZE, total, cap: SHOWCASE_CAP };
}

/**
 * POST /api/admin/add-to-showcase: a LookBook look joins the showcase, first on the landing
 * carousel. The code must be the look's own (the spec's body names both: a stale screen or a
 * mistyped call is refused, not guessed at); adding a look twice changes nothing.
 */
export async function addToShowcase(deps: ShowcaseDeps, input: { imageId: string; combinationCode: string }): Promise<AddToShowcaseResult> {
  const result = await deps.db.transaction().execute(async (tx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${SHOWCASE_LOCK}))`.execute(tx);
    const look = await tx.selectFrom('generated_images').select(['status', 'combination_code', 'in_showcase']).where('id', '=', input.imageId).forUpdate().executeTakeFirst();
    if (!look) throw appError('not_found', 'This look no longer exists.');
    if (look.combination_code !== input.combinationCode) throw appError('combination_mismatch');
    if (look.status !== 'lookbook') throw appError('not_in_lookbook');
    if (look.in_showcase) return { answer: { imageId: input.imageId, added: false, total: await showcaseCount(tx) }, change: null };
    const total = await showcaseCount(tx);
    if (total >= SHOWCASE_CAP) throw appError('showcase_full', showcaseMessages.full);
    const change = await feature(tx, input.imageId);
    return { answer: { imageId: input.imageId, added: true, total: total + 1 }, change };
  });
  if (result.change) settle(deps.db, result.change);
  return result.answer;
}

/** DELETE /api/admin/showcase-items/{imageId}: the look leaves the showcase (it stays in the LookBook). */
export async function removeFromShowcase(deps: ShowcaseDeps, input: { imageId: string }): Promise<RemoveFromShowcaseResult> {
  const look = await deps.db.selectFrom('generated_images').select('id').where('id', '=', input.imageId).executeTakeFirst();
  if (!look) throw appError('not_found', 'This look no longer exists.');
  const change = await unfeature(deps.db, input.imageId);
  settle(deps.db, change);
  return { imageId: input.imageId, removed: change.looks.length > 0 };
}

/**
 * DELETE /api/admin/lookbook-images/{id}: the look goes back to the inventory (viewable), marked
 * as the admin's decision so auto-curation never puts it back; it leaves the showcase with it
 * (migration 0013's trigger).
 */
export async function removeFromLookbook(deps: ShowcaseDeps, input: { imageId: string }): Promise<RemoveFromLookbookResult> {
  const result = await deps.db.transaction().execute(async (tx) => {
    const look = await tx.selectFrom('generated_images').select(['status', 'in_showcase']).where('id', '=', input.imageId).forUpdate().executeTakeFirst();
    if (!look) throw appError('not_found', 'This look no longer exists.');
    if (look.status !== 'lookbook') throw appError('not_in_lookbook', 'This look is not in the LookBook.');
    const change = await unpublish(tx, [input.imageId], { by: 'admin' });
    return { answer: { imageId: input.imageId, status: 'viewable' as const, leftShowcase: look.in_showcase }, change };
  });
  // The carousel and the landing's LookBook count both change.
  settle(deps.db, result.change);
  return result.answer;
}
