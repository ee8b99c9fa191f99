import { sql, type CompiledQuery } from 'kysely';
import type { Config } from '@drape/config';
import { tierPolicy, type ColorFamily } from '@drape/contracts';
import { lookbookPageAnswer } from '@drape/contracts/look-answers';
import { lookbookMessages, type LookbookListQuery, type LookbookPage } from '@drape/contracts/lookbook';
import { LOOKS_PAGE_SIZE, MAX_LOOKS_OFFSET, type LookView } from '@drape/contracts/looks';
import type { Db, ImageStatus, UserRow } from '@drape/db';
import { markChecked } from '../checked-answers';
import type { ResponseHints } from '../context';
import { appError } from '../errors';
import { hasLookFilters, resolveLookFilters, type LookFilters } from '../looks/look-filters';
import { lookViews } from '../looks/look-view';
import { decodeCursor, encodeCursor, type PageCursor } from '../looks/page-cursor';
import { positionAfter, sharedLookbookOf, type HeldCard, type LookbookList, type SharedLookbook } from './lookbook-cache';
import { touchLookbookSession } from './lookbook-session';
import { listEnd, windowPage, windowRuns, WINDOW_END_MAX } from './lookbook-window';

export interface LookbookDeps {
  db: Db;
  config: Pick<Config, 'CDN_BASE_URL'>;
}

/** The partial indexes' predicate, as a literal: a bound parameter would not match it in a generic plan. */
const IN_LOOKBOOK = sql.lit<ImageStatus>('lookbook');

/** A look's place in the LookBook's order: its id and `lookbook_at` in epoch microseconds (int8 as text). */
export interface LookbookKey {
  id: string;
  at: string;
}

/** A page's ids as a query: what the service runs, and what the plan checks explain. */
export interface PageIdsQuery {
  compile(): CompiledQuery<LookbookKey>;
  execute(): Promise<LookbookKey[]>;
}

export type LookbookFilters = LookFilters & { color?: ColorFamily | undefined };

/** A time in exact epoch microseconds (a JS Date keeps milliseconds; the keyset needs PostgreSQL's own). */
const micros = (column: string) => sql<string>`(extract(epoch from ${sql.ref(column)}) * 1000000)::int8`;
const fromMicros = (at: string) => sql`(timestamptz 'epoch' + ${at}::int8 * interval '1 microsecond')`;

/**
 * The keys of one page, newest in the LookBook first, by an index-only range of the partial index
 * that fits the filter (docs/decisions/0011-lookbook-and-wardrobe-paging.md): from a position (the
 * offset contract: skipped index entries, not rows), or after a cursor's look (keyset: a range
 * that starts there, as quick at any depth).
 */
export function pageIdsQuery(db: Db, f: LookbookFilters, from: number | PageCursor, limit: number): PageIdsQuery {
  const offset = typeof from === 'number' ? from : 0;
  if (f.color) {
    // One row per color of each LookBook look, ordered as the LookBook: a rare color is as quick as a common one.
    let q = db.selectFrom('lookbook_colors as lc').select(['lc.image_id as id', micros('lc.lookbook_at').as('at')]).where('lc.color', '=', f.color);
    if (f.gender) q = q.where('lc.gender', '=', f.gender);
    if (typeof from !== 'number') q = q.where(sql<boolean>`(lc.lookbook_at, lc.image_id) < (${fromMicros(from.at)}, ${from.id}::uuid)`);
    if (f.selections.length || f.styleVibe) {
      q = q.where((eb) =>
        eb.exists(
          eb.selectFrom('generated_images as gi')
            .select(sql`1`.as('one'))
            .whereRef('gi.id', '=', 'lc.image_id')
            // The predicate of the partial indexes: the other filter is then a range of lookbook_selection
            // or lookbook_style_vibe, not of every look of that selection.
            .where('gi.status', '=', IN_LOOKBOOK)
            .where((g) => g.and([
              ...f.selections.flatMap((s) => [g('gi.selection_kind', '=', s.kind), g('gi.selection_id', '=', s.id)]),
              ...(f.styleVibe ? [g('gi.style_vibe', '=', f.styleVibe)] : []),
            ])),
        ),
      );
    }
    return q.orderBy('lc.lookbook_at', 'desc').orderBy('lc.image_id', 'desc').offset(offset).limit(limit);
  }
  let q = db.selectFrom('generated_images as gi').select(['gi.id', micros('gi.lookbook_at').as('at')]).where('gi.status', '=', IN_LOOKBOOK);
  if (f.gender) q = q.where('gi.gender', '=', f.gender);
  for (const s of f.selections) q = q.where('gi.selection_kind', '=', s.kind).where('gi.selection_id', '=', s.id);
  if (f.styleVibe) q = q.where('gi.style_vibe', '=', f.styleVibe);
  if (typeof from !== 'number') q = q.where(sql<boolean>`(gi.lookbook_at, gi.id) < (${fromMicros(from.at)}, ${from.id}::uuid)`);
  return q.orderBy('gi.lookbook_at', 'desc').orderBy('gi.id', 'desc').offset(offset).limit(limit);
}

