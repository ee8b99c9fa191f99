// The installable app's offline rules (decision 0032): read by the web app, its build (which
// writes the service worker and the offline page) and the server. No zod here: every page reads it.
import { STORAGE_PREFIX } from './storage-keys';

/** The service worker's script, at the root so that its scope is the whole site. */
export const SERVICE_WORKER_PATH = '/sw.js';
/** The page a navigation gets when the network is gone (built, precached with the app). */
export const OFFLINE_PAGE_PATH = '/offline.html';
/** The one page the worker answers offline with the app itself: the wardrobe, as last seen. */
export const OFFLINE_APP_PATH = '/wardrobe';

/** The worker's own caches: one per build, so a page's HTML and chunks always come from one. */
export const PRECACHE_PREFIX = 'drape-precache-';
/**
 * The wardrobe's images as the signed-in user last saw them, written by the app (not the worker,
 * which caches no answer of /api or /trpc) and deleted with the user's local data.
 */
export const KEPT_CACHE = 'drape-kept';
/** The wardrobe's last-seen first page (its data), per user, beside the auth in local storage. */
export const KEPT_WARDROBE_KEY = `${STORAGE_PREFIX}kept_wardrobe`;

/**
 * The web app's paths whose navigation, offline, gets the offline page. Every other path (a
 * referral link, the admin app's hidden path, which the worker must not know) fails offline as it
 * would without a worker.
 */
export const OFFLINE_PAGE_PATHS = [
  '/',
  '/auth',
  '/login',
  '/signup',
  '/dashboard',
  '/outfit-result',
  '/lookbook',
  '/pieces',
  '/profile',
  '/settings',
  '/tiers',
  '/about',
  '/privacy',
  '/terms',
] as const;
/** Shared looks (`/outfit/{id}`): offline, the offline page too. */
export const OFFLINE_PAGE_PREFIXES = ['/outfit/'] as const;

export const offlineMessages = {
  title: "You're offline",
  body: 'Drape needs a connection for this page. Check your connection and try again.',
  wardrobeHint: 'Your wardrobe, as you last saw it, stays readable offline.',
  retry: 'Try again',
  wardrobeLink: 'Open my wardrobe',
  keptBanner: "You're offline: this is your wardrobe as you last saw it.",
} as const;
