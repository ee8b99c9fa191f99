import { LOOKS_PAGE_SIZE, MAX_LOOKS_OFFSET } from '@drape/contracts/looks';

/**
 * A capped tier's LookBook session is a window on the LookBook's order (docs/decisions/0011,
 * amended by issue 18): up to its cap of positions from where the session started, wrapping past
 * the list's end to its top. Pure: the stored start, the page asked and the list's length in,
 * positions out.
 */

/** Where a window wraps: the list's length, at most as deep as any page reaches (MAX_LOOKS_OFFSET and a page). */
export const WINDOW_END_MAX = MAX_LOOKS_OFFSET + LOOKS_PAGE_SIZE;

export const listEnd = (length: number): number => Math.min(length, WINDOW_END_MAX);

export interface WindowPage {
  /** How many looks this page shows: 0 past the window. */
  shown: number;
  /** The session's reach once this page is shown: its first `reach` positions have been served. */
  reach: number;
  /** The window has more past this page. */
  hasMore: boolean;
  /** The page reaches the cap (a list shorter than the cap ends instead). */
  viewLimitReached: boolean;
}

/**
 * A page of a window: `position` looks of the session already shown, `room` asked (the page size),
 * `cap` looks per session, `end` positions in the list. A list shorter than the cap is one window:
 * its end is the collection's end, not the session's limit.
 */
export function windowPage(position: number, room: number, cap: number, end: number): WindowPage {
  const length = Math.min(cap, end);
  const shown = Math.max(0, Math.min(room, length - position));
  const reach = position + shown;
  return { shown, reach, hasMore: reach < length, viewLimitReached: end >= cap && reach >= cap };
}

/**
 * The list positions of a window's page: `shown` positions from the session's `position`, from
 * a window that starts at `start`, wrapping at `end`. As runs of consecutive positions (one, or
 * two when the page wraps), so that the database reads each with one range.
 */
export function windowRuns(start: number, position: number, shown: number, end: number): { from: number; count: number }[] {
  if (shown <= 0 || end <= 0) return [];
  const from = (start + position) % end;
  const first = Math.min(shown, end - from);
  return first === shown ? [{ from, count: shown }] : [{ from, count: first }, { from: 0, count: shown - first }];
}
