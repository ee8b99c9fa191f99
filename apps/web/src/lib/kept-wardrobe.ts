import { KEPT_CACHE, KEPT_WARDROBE_KEY } from '@drape/contracts/offline';
import type { WardrobePage } from '@drape/contracts/wardrobe';
import { imageSources } from './image-sources';

/**
 * The wardrobe's first page as its user last saw it, kept for offline reading (decision 0032):
 * its data in local storage beside the auth, its pictures in a Cache Storage cache the app writes.
 * The service worker caches no /api or /trpc answer, and knows nobody: keeping per user is the
 * app's job, and so is wiping it when the user signs out or someone else signs in.
 */
interface Kept {
  userId: string;
  page: WardrobePage;
}

/** Our own origin's copies of the page's pictures (a CDN's may be gone; ours are what the worker serves). */
function pictureUrls(page: WardrobePage): string[] {
  const origin = window.location.origin;
  return page.items
    .flatMap((e) => imageSources([e.thumbnailUrl, e.imageUrl], origin))
    .filter((src) => new URL(src, origin).origin === origin);
}

/** Keeps the page (replacing what was kept) and fetches its pictures into the kept cache. */
export async function keepWardrobePage(userId: string, page: WardrobePage): Promise<void> {
  try {
    localStorage.setItem(KEPT_WARDROBE_KEY, JSON.stringify({ userId, page } satisfies Kept));
  } catch {
    return; // storage refused (private mode, quota): nothing is kept
  }
  if (typeof caches === 'undefined') return;
  const cache = await caches.open(KEPT_CACHE);
  const wanted = new Set(pictureUrls(page).map((src) => new URL(src, window.location.origin).href));
  for (const request of await cache.keys()) {
    if (!wanted.has(request.url)) await cache.delete(request);
  }
  for (const url of wanted) {
    if (await cache.match(url)) continue;
    // One at a time, after the page is on screen: the browser's own copy usually answers.
    const answer = await fetch(url).catch(() => null);
    if (answer?.ok) await cache.put(url, answer);
  }
  // Signed out while the pictures were being kept: the wipe must not be undone by this late write.
  if (readKeptWardrobe(userId) === null) await caches.delete(KEPT_CACHE);
}

/** The kept page, when it is this user's. */
export function readKeptWardrobe(userId: string): WardrobePage | null {
  try {
    const raw = localStorage.getItem(KEPT_WARDROBE_KEY);
    const kept = raw ? (JSON.parse(raw) as Kept) : null;
    return kept?.userId === userId ? kept.page : null;
  } catch {
    return null;
  }
}

/** Sign-out, expiry, another person signing in: the kept page and its pictures go. */
export function wipeKeptWardrobe(): void {
  try {
    localStorage.removeItem(KEPT_WARDROBE_KEY);
  } catch {
    // storage unavailable: nothing was kept there
  }
  if (typeof caches !== 'undefined') void caches.delete(KEPT_CACHE).catch(() => undefined);
}
