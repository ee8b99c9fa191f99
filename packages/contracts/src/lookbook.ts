import { z } from './zod';
import { catalogFilter, colorFilter, cursorInput, genderFilter, LOOKS_PAGE_SIZE, MAX_LOOKS_OFFSET, pagedOneWay, pagedOneWayIssue, queryInt } from './looks';
import type { lookbookPageAnswer } from './look-answers';

/** user-area §2 LookBook, §3 Lookbook image and filter, §4 Infinite scroll, §6. */

/** GET /api/siims/lookbook?gender&style_vibe&occasion&trend&color&limit=50&offset (or &cursor). */
export const lookbookListInput = z.object({
  limit: queryInt(1, LOOKS_PAGE_SIZE, LOOKS_PAGE_SIZE, 'limit'),
  offset: queryInt(0, MAX_LOOKS_OFFSET, 0, 'offset'),
  /** The previous page's nextCursor: the page after its last look, however the list changed meanwhile. */
  cursor: cursorInput,
  gender: genderFilter,
  style_vibe: catalogFilter,
  styleVibe: catalogFilter,
  occasion: catalogFilter,
  /** A trend, palette or occasion, by name or id (the spec's fixed category list mixes the three). */
  trend: catalogFilter,
  color: colorFilter,
}).refine(pagedOneWay, pagedOneWayIssue);
export type LookbookListInput = z.input<typeof lookbookListInput>;
/** The list's input once parsed: defaults applied, "no filter" spellings gone. */
export type LookbookListQuery = z.output<typeof lookbookListInput>;

export type LookbookPage = z.output<typeof lookbookPageAnswer>;

/**
 * A capped tier's LookBook session (user-area §6: 50 looks per session) ends after this long without
 * a LookBook page, or at sign-out; the next one starts where it stopped.
 */
export const LOOKBOOK_SESSION_IDLE_MINUTES = 30;

/** LOOKBOOK_AUTOCURATE's default: auto-curation fills the LookBook up to this many looks. */
export const LOOKBOOK_AUTOCURATE_DEFAULT = 200;

export const lookbookMessages = {
  emptyTitle: 'Discovering Your Perfect Look',
  emptyText: 'New styles are added daily, curated from the looks created across Drape.',
  end: "You've reached the end of the LookBook collection",
  loadingMore: 'Loading more images...',
  loadMore: 'Load More Looks',
  viewLimit: (n: number) => `You've viewed your ${n} looks for this session!`,
  filtersTier: 'LookBook filters are a Fashion Icon feature.',
  tierRequired: 'The LookBook starts at the Stylist tier.',
  filters: 'Filters',
  clear: 'Clear',
} as const;
