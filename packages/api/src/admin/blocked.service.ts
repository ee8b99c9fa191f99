import { blockedImagePath, type BlockedImageView, type BlockedListAnswer, type BlockedListQuery, type BlockedReviewStatus, type RejectionReason } from '@drape/contracts/admin';
import type { Config } from '@drape/config';
import type { Db } from '@drape/db';
import { BlockedImageError, blockedStats, cleanupBlockedImages, restoreBlockedImage, reviewBlockedImage, type BlockedReview } from '@drape/operations';
import type { Storage } from '@drape/storage';
import { appError } from '../errors';
import { mediaUrl } from '@drape/looks';

/**
 * The Blocked Images screen (settings-and-admin §2.2, §3, §4, §7.2): the list is read here; the
 * stats, review, restore and cleanup are the operator's operations (@drape/operations), shared with
 * `npm run drape -- blocked`.
 */
export interface BlockedDeps {
  db: Db;
  config: Pick<Config, 'CDN_BASE_URL'>;
}

/** Ties broken by time and id, so pages never overlap; unscored images come last either way. */
const SORTS = {
  newest: { quality: null, time: 'desc' },
  oldest: { quality: null, time: 'asc' },
  quality_high: { quality: 'desc', time: 'desc' },
  quality_low: { quality: 'asc', time: 'desc' },
} as const;

export async function listBlocked(deps: BlockedDeps, q: BlockedListQuery): Promise<BlockedListAnswer> {
  let query = deps.db
    .selectFrom('blocked_images as b')
    .leftJoin('generated_images as gi', 'gi.id', 'b.restored_image_id')
    .select([
      'b.id', 'b.storage_key', 'b.combination_code', 'b.gender', 'b.selection_kind', 'b.selection_id', 'b.style_vibe', 'b.skin_tone', 'b.body_shape',
      'b.rejection_reason', 'b.rejection_details', 'b.quality_score', 'b.safety_score', 'b.human_realism_score', 'b.admin_review_status',
      'b.admin_reviewer', 'b.reviewed_at', 'b.admin_notes', 'b.blocked_at', 'b.restored_image_id', 'gi.storage_key as restored_key',
    ]);
  if (q.reviewStatus) query = query.where('b.admin_review_status', '=', q.reviewStatus);
  if (q.rejectionReason) query = query.where('b.rejection_reason', '=', q.rejectionReason);
  if (q.gender) query = query.where('b.gender', '=', q.gender);
  const sort = SORTS[q.sortBy];
  if (sort.quality) query = query.orderBy('b.quality_score', (ob) => (sort.quality === 'desc' ? ob.desc() : ob.asc()).nullsLast());
  query = query.orderBy('b.blocked_at', sort.time).orderBy('b.id', sort.time);
  // One row more than the page says whether another page exists, without counting.
  const rows = await query.limit(q.limit + 1).offset((q.page - 1) * q.limit).execute();
  return {
    images: rows.slice(0, q.limit).map((r): BlockedImageView => {
      const details = r.rejection_details as { error?: unknown; reasoning?: unknown };
      return {
        id: r.id,
        blocked_s3_url: r.storage_key ? blockedImagePath(r.id) : r.restored_key ? mediaUrl(deps.config, r.restored_key) : null,
        combo_code: r.combination_code,
        gender: r.gender,
        style_vibe: r.style_vibe,
        skin_tone: r.skin_tone,
        body_shape: r.body_shape,
        occasion: r.selection_kind === 'occasion' ? r.selection_id : null,
        color_palette: r.selection_kind === 'palette' ? r.selection_id : null,
        trend: r.selection_kind === 'trend' ? r.selection_id : null,
        rejection_reason: r.rejection_reason as RejectionReason,
        rejection_details: {
          error: typeof details.error === 'string' ? details.error : null,
          reasoning: typeof details.reasoning === 'string' ? details.reasoning : null,
        },
        quality_score: r.quality_score,
        safety_score: r.safety_score,
        human_realism_score: r.human_realism_score,
        admin_review_status: r.admin_review_status as BlockedReviewStatus,
        admin_reviewer: r.admin_reviewer,
        reviewed_at: r.reviewed_at?.toISOString() ?? null,
        admin_notes: r.admin_notes,
        blocked_at: r.blocked_at.toISOString(),
        restored_image_id: r.restored_image_id,
      };
    }),
    hasMore: rows.length > q.limit,
  };
}

export const getBlockedStats = (db: Db) => blockedStats(db);

/** The operations' refusals as the API's errors. */
async function answering<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (!(err instanceof BlockedImageError)) throw err;
    if (err.code === 'not_found') throw appError('not_found', 'No such blocked image.');
    throw appError(err.code === 'not_restorable' ? 'blocked_not_restorable' : 'blocked_not_pending');
  }
}

export function restoreBlocked(db: Db, storage: Storage, id: string, review: BlockedReview) {
  return answering(async () => {
    const r = await restoreBlockedImage(db, storage, id, review);
    return { success: true as const, id: r.id, imageId: r.imageId, combinationCode: r.combinationCode, status: 'restored' as const };
  });
}

export function reviewBlocked(db: Db, id: string, status: 'approved' | 'rejected', review: BlockedReview) {
  return answering(async () => {
    const r = await reviewBlockedImage(db, id, status, review);
    return { success: true as const, id: r.id, status: r.status as BlockedReviewStatus };
  });
}

export async function cleanupBlocked(db: Db, storage: Storage): Promise<{ deletedCount: number }> {
  const r = await cleanupBlockedImages(db, storage);
  return { deletedCount: r.deletedCount };
}
