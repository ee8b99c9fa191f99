/* global self, caches, fetch, Response, URL, Request */
// Drape's service worker (decision 0032). The build (vite-service-worker.ts) puts this build's
// rules in place of DRAPE_RULES: its version, the hashed files to precache, and the paths below.
//
// What it keeps: this build's hashed chunks, styles and fonts, the offline page and the app's
// shell, all in one cache per build. What it never keeps: /api and /trpc (never even intercepted),
// the prerendered pages (navigations always go to the network: /, /auth and /dashboard differ by cookie), the
// admin app (not intercepted, and offline its pages fail as they would without a worker), and
// the wardrobe's images, which the app keeps in a cache of its own per user.
const RULES = DRAPE_RULES;
const CACHE = RULES.precachePrefix + RULES.version;
const PRECACHED = new Set(RULES.precache);

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      // cache: 'reload': the network's copy, not one the HTTP cache kept from an older build.
      .then((cache) => cache.addAll([...RULES.precache, RULES.offlinePage, RULES.appPath].map((url) => new Request(url, { cache: 'reload' }))))
      // A new build's worker takes over at once: navigations come from the network, and each
      // offline answer comes from one build's cache, so no page mixes two builds' chunks.
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(RULES.precachePrefix) && name !== CACHE) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

const isServerPath = (path) => path.startsWith('/api/') || path.startsWith('/trpc/');
const isAppPage = (path) => RULES.pagePaths.includes(path) || RULES.pagePrefixes.some((prefix) => path.startsWith(prefix));

// Navigations go to the network, always (no navigation preload: a navigation the worker leaves
// alone, the admin app's, would be asked for twice). Only when it fails does the worker answer.
async function navigate(request, path) {
  try {
    return await fetch(request);
  } catch (err) {
    // The wardrobe's page runs the app (this build's shell and chunks), which shows what it kept.
    const answer = await caches.match(path === RULES.appPath ? RULES.appPath : RULES.offlinePage, { cacheName: CACHE });
    if (answer) return answer;
    throw err;
  }
}

async function precached(request) {
  return (await caches.match(request, { cacheName: CACHE })) || fetch(request);
}

async function media(request) {
  try {
    return await fetch(request);
  } catch (err) {
    // ignoreVary: an image's answer may vary on Accept, which an <img> and the app's fetch set differently.
    const kept = await caches.match(request, { cacheName: RULES.keptCache, ignoreVary: true });
    if (kept) return kept;
    throw err;
  }
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin || isServerPath(url.pathname)) return;
  if (request.mode === 'navigate') {
    // The web app's own pages only: a referral link, or the admin app's hidden path, which this
    // public script must not name, fail offline as they would without a worker.
    if (isAppPage(url.pathname) || url.pathname === RULES.appPath) event.respondWith(navigate(request, url.pathname));
  }
  else if (PRECACHED.has(url.pathname)) event.respondWith(precached(request));
  else if (url.pathname.startsWith(RULES.mediaPrefix)) event.respondWith(media(request));
});