/** The most positions a list is held to: the deepest offset and a page, and one more for hasMore. */
const HELD = MAX_LOOKS_OFFSET + LOOKS_PAGE_SIZE + 1;

/** One filter's whole list (to its cap) for the shared LookBook: one index-only range. */
async function buildList(db: Db, f: LookbookFilters): Promise<LookbookList> {
  const rows = await pageIdsQuery(db, f, 0, HELD).execute();
  return { ids: rows.map((r) => r.id), at: Float64Array.from(rows, (r) => Number(r.at)), complete: rows.length < HELD };
}

/** A viewer who saved nothing: the shared cards carry no one's saved flag. */
const NO_VIEWER = '00000000-0000-0000-0000-000000000000';

/** The looks the user saved: an index-only range of wardrobe_items (user_id, image_id). */
async function savedLooks(db: Db, userId: string): Promise<ReadonlySet<string>> {
  const rows = await db.selectFrom('wardrobe_items').select('image_id').where('user_id', '=', userId).execute();
  return new Set(rows.map((r) => r.image_id));
}

const cardsOf = (deps: Pick<LookbookDeps, 'db' | 'config'>, shared: SharedLookbook, ids: readonly string[]) =>
  shared.looks(ids, (missing) => lookViews(deps.db, deps.config, NO_VIEWER, missing));

/**
 * The shared cards of these looks, in this order (looks that are gone left out), whatever their
 * status: the wardrobe's pages read them too. Null while the process holds no shared copy (its
 * LISTEN connection lost): the caller reads the database. A card of a look held in a wardrobe is
 * dropped on every process when its shown fields or pieces change (migration 0023).
 */
export async function sharedCards(deps: Pick<LookbookDeps, 'db' | 'config'>, ids: readonly string[]): Promise<HeldCard[] | null> {
  const shared = sharedLookbookOf(deps.db);
  return shared ? cardsOf(deps, shared, ids) : null;
}

interface PageKeys {
  /** Up to `room` + 1 keys from the page's start: one beyond says whether there is more. */
  keys: LookbookKey[];
  /** The page's first position. */
  start: number;
  /** The cards with the caller's saved flags, or the shared cards and the caller's saved looks. */
  looks(ids: string[]): Promise<{ looks: LookView[] } | { cards: HeldCard[]; saved: ReadonlySet<string>; shared: SharedLookbook; listKey: string }>;
}

/** A filter's list from the shared LookBook, built on first need (null: this process holds no shared copy). */
async function heldList(deps: LookbookDeps, f: LookbookFilters): Promise<{ shared: SharedLookbook; list: LookbookList; key: string } | null> {
  const shared = sharedLookbookOf(deps.db);
  if (!shared) return null;
  const key = JSON.stringify([f.gender ?? null, f.selections.map((s) => `${s.kind}:${s.id}`), f.styleVibe ?? null, f.color ?? null]);
  return { shared, key, list: await shared.list(key, () => buildList(deps.db, f)) };
}

