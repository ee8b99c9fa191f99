import { z } from './zod';
import { SHARE_BONUS_PER_DAY } from './domain/tier-policy';

/**
 * Where a share starts: the wardrobe and the LookBook (user-area §7), and the outfit result page
 * (our addition: the result page has a share button too, docs/spec-notes.md).
 */
export const SHARE_TYPES = ['wardrobe', 'lookbook', 'result'] as const;
export type ShareType = (typeof SHARE_TYPES)[number];

const imageId = z.uuid('Not an image id');

/** POST /api/share/outfit and GET /api/share/outfit/{imageId}. */
export const shareOutfitInput = z.object({ imageId });
export type ShareOutfitInput = z.infer<typeof shareOutfitInput>;

/** POST /api/user/track-share. */
export const trackShareInput = z.object({
  imageId,
  shareType: z.enum(SHARE_TYPES, `shareType must be one of ${SHARE_TYPES.join(', ')}`),
});
export type TrackShareInput = z.infer<typeof trackShareInput>;

export { sharedOutfitPath } from './share-link';

export const shareMessages = {
  /** user-area §2 Shared outfit link. */
  notFoundTitle: 'Outfit Not Found',
  notFound: 'This shared outfit link is invalid or has expired.',
  /** Share of an image the caller may not see, or that does not exist: one answer for both. */
  imageNotFound: 'No such image.',
  linkCopied: 'Link copied',
  bonusGranted: `+${SHARE_BONUS_PER_DAY} looks added to today's limit`,
  failed: "Couldn't share this look. Please try again.",
  copyManually: 'Copy this link to share the look:',
} as const;

export interface ShareOutfitAnswer {
  success: true;
  shareUrl: string;
}

/** The day's limit after a share: the +3 bonus is granted once a day (user-area §9). */
export interface TrackShareAnswer {
  success: true;
  bonusGranted: boolean;
  dailyLimit: number;
  used: number;
  remaining: number;
}
