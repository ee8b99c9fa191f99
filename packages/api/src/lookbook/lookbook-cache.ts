import { lookAnswer } from '@drape/contracts/look-answers';
import type { LookView } from '@drape/contracts/looks';
import type { Db } from '@drape/db';
import { whenLooksMove } from '@drape/looks';
import { restLook } from '../rest/spellings';

/**
 * The LookBook shared by every caller of one server process (docs/decisions/0030-lookbook-shared-cache.md):
 * per filter, the whole list's order (ids and sort keys, by position), and the looks' cards
 * without the caller's saved flag, as objects and as ready JSON, each built once per change of the LookBook and shared by
 * every page that needs it. It is held only while this process hears PostgreSQL's
 * `lookbook_changes` (lookbook-changes.ts), which drops all of it within a moment of a change on
 * any process; while that connection is lost nothing is kept, and its return drops what was.
 */

/** One filter's list, newest in the LookBook first. */
export interface LookbookList {
  ids: string[];
  /** Each look's `lookbook_at` in epoch microseconds (the keyset's first key). */
  at: Float64Array;
  /** False when the list was cut at its cap (MAX_LOOKS_OFFSET and a page): positions past it are read from the database. */
  complete: boolean;
}

/** Positions held across all filters' lists: about 70 bytes each, so a few tens of MB at most. */
export const MAX_HELD_POSITIONS = 400_000;
/** Cards held (a card with its pieces is a few KB). */
export const MAX_HELD_LOOKS = 5_000;
/** Whole pages held as bytes (those where the caller saved none of the looks: the same for everyone), ~120 KB each. */
export const MAX_HELD_PAGES = 100;
/** Users whose saved looks are held (a wardrobe is a set of ids: a Stylist's 20, a collector's thousands). */
export const MAX_HELD_WARDROBES = 2_000;

/** A card as every caller gets it, and its REST JSON with the saved flag false and true (index 0, 1). */
export interface HeldCard {
  view: LookView;
  json: readonly [Buffer, Buffer];
}

/**
 * A card checked against the look's answer schema once, as it is built (a field it does not name
 * is dropped, a wrong one throws), so that pages made of held cards need no check per call
 * (checked-answers.ts).
 */
const held = (loaded: LookView): HeldCard => {
  const view = lookAnswer.parse({ ...loaded, saved: false });
  return {
    view,
    json: [Buffer.from(JSON.stringify(restLook(view))), Buffer.from(JSON.stringify(restLook({ ...view, saved: true })))],
  };
};

interface State {
  lists: Map<string, Promise<LookbookList>>;
  sizes: Map<string, number>;
  positions: number;
  looks: Map<string, Promise<HeldCard | undefined>>;
  pages: Map<string, Buffer>;
}

const fresh = (): State => ({ lists: new Map(), sizes: new Map(), positions: 0, looks: new Map(), pages: new Map() });

export class SharedLookbook {
  private state = fresh();
  /**
   * What is held per user and follows their saved looks (the ids, the wardrobe's smart
   * collections): dropped by their own notification or all at once.
   */
  private wardrobes = new Map<string, Map<string, Promise<unknown>>>();

  /** Stops dropping this copy when this process moves a look (a newer copy replaced it). */
  stopDropping: () => void = () => {};

  constructor(private readonly listening: () => boolean) {}

  /** Whether copies may be served: only while changes are heard. */
  live(): boolean {
    return this.listening();
  }

  /** Forgets every list and card (a change, or a return after the notifications were not heard). */
  drop(): void {
    this.state = fresh();
  }

  /** A page's bytes under `key` (its first look, length and other fields), made by `encode` once per change. */
  page(key: string, encode: () => Buffer): Buffer {
    const pages = this.state.pages;
    let body = pages.get(key);
    if (body) {
      pages.delete(key);
    } else {
      body = encode();
      for (const [old] of pages) {
        if (pages.size < MAX_HELD_PAGES) break;
        pages.delete(old);
      }
    }
    pages.set(key, body);
    return body;
  }

  /** Forgets one user's saved looks (theirs changed), or everyone's (no user). */
  dropSaved(userId?: string): void {
    if (userId === undefined) this.wardrobes = new Map();
    else this.wardrobes.delete(userId);
  }

  /** The user's saved looks, read by `load` on the first call since they last changed. */
  saved(userId: string, load: () => Promise<ReadonlySet<string>>): Promise<ReadonlySet<string>> {
    return this.ofUser('saved', userId, load);
  }

