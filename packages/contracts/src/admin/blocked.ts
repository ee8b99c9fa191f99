import { z } from '../zod';
import { filterValue, genderFilter, queryInt } from '../looks';
import { text } from '../domain/text';

/** Blocked images (settings-and-admin §2.2, §3, §4, §7.2, §8, §9). */
export const BLOCKED_PAGE_SIZE = 20;
export const BLOCKED_REVIEW_STATUSES = ['pending', 'approved', 'rejected', 'restored'] as const;
export type BlockedReviewStatus = (typeof BLOCKED_REVIEW_STATUSES)[number];
export const REJECTION_REASONS = ['content_safety', 'quality_threshold', 'anatomical_defects', 'insufficient_clothing', 'attribute_mismatch'] as const;
export type RejectionReason = (typeof REJECTION_REASONS)[number];
export const BLOCKED_SORTS = ['newest', 'oldest', 'quality_high', 'quality_low'] as const;
export type BlockedSort = (typeof BLOCKED_SORTS)[number];
/** Review decisions (`review`); restoring is its own action. */
export const BLOCKED_REVIEW_DECISIONS = ['approved', 'rejected'] as const;
/**
 * Cleanup takes rejected images at once and the other reviewed ones (approved, restored) this many
 * days after their review; pending images wait for a review (docs/spec-notes.md, Admin: blocked).
 */
export const BLOCKED_CLEANUP_AFTER_DAYS = 30;
export const BLOCKED_NOTES_MAX = 1000;

export const blockedMessages = {
  loadFailed: 'Error loading blocked images',
  restoreFailed: 'Unable to restore image right now',
  notRestorable: 'This image is no longer available for restoration.',
  reviewFailed: 'Unable to update review status',
  notReviewable: 'This image has already been reviewed.',
  cleanupFailed: 'Unable to cleanup blocked images',
  empty: 'No blocked images match these filters.',
  notesTooLong: `Notes can be at most ${BLOCKED_NOTES_MAX} characters.`,
} as const;

export const blockedListInput = z.object({
  page: queryInt(1, 100_000, 1, 'page'),
  limit: queryInt(1, 100, BLOCKED_PAGE_SIZE, 'limit'),
  reviewStatus: filterValue(z.enum(BLOCKED_REVIEW_STATUSES, `reviewStatus must be one of ${BLOCKED_REVIEW_STATUSES.join(', ')}, all`)),
  rejectionReason: filterValue(z.enum(REJECTION_REASONS, `rejectionReason must be one of ${REJECTION_REASONS.join(', ')}, all`)),
  gender: genderFilter,
  sortBy: filterValue(z.enum(BLOCKED_SORTS, `sortBy must be one of ${BLOCKED_SORTS.join(', ')}`)).transform((v) => v ?? 'newest'),
});
export type BlockedListInput = z.input<typeof blockedListInput>;
export type BlockedListQuery = z.output<typeof blockedListInput>;

/** Optional notes: trimmed, blank is none. */
const notes = text().trim().max(BLOCKED_NOTES_MAX, blockedMessages.notesTooLong).optional().nullable()
  .transform((v) => (v ? v : null));

const blockedId = z.uuid('Not a blocked image id');

export const blockedRestoreInput = z.object({ id: blockedId, notes });
export const blockedReviewInput = z.object({
  id: blockedId,
  status: z.enum(BLOCKED_REVIEW_DECISIONS, 'status must be approved or rejected'),
  notes,
});
export type BlockedRestoreInput = z.input<typeof blockedRestoreInput>;
export type BlockedReviewInput = z.input<typeof blockedReviewInput>;

/** One blocked image, with the spec's field names (§3). */
export interface BlockedImageView {
  id: string;
  /** The picture: the admin-only file while it is private, the look's public picture once restored. */
  blocked_s3_url: string | null;
  combo_code: string;
  gender: string;
  style_vibe: string | null;
  skin_tone: string | null;
  body_shape: string | null;
  occasion: string | null;
  color_palette: string | null;
  /** Our addition: the trend, when the look was made for one (the spec's fields name no trend). */
  trend: string | null;
  rejection_reason: RejectionReason;
  rejection_details: { error: string | null; reasoning: string | null };
  quality_score: number | null;
  safety_score: number | null;
  human_realism_score: number | null;
  admin_review_status: BlockedReviewStatus;
  admin_reviewer: string | null;
  reviewed_at: string | null;
  admin_notes: string | null;
  blocked_at: string;
  /** Our addition: the inventory look a restore made. */
  restored_image_id: string | null;
}

export interface BlockedListAnswer {
  images: BlockedImageView[];
  hasMore: boolean;
}

export interface BlockedStats {
  total: number;
  pending: number;
  approved: number;
  rejected: number;
  restored: number;
  eligibleForCleanup: number;
}

/** The admin-only address of a blocked image's private file (apps/server/src/admin-files.ts). */
export const blockedImagePath = (id: string) => `/api/admin/blocked-images/${id}/image`;
