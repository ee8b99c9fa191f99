import { z } from './zod';
import { catalogFilter, cursorInput, genderFilter, imageIdInput, LOOKS_PAGE_SIZE, MAX_LOOKS_OFFSET, pagedOneWay, pagedOneWayIssue, queryInt } from './looks';
import type {
  wardrobeCollectionsAnswer, wardrobeContainsAnswer, wardrobeEntryAnswer, wardrobeNotesAnswer, wardrobePageAnswer, wardrobeRemoveAnswer, wardrobeSaveAnswer,
} from './look-answers';
import { STORAGE_PREFIX } from './storage-keys';
import { multilineText } from './domain/text';

/** user-area §2 Wardrobe, §3 Wardrobe item and Smart collection, §4 Save, §8 Notes. */

export const WARDROBE_SORTS = ['newest', 'oldest'] as const;
export type WardrobeSort = (typeof WARDROBE_SORTS)[number];

/** Notes on a saved look: a few paragraphs at most. */
export const WARDROBE_NOTES_MAX = 1000;
/** Preview pictures per smart collection. */
export const COLLECTION_PREVIEW = 4;
/**
 * The wardrobe's grouping choice, kept in local storage (user-area §2 Wardrobe) under the product
 * prefix, so that a different user signing in on the browser starts from none (user-area §4).
 */
export const WARDROBE_GROUPINGS = ['none', 'style', 'trend', 'color'] as const;
export type WardrobeGrouping = (typeof WARDROBE_GROUPINGS)[number];
export const WARDROBE_GROUPING_STORAGE_KEY = `${STORAGE_PREFIX}wardrobe_grouping`;

/** GET /api/siims/wardrobe?limit=50&offset (or &cursor)&gender&occasion&trend&styleVibe&sortBy. */
export const wardrobeListInput = z.object({
  limit: queryInt(1, LOOKS_PAGE_SIZE, LOOKS_PAGE_SIZE, 'limit'),
  offset: queryInt(0, MAX_LOOKS_OFFSET, 0, 'offset'),
  /** The previous page's nextCursor (with the same filters and sortBy). */
  cursor: cursorInput,
  gender: genderFilter,
  occasion: catalogFilter,
  /** A trend, or (as the LookBook's category list) a palette or occasion name or id. */
  trend: catalogFilter,
  /** Our addition: a style smart collection opens the list filtered by its vibe. */
  styleVibe: catalogFilter,
  sortBy: z.preprocess((v) => (v === '' || v === undefined ? undefined : v), z.enum(WARDROBE_SORTS, `sortBy must be one of ${WARDROBE_SORTS.join(', ')}`).default('newest')),
}).refine(pagedOneWay, pagedOneWayIssue);
export type WardrobeListInput = z.input<typeof wardrobeListInput>;
/** The list's input once parsed: defaults applied, "no filter" spellings gone. */
export type WardrobeListQuery = z.output<typeof wardrobeListInput>;

/** POST /api/siims/wardrobe and DELETE /api/siims/wardrobe/{imageId}. */
export const wardrobeImageInput = z.object({ imageId: imageIdInput });

/** PATCH /api/siims/wardrobe/{id}/notes: `id` is the wardrobe item's id; empty notes clear them. */
export const wardrobeNotesInput = z.object({
  id: z.uuid('Not a wardrobe item id'),
  notes: multilineText().max(WARDROBE_NOTES_MAX, `Notes must be ${WARDROBE_NOTES_MAX} characters or less`),
});
export type WardrobeNotesInput = z.output<typeof wardrobeNotesInput>;

/** Which of these looks the caller saved (the Save buttons' state). */
export const wardrobeContainsInput = z.object({ imageIds: z.array(imageIdInput).max(LOOKS_PAGE_SIZE * 2) });

/** user-area §3 Wardrobe item: the look, the wardrobe row's own id (`imageId` is the look's), and the notes. */
export type WardrobeEntry = z.output<typeof wardrobeEntryAnswer>;

/** The caller's wardrobe size against their tier's cap (null: unlimited). */
export interface WardrobeCount {
  saved: number;
  cap: number | null;
}

export type WardrobePage = z.output<typeof wardrobePageAnswer>;

export const COLLECTION_TYPES = ['occasion', 'style', 'trend'] as const;
export type CollectionType = (typeof COLLECTION_TYPES)[number];

/** user-area §3 Smart collection. `filter` is the wardrobe list's filter that shows all of it. */
export type SmartCollection = z.output<typeof wardrobeCollectionsAnswer>['collections'][number];

/**
 * Icon names of smart collections (an occasion's is its catalog icon: briefcase, heart...); trend
 * collections hold trends and color palettes alike, as the LookBook's category list does.
 */
export const COLLECTION_ICONS = { style: 'sparkles', trend: 'trending-up', palette: 'palette' } as const;

/** A smart collection's description, by what groups it. */
export const collectionDescriptions = {
  occasion: (name: string) => `Looks you saved for ${name}`,
  style: (name: string) => `Your ${name.toLowerCase()} looks`,
  trend: (name: string) => `Your take on ${name}`,
  palette: (name: string) => `Looks in the ${name} palette`,
} as const;

export type WardrobeCollections = z.output<typeof wardrobeCollectionsAnswer>;

export type WardrobeSaveAnswer = z.output<typeof wardrobeSaveAnswer>;

export type WardrobeRemoveAnswer = z.output<typeof wardrobeRemoveAnswer>;

export type WardrobeNotesAnswer = z.output<typeof wardrobeNotesAnswer>;

export type WardrobeContainsAnswer = z.output<typeof wardrobeContainsAnswer>;

export const wardrobeMessages = {
  /** user-area §8: the server's answer to a second save. */
  alreadySaved: 'Image already saved to wardrobe',
  full: 'Wardrobe Full!',
  fullDetail: (cap: number) => `Stylists keep up to ${cap} looks. Invite friends to reach Fashion Icon for an unlimited wardrobe.`,
  tierRequired: 'Saving looks to a wardrobe starts at the Stylist tier.',
  notFound: 'No such look in your wardrobe.',
  /** A save of a look the caller may not see, or that does not exist: one answer for both. */
  lookNotFound: 'No such look.',
  save: 'Save',
  saving: 'Saving...',
  saved: 'Saved',
  upgradeToSave: 'Upgrade to Save',
  notesUpdatedTitle: 'Notes Updated',
  notesUpdated: 'Your personal notes have been saved successfully.',
  notesFailedTitle: 'Update Failed',
  notesFailed: "We couldn't save your notes right now. Please try again.",
  emptyTitle: 'Your Personal Wardrobe Awaits',
  emptyAction: 'Explore Fashion Looks',
  loadMore: 'Load More Looks',
} as const;