/** The page's keys and cards from the shared LookBook (null: not held, or past its cap). */
async function fromShared(deps: LookbookDeps, user: UserRow, f: LookbookFilters, from: number | PageCursor, room: number): Promise<PageKeys | null> {
  const held = await heldList(deps, f);
  if (!held) return null;
  const { shared, list, key } = held;
  const start = typeof from === 'number' ? from : positionAfter(list, Number(from.at), from.id);
  const end = start + room + 1;
  if (!list.complete && end > list.ids.length) return null;
  const keys = list.ids.slice(start, end).map((id, i) => ({ id, at: String(list.at[start + i]) }));
  return {
    keys,
    start,
    async looks(ids) {
      const [cards, saved] = await Promise.all([cardsOf(deps, shared, ids), shared.saved(user.id, () => savedLooks(deps.db, user.id))]);
      return { cards, saved, shared, listKey: key };
    },
  };
}

/** The same from the database: the deferred join of decision 11. */
async function fromDatabase(deps: LookbookDeps, user: UserRow, f: LookbookFilters, from: number | PageCursor, room: number): Promise<PageKeys> {
  return {
    keys: await pageIdsQuery(deps.db, f, from, room + 1).execute(),
    start: typeof from === 'number' ? from : from.n,
    looks: async (ids) => ({ looks: await lookViews(deps.db, deps.config, user.id, ids) }),
  };
}

/**
 * GET /api/siims/lookbook: a page of the LookBook. Stylist and above (user-area §6); filters are a
 * Fashion Icon's. A capped tier sees its 50 looks per LookBook session (sessionPage). The page
 * comes from the process's shared LookBook while it is held (lookbook-cache.ts), else from the database.
 */
export async function listLookbook(deps: LookbookDeps, user: UserRow, input: LookbookListQuery, response: ResponseHints = {}): Promise<LookbookPage> {
  const policy = tierPolicy(user.tier);
  if (!policy.lookbook) throw appError('tier_required', lookbookMessages.tierRequired);
  const filters = resolveLookFilters({ gender: input.gender, occasion: input.occasion, trend: input.trend, styleVibe: input.style_vibe ?? input.styleVibe });
  if (!policy.lookbookFilters && (hasLookFilters(filters) || input.color)) throw appError('filters_tier', lookbookMessages.filtersTier);
  const cursor = input.cursor ? decodeCursor(input.cursor) : null;
  // A cursor's n is how many looks the list had shown before it: the cap counts from there.
  const position = cursor?.n ?? input.offset;

  const cap = policy.lookbookViewsPerSession;
  const base = { limit: input.limit, viewLimit: cap, filtersAllowed: policy.lookbookFilters };
  const f = { ...filters, color: input.color };
  if (cap !== null) return sessionPage(deps, user, f, position, input.limit, { ...base, viewLimit: cap }, response);

  const room = input.limit;
  const from = cursor ?? input.offset;
  const page = (await fromShared(deps, user, f, from, room)) ?? (await fromDatabase(deps, user, f, from, room));
  const shown = page.keys.slice(0, room);
  const found = await page.looks(shown.map((k) => k.id));
  // With a cursor the page starts after the cursor's look, counted from the cursor's position.
  const offset = cursor ? cursor.n : page.start;
  const hasMore = page.keys.length > room;
  const last = shown.at(-1);
  const rest = { ...base, offset, hasMore, viewLimitReached: false, nextCursor: hasMore && last ? encodeCursor({ at: last.at, id: last.id, n: offset + shown.length }) : null };
  if ('looks' in found) return { looks: found.looks, ...rest };
  return sharedAnswer(found, rest, shown, response);
}

