/**
 * The web app's own timers: how long answers are kept, how often it asks, how long it waits after a
 * keystroke. Only the browser uses them, so they live here and not in @drape/contracts (issue 17);
 * the server's caches keep their constants there (LANDING_SERVER_CACHE_MS).
 */

/**
 * How long the client keeps an answer before asking again (user-area §7, §9: the showcase is
 * refreshed every 12 hours, the LookBook stats every 30 minutes, trend conversion after 24 hours,
 * profile and LookBook queries after 5 minutes).
 */
export const CLIENT_STALE_MS = {
  showcase: 12 * 60 * 60_000,
  lookbookStats: 30 * 60_000,
  trendConversion: 24 * 60 * 60_000,
  profile: 5 * 60_000,
  lookbook: 5 * 60_000,
} as const;

/** user-area §7: the client keeps the domains 30 minutes, and the US ones 5 minutes after a failure. */
export const LOCALIZED_DOMAINS_STALE_MS = 30 * 60_000;
export const LOCALIZED_DOMAINS_RETRY_MS = 5 * 60_000;

/** Session and form timers (user-area §4, §9). */
export const SESSION_CHECK_MS = 5 * 60_000;
export const TOKEN_REFRESH_MS = 45 * 60_000;
export const SESSION_BANNER_MS = 10_000;
export const USERNAME_DEBOUNCE_MS = 500;
export const REFERRER_DEBOUNCE_MS = 300;

/** user-area §2 LookBook: infinite scroll 1000 px from the end, checked 100 ms after the scroll settles. */
export const INFINITE_SCROLL = { thresholdPx: 1000, debounceMs: 100 } as const;
/** user-area §2 LookBook: staggered card animation, 150 ms per card. */
export const CARD_STAGGER_MS = 150;

/** How often the maintenance page asks whether maintenance has ended. */
export const MAINTENANCE_RETRY_MS = 30_000;
