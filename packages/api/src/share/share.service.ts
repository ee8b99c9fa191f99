import { sql, type ExpressionBuilder } from 'kysely';
import type { RateLimits } from '@drape/auth';
import type { Config } from '@drape/config';
import { dailyLimit } from '@drape/contracts';
import type { OutfitView } from '@drape/contracts/generation';
import { shareMessages, sharedOutfitPath, type ShareOutfitAnswer, type TrackShareAnswer, type TrackShareInput } from '@drape/contracts/share';
import type { Database, Db, GeneratedImagesTable, ImageStatus, UserRow } from '@drape/db';
import { appError, rateLimited } from '../errors';
import { mediaUrl } from '@drape/looks';
import { outfitView } from '../generate/outfit.view';
import { readUsage, today } from '../generate/usage';
import { ensurePreviewCard, type PreviewCardDeps } from './preview-card.service';

/** Archived looks are out of every list: only these can be shared or opened by link. */
const SHOWN: ImageStatus[] = ['viewable', 'lookbook'];

type Looks = ExpressionBuilder<Database & { gi: GeneratedImagesTable }, 'gi'>;

/** Somebody shared the look: its link is public. */
const shared = (eb: Looks) => eb.exists(eb.selectFrom('outfit_shares as s').select(sql`1`.as('one')).whereRef('s.image_id', '=', 'gi.id'));

/**
 * Who may share a look: a signed-in user who may see it. It was served to them, it is in their
 * wardrobe, it is in the LookBook, or somebody shared it; and it is still shown (not archived,
 * not deleted by retention). Anything else is one answer, not found: a look served to somebody
 * else is not revealed to exist.
 */
export function seenBy(userId: string) {
  return (eb: Looks) =>
    eb.and([
      eb('gi.status', 'in', SHOWN),
      eb.or([
        eb('gi.status', '=', 'lookbook'),
        eb.exists(eb.selectFrom('image_views as v').select(sql`1`.as('one')).where('v.user_id', '=', userId).whereRef('v.image_id', '=', 'gi.id')),
        eb.exists(eb.selectFrom('wardrobe_items as w').select(sql`1`.as('one')).where('w.user_id', '=', userId).whereRef('w.image_id', '=', 'gi.id')),
        shared(eb),
      ]),
    ]);
}

/** Who may open a look by its link, signed in or not: it is shared or in the LookBook, and still shown. */
function publicLook(eb: Looks) {
  return eb.and([eb('gi.status', 'in', SHOWN), eb.or([eb('gi.status', '=', 'lookbook'), shared(eb)])]);
}

/**
 * The look if the user may see it, its row share-locked for the rest of the transaction: a
 * retention run cannot delete it between this check and what the caller writes about it.
 */
export async function lockSeenLook(tx: Db, userId: string, imageId: string): Promise<boolean> {
  const row = await tx.selectFrom('generated_images as gi').select('gi.id').where('gi.id', '=', imageId).where(seenBy(userId)).forKeyShare().executeTakeFirst();
  return row !== undefined;
}

export async function maySeeLook(db: Db, userId: string, imageId: string): Promise<boolean> {
  const row = await db.selectFrom('generated_images as gi').select('gi.id').where('gi.id', '=', imageId).where(seenBy(userId)).executeTakeFirst();
  return row !== undefined;
}

/** A public look's picture size, its row share-locked for the transaction (as lockSeenLook), or undefined. */
function lockPublicLook(tx: Db, imageId: string) {
  return tx.selectFrom('generated_images as gi').select(['gi.width', 'gi.height']).where('gi.id', '=', imageId).where(publicLook).forKeyShare().executeTakeFirst();
}

export async function isPublicLook(db: Db, imageId: string): Promise<boolean> {
  const row = await db.selectFrom('generated_images as gi').select('gi.id').where('gi.id', '=', imageId).where(publicLook).executeTakeFirst();
  return row !== undefined;
}