  /**
   * Something built from the user's saved looks and their looks' shown fields (the wardrobe's
   * smart collections), built by `load` on the first call since either changed.
   */
  ofUser<T>(kind: string, userId: string, load: () => Promise<T>): Promise<T> {
    const all = this.wardrobes;
    let mine = all.get(userId);
    if (mine) {
      all.delete(userId);
    } else {
      mine = new Map();
      for (const [old] of all) {
        if (all.size < MAX_HELD_WARDROBES) break;
        all.delete(old);
      }
    }
    all.set(userId, mine);
    const held = mine.get(kind) as Promise<T> | undefined;
    if (held) return held;
    const loading = load();
    const kept = mine;
    kept.set(kind, loading);
    loading.catch(() => {
      if (kept.get(kind) === loading) kept.delete(kind);
    });
    return loading;
  }

  /** The list under `key`, built by `build` on the first call since the last change; concurrent callers share one build. */
  list(key: string, build: () => Promise<LookbookList>): Promise<LookbookList> {
    const s = this.state;
    const held = s.lists.get(key);
    if (held) {
      // Least recently used last in line for eviction.
      s.lists.delete(key);
      s.lists.set(key, held);
      return held;
    }
    const built = build();
    s.lists.set(key, built);
    built.then(
      (list) => {
        if (s.lists.get(key) !== built) return;
        s.sizes.set(key, list.ids.length);
        s.positions += list.ids.length;
        for (const [other] of s.lists) {
          if (s.positions <= MAX_HELD_POSITIONS) break;
          if (other === key) continue;
          this.evictList(s, other);
        }
      },
      () => {
        if (s.lists.get(key) === built) s.lists.delete(key);
      },
    );
    return built;
  }

  private evictList(s: State, key: string) {
    s.lists.delete(key);
    s.positions -= s.sizes.get(key) ?? 0;
    s.sizes.delete(key);
  }

  /**
   * The cards of these looks in this order (looks no longer there left out), those not held read
   * by one call of `load` (cards without a saved flag, in any order).
   */
  async looks(ids: readonly string[], load: (ids: string[]) => Promise<LookView[]>): Promise<HeldCard[]> {
    const s = this.state;
    const missing = ids.filter((id) => !s.looks.has(id));
    if (missing.length) {
      const loading = load(missing).then((views) => new Map(views.map((v) => [v.imageId, held(v)])));
      for (const id of missing) {
        const one = loading.then((byId) => byId.get(id));
        s.looks.set(id, one);
        one.catch(() => {
          if (s.looks.get(id) === one) s.looks.delete(id);
        });
      }
      for (const [old] of s.looks) {
        if (s.looks.size <= MAX_HELD_LOOKS) break;
        s.looks.delete(old);
      }
    }
    const cards = await Promise.all(ids.map((id) => s.looks.get(id) ?? load([id]).then((v) => (v[0] ? held(v[0]) : undefined))));
    return cards.filter((c): c is HeldCard => c !== undefined);
  }
}

const caches = new WeakMap<Db, SharedLookbook>();

/** Makes this database's LookBook shared in this process, served while `listening()` says changes are heard. */
export function shareLookbook(db: Db, listening: () => boolean): SharedLookbook {
  const cache = new SharedLookbook(listening);
  caches.get(db)?.stopDropping();
  caches.set(db, cache);
  // A look this process moves shows on its next page, before the notification comes back.
  cache.stopDropping = whenLooksMove(db, () => cache.drop());
  return cache;
}

/** The shared LookBook, or null when there is none or changes are not heard right now (then nothing is kept). */
export function sharedLookbookOf(db: Db): SharedLookbook | null {
  const cache = caches.get(db);
  if (!cache) return null;
  if (!cache.live()) {
    cache.drop();
    return null;
  }
  return cache;
}

/** Drops this process's copy of one user's saved looks now (they saved or removed one). */
export function forgetSavedLooks(db: Db, userId: string): void {
  caches.get(db)?.dropSaved(userId);
}

/**
 * The first position after the cursor's look in a list sorted by (at desc, id desc): where the
 * next page starts, whatever was added above or removed meanwhile.
 */
export function positionAfter(list: LookbookList, at: number, id: string): number {
  let lo = 0;
  let hi = list.ids.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const a = list.at[mid]!;
    const after = a < at || (a === at && list.ids[mid]! < id);
    if (after) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}