/** The LookBook's length up to where a session window wraps: an index-only count of lookbook_newest. */
async function lookbookLength(db: Db): Promise<number> {
  const inner = db.selectFrom('generated_images').select(sql`1`.as('one')).where('status', '=', IN_LOOKBOOK).limit(WINDOW_END_MAX);
  const row = await db.selectFrom(inner.as('l')).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * A page of a capped tier's LookBook session (docs/decisions/0011, amended by issue 18): the
 * session (lookbook-session.ts) is a window of `cap` positions on the LookBook's order, starting
 * where the previous session stopped and wrapping at the end; the page's position counts within
 * it (a cursor's n, or the offset; the cursor's key is not used, as a wrapped window is not one
 * range of the order). Past the cap the answer is empty with viewLimitReached. The positions map
 * onto the same shared list and cards as everyone's pages: only the window's start is the user's.
 */
async function sessionPage(
  deps: LookbookDeps,
  user: UserRow,
  f: LookbookFilters,
  position: number,
  limit: number,
  base: Omit<LookbookPage, 'looks' | 'offset' | 'hasMore' | 'nextCursor' | 'viewLimitReached'> & { viewLimit: number },
  response: ResponseHints,
): Promise<LookbookPage> {
  const held = await heldList(deps, f);
  const end = listEnd(held ? held.list.ids.length : await lookbookLength(deps.db));
  const w = windowPage(position, limit, base.viewLimit, end);
  const answered = { ...base, offset: position, hasMore: w.hasMore, viewLimitReached: w.viewLimitReached };
  if (w.shown === 0) return { ...answered, looks: [], hasMore: false, nextCursor: null };

  const start = await touchLookbookSession(deps.db, user.id, w.reach, end);
  const runs = windowRuns(start, position, w.shown, end);
  const keys = held
    ? runs.flatMap((r) => held.list.ids.slice(r.from, r.from + r.count).map((id, i) => ({ id, at: String(held.list.at[r.from + i]) })))
    : (await Promise.all(runs.map((r) => pageIdsQuery(deps.db, f, r.from, r.count).execute()))).flat();
  const last = keys.at(-1);
  const rest = { ...answered, nextCursor: w.hasMore && last ? encodeCursor({ at: last.at, id: last.id, n: w.reach }) : null };
  const ids = keys.map((k) => k.id);
  if (!held) return { looks: await lookViews(deps.db, deps.config, user.id, ids), ...rest };
  const { shared, key } = held;
  const [cards, saved] = await Promise.all([cardsOf(deps, shared, ids), shared.saved(user.id, () => savedLooks(deps.db, user.id))]);
  return sharedAnswer({ cards, saved, shared, listKey: key }, rest, keys, response);
}

/**
 * A page from the shared cards: the answer object (its cards with the caller's flags, made only
 * when read) and, for the REST table, its REST JSON: the cards' ready JSON joined. A page where
 * the caller saved none of the looks is the same bytes for everyone, so it is kept too.
 */
function sharedAnswer(
  found: { cards: HeldCard[]; saved: ReadonlySet<string>; shared: SharedLookbook; listKey: string },
  rest: Omit<LookbookPage, 'looks'>,
  shown: LookbookKey[],
  response: ResponseHints,
): LookbookPage {
  const { cards, saved, shared, listKey } = found;
  let looks: LookView[] | undefined;
  const answer = Object.defineProperty({ ...rest } as LookbookPage, 'looks', {
    enumerable: true,
    configurable: true,
    get: () => (looks ??= cards.map((c) => ({ ...c.view, saved: saved.has(c.view.imageId) }))),
  });
  const tail = JSON.stringify(rest);
  const encode = () => Buffer.concat([LOOKS_OPEN, ...cards.flatMap((c, i) => {
    const json = c.json[saved.has(c.view.imageId) ? 1 : 0];
    return i ? [COMMA, json] : [json];
  }), Buffer.from(`],${tail.slice(1)}`)]);
  const anySaved = cards.some((c) => saved.has(c.view.imageId));
  response.restBody = () => (anySaved ? encode() : shared.page(`${listKey}|${shown[0]?.id ?? ''}|${cards.length}|${tail}`, encode));
  // The cards were checked as they were held: the output check reads only the page's own fields.
  return markChecked(answer, () => pageFields.parse(rest));
}

const pageFields = lookbookPageAnswer.omit({ looks: true });
const LOOKS_OPEN = Buffer.from('{"looks":[');
const COMMA = Buffer.from(',');
