import type { Db } from './client';

/**
 * Answers this process keeps per database for a while: the landing's showcase and stats, the
 * admin's activity figures, the platform toggles every call checks. Concurrent callers share the
 * one query in flight; a failed query is not kept, so the next call tries again.
 */
const caches = new WeakMap<Db, Map<string, { at: number; value: Promise<unknown> }>>();

export function cachedPerDb<T>(db: Db, key: string, maxAgeMs: number, compute: () => Promise<T>, now = Date.now()): Promise<T> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  const held = cache.get(key);
  if (held && now - held.at < maxAgeMs) return held.value as Promise<T>;
  const value = compute();
  const entry = { at: now, value };
  cache.set(key, entry);
  value.catch(() => {
    if (cache.get(key) === entry) cache.delete(key);
  });
  return value;
}

/** Drops this process's answers under these keys: its own change then shows at once. */
export function forgetCached(db: Db, ...keys: string[]): void {
  const cache = caches.get(db);
  for (const key of keys) cache?.delete(key);
}
