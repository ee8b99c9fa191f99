import { forgetCached, type Db } from '@drape/db';
import type { LookChange } from './status';

/**
 * The one place change records become side effects, so every writer of a look has the same ones:
 * the landing's answers cached in this process are dropped (the showcase, the best looks per
 * selection and the LookBook count all follow a look's status), and so are the per-process copies
 * registered with `whenLooksMove`. (Audit rows name a look by each procedure's `meta.audit`.) Called after the change's transaction commits: dropped before it, the cache could be
 * filled again with the old rows. Other server processes keep theirs for LANDING_SERVER_CACHE_MS
 * at most (docs/spec-notes.md).
 */

/** The landing's cache keys (catalog/showcase.service caches under them, per Db). */
export const LANDING_CACHE_KEYS = { showcase: 'landing:showcase', stats: 'landing:stats' } as const;

/** Whether any look moved: its status, or its place in the showcase. */
const moved = (changes: readonly LookChange[]) =>
  changes.some((c) => c.looks.some((l) => l.from.status !== l.to.status || l.from.inShowcase !== l.to.inShowcase));

const dropsOnMove = new WeakMap<Db, Set<() => void>>();

/**
 * Has `drop` run in this process whenever a committed change moves a look on `db`: a per-process
 * copy of looks (the shared LookBook) then shows its own process's change on the next read, before
 * the notification every process hears arrives. Answers the function that stops it.
 */
export function whenLooksMove(db: Db, drop: () => void): () => void {
  const drops = dropsOnMove.get(db) ?? new Set();
  dropsOnMove.set(db, drops);
  drops.add(drop);
  return () => drops.delete(drop);
}

/**
 * Applies the effects of committed changes on `db` (the process's own handle, never a transaction:
 * the cache is kept per handle).
 */
export function settle(db: Db, ...changes: LookChange[]): void {
  if (!moved(changes)) return;
  forgetCached(db, LANDING_CACHE_KEYS.showcase, LANDING_CACHE_KEYS.stats);
  for (const drop of dropsOnMove.get(db) ?? []) drop();
}
