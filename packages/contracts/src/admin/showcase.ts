import { z } from '../zod';
import type { Gender } from '../domain/catalog';
import { LANDING_CAROUSEL_LOOKS } from '../landing';
import { genderFilter, imageIdInput, queryInt } from '../looks';
import { text } from '../domain/text';

/** settings-and-admin §9: the showcase lookbook manager's page size (both of its lists). */
export const SHOWCASE_PAGE_SIZE = 24;

/**
 * The showcase holds at most what the landing carousel shows (3 slides of 5): every curated look
 * is then on the carousel, and none waits unseen behind the fifteenth (docs/spec-notes.md).
 */
export const SHOWCASE_CAP = LANDING_CAROUSEL_LOOKS;

/** Pages are 1-based; this deep is 240,000 looks, past any LookBook this product keeps. */
const pageParam = queryInt(1, 10_000, 1, 'page');

/** GET /api/admin/lookbook-images?page&gender. */
export const lookbookImagesInput = z.object({ page: pageParam, gender: genderFilter });
export type LookbookImagesInput = z.input<typeof lookbookImagesInput>;

/** GET /api/admin/showcase-items?page. */
export const showcaseItemsInput = z.object({ page: pageParam });

/** POST /api/admin/add-to-showcase (settings-and-admin §7.2: body imageId, combinationCode). */
export const addToShowcaseInput = z.object({
  imageId: imageIdInput,
  combinationCode: text().trim().min(1, 'combinationCode is required').max(100),
});
export type AddToShowcaseInput = z.input<typeof addToShowcaseInput>;

/** DELETE /api/admin/showcase-items/{imageId}. */
export const removeFromShowcaseInput = z.object({ imageId: imageIdInput });

/** DELETE /api/admin/lookbook-images/{imageId}: the look goes back to the inventory. */
export const removeFromLookbookInput = z.object({ imageId: imageIdInput });

/** A LookBook look in the manager (settings-and-admin §3 Lookbook image: id, imageUrl, combinationCode). */
export interface AdminLookbookImage {
  id: string;
  /** The look's thumbnail. */
  imageUrl: string;
  /** The full picture, its size and its pieces: the card's srcset and alt text. */
  fullImageUrl: string;
  width: number;
  height: number;
  pieces: { name: string; color: string }[];
  combinationCode: string;
  gender: Gender;
  /** The trend, palette or occasion it was made for, as the screens name it. */
  name: string;
  qualityScore: number;
  inShowcase: boolean;
  /** When it entered the LookBook (ISO). */
  lookbookAt: string;
}

export interface AdminLookbookImagesPage {
  images: AdminLookbookImage[];
  page: number;
  hasMore: boolean;
}

/** A showcase item (settings-and-admin §3: imageId), with what the manager shows of its look. */
export interface AdminShowcaseItem {
  imageId: string;
  /** The look's thumbnail; the full picture, its size and its pieces (the card's srcset and alt text). */
  imageUrl: string;
  fullImageUrl: string;
  width: number;
  height: number;
  pieces: { name: string; color: string }[];
  combinationCode: string;
  gender: Gender;
  name: string;
  /** When the admin added it (ISO). */
  addedAt: string;
  /** Its place on the landing carousel, from 1 (the newest addition comes first). */
  position: number;
}

export interface AdminShowcaseItemsPage {
  items: AdminShowcaseItem[];
  page: number;
  hasMore: boolean;
  /** Items in the showcase, and how many it can hold. */
  total: number;
  cap: number;
}

export interface AddToShowcaseResult {
  imageId: string;
  /** False when it was already there (adding twice changes nothing). */
  added: boolean;
  total: number;
}

export interface RemoveFromShowcaseResult {
  imageId: string;
  removed: boolean;
}

export interface RemoveFromLookbookResult {
  imageId: string;
  status: 'viewable';
  /** Whether it was in the showcase too (and left it). */
  leftShowcase: boolean;
}

/** The manager's words (the spec gives none for this screen but its purpose). */
export const showcaseMessages = {
  /** showcase_full's message, with the cap. */
  full: `The showcase is full (${SHOWCASE_CAP} looks, the landing carousel). Remove a look first.`,
  loadLookbookFailed: 'Unable to load LookBook images. Please try again.',
  loadShowcaseFailed: 'Unable to load showcase items. Please try again.',
  addFailed: 'Unable to add to the showcase',
  removeFailed: 'Unable to remove from the showcase',
  removeFromLookbookFailed: 'Unable to remove from the LookBook',
  emptyShowcase: 'The showcase is empty: the landing carousel picks LookBook looks by itself until you add some.',
  emptyLookbook: 'No LookBook looks yet.',
  emptyLookbookFiltered: 'No LookBook looks for this gender.',
} as const;