export interface ShareDeps extends PreviewCardDeps {
  config: Pick<Config, 'publicOrigin' | 'CDN_BASE_URL'>;
  rateLimits: RateLimits;
}

/**
 * POST /api/share/outfit: records the share (the link becomes public), makes the look's
 * link-preview card the first time (ready before the link is pasted anywhere) and answers the link.
 */
export async function shareOutfit(deps: ShareDeps, user: UserRow, imageId: string): Promise<ShareOutfitAnswer> {
  const limit = await deps.rateLimits.consume('shareUser', user.id);
  if (!limit.ok) throw rateLimited(limit.retryAfterSeconds);
  await deps.db.transaction().execute(async (tx) => {
    if (!(await lockSeenLook(tx, user.id, imageId))) throw appError('not_found', shareMessages.imageNotFound);
    await tx.insertInto('outfit_shares').values({ image_id: imageId, user_id: user.id }).onConflict((oc) => oc.doNothing()).execute();
  });
  await ensurePreviewCard(deps, imageId);
  return { success: true, shareUrl: `${deps.config.publicOrigin}${sharedOutfitPath(imageId)}` };
}

/**
 * GET /api/share/outfit/{imageId}: the outfit of a public link. A signed-in viewer has it counted
 * as served to them, as Get My Look would: they may then share it on, and it is not served again.
 */
export async function sharedOutfit(deps: { db: Db; config: Pick<Config, 'CDN_BASE_URL'> }, viewer: UserRow | null, imageId: string): Promise<OutfitView> {
  return deps.db.transaction().execute(async (tx) => {
    if (!(await lockPublicLook(tx, imageId))) throw appError('not_found', shareMessages.notFound);
    if (viewer) await tx.insertInto('image_views').values({ user_id: viewer.id, image_id: imageId }).onConflict((oc) => oc.doNothing()).execute();
    // Stored, not generated for this request: the same source an inventory pick reports.
    return outfitView(tx, deps.config, imageId, 'inventory');
  });
}

/**
 * POST /api/user/track-share: a share of a look the user may see sets today's bonus, once a day
 * (user-area §9: +3 for every tier). One statement decides, so two tabs cannot both be granted it.
 */
export async function trackShare(db: Db, user: UserRow, input: TrackShareInput): Promise<TrackShareAnswer> {
  if (!(await maySeeLook(db, user.id, input.imageId))) throw appError('not_found', shareMessages.imageNotFound);
  const granted = await db
    .insertInto('daily_usage')
    .values({ user_id: user.id, day: today(), shared: true })
    .onConflict((oc) => oc.columns(['user_id', 'day']).doUpdateSet({ shared: true }).where('daily_usage.shared', '=', false))
    .returning('used')
    .executeTakeFirst();
  const used = granted ? granted.used : (await readUsage(db, user.id)).used;
  const limit = dailyLimit(user.tier, true);
  return { success: true, bonusGranted: granted !== undefined, dailyLimit: limit, used, remaining: Math.max(0, limit - used) };
}

/** What a link preview shows of a public look: its outfit and its link-preview card's address (1200x630 JPEG). */
export interface SharedLookPreview {
  outfit: OutfitView;
  /** Relative unless CDN_BASE_URL is set. */
  cardUrl: string;
}

/**
 * The public look for the /outfit/{imageId} page's link preview, or null (unknown, private,
 * expired, or its picture lost). A LookBook look is public without a share: its card is made by
 * the first unfurler that asks, as a share would have made it.
 */
export async function sharedLookPreview(deps: PreviewCardDeps, imageId: string): Promise<SharedLookPreview | null> {
  if (!(await isPublicLook(deps.db, imageId))) return null;
  const cardKey = await ensurePreviewCard(deps, imageId);
  if (!cardKey) return null;
  return deps.db.transaction().execute(async (tx) => {
    if (!(await lockPublicLook(tx, imageId))) return null;
    return { outfit: await outfitView(tx, deps.config, imageId, 'inventory'), cardUrl: mediaUrl(deps.config, cardKey) };
  });
}
