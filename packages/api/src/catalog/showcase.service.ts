import { sql } from 'kysely';
import { GENDERS, OCCASIONS, PALETTES, TRENDS, type Gender, type SelectionKind, type SelectionRef } from '@drape/contracts';
import { LANDING_CAROUSEL_LOOKS, LANDING_SERVER_CACHE_MS, landingMessages, type CarouselLook, type LandingShowcase, type LookbookStats } from '@drape/contracts/landing';
import type { Config } from '@drape/config';
import { cachedPerDb, forgetCached, type Database, type Db } from '@drape/db';
import type { Selectable } from 'kysely';
import { LANDING_CACHE_KEYS, LOOK_COLUMNS as MAPPED_COLUMNS, lookOf, pieceNamesOf } from '@drape/looks';

/**
 * "Best-scored" among this many newest looks of one gender, selection and status: the selection
 * index (gender, kind, id, status, created_at) hands them over in order, so the pick reads a few
 * index entries per combination instead of sorting every look by score.
 */
export const BEST_OF_NEWEST = 20;

/** The showcase's selections in the order the carousel alternates them: a trend, a palette, an occasion... */
function interleavedSelections(): SelectionRef[] {
  const lists: SelectionRef[][] = [
    TRENDS.filter((t) => t.active).map((t) => ({ kind: 'trend', id: t.id })),
    PALETTES.map((p) => ({ kind: 'palette', id: p.id })),
    OCCASIONS.filter((o) => o.isActive).map((o) => ({ kind: 'occasion', id: o.id })),
  ];
  const out: SelectionRef[] = [];
  for (let i = 0; out.length < lists.reduce((n, l) => n + l.length, 0); i++) {
    for (const list of lists) if (list[i]) out.push(list[i]!);
  }
  return out;
}

type LookRow = Pick<Selectable<Database['generated_images']>, (typeof MAPPED_COLUMNS)[number] | 'in_showcase'> & { status: 'viewable' | 'lookbook' };

/** The row mapper's columns and the showcase flag. */
const LOOK_COLUMNS = [...MAPPED_COLUMNS, 'in_showcase'] as const;

/**
 * The admin's showcase (settings-and-admin §2.2, the showcase lookbook manager) in its order, the
 * newest addition first: a range of the partial index showcase_newest (migration 0013). Only
 * LookBook looks are in it (the migration's trigger), and it holds at most a carousel's worth.
 */
async function curatedLooks(db: Db): Promise<LookRow[]> {
  return (await db
    .selectFrom('generated_images')
    .select(LOOK_COLUMNS)
    .where('in_showcase', '=', true)
    .orderBy('showcase_at', 'desc')
    .orderBy('id', 'desc')
    .limit(LANDING_CAROUSEL_LOOKS)
    .execute()) as LookRow[];
}

/**
 * The best-scored look of every gender x selection x status (LookBook, inventory) among its
 * BEST_OF_NEWEST newest: one lateral index scan per combination, at most 60 rows out.
 */
export function bestPerCombinationQuery(selections: SelectionRef[]) {
  const keys = GENDERS.flatMap((gender) => selections.flatMap((s) => (['lookbook', 'viewable'] as const).map((status) => sql`(${gender}, ${s.kind}, ${s.id}, ${status})`)));
  return sql<LookRow>`
    select best.*
    from (values ${sql.join(keys)}) as c (gender, kind, id, status)
    cross join lateral (
      select * from (
        select ${sql.join(LOOK_COLUMNS.map((c) => sql.ref(`gi.${c}`)))}
        from generated_images gi
        where gi.gender = c.gender and gi.selection_kind = c.kind and gi.selection_id = c.id and gi.status = c.status
        order by gi.created_at desc
        limit ${BEST_OF_NEWEST}
      ) newest
      order by newest.quality_score desc, newest.created_at desc
      limit 1
    ) best`;
}

const selectionKey = (kind: string, id: string) => `${kind}:${id}`;

/**
 * The carousel: the admin's showcase first (in its order), then the LookBook's best, then the inventory's. Each pool is
 * taken in rounds over the selections, those shown least so far first (in the interleaved order),
 * one look per selection and round, the gender alternating: fifteen looks show fifteen different
 * trends, palettes and occasions whenever the inventory has them.
 */
function pickCarousel(curated: LookRow[], best: LookRow[], selections: SelectionRef[], size = LANDING_CAROUSEL_LOOKS): LookRow[] {
  const picked: LookRow[] = curated.slice(0, size);
  const taken = new Set(picked.map((r) => r.id));
  const shown = new Map<string, number>();
  const show = (r: LookRow) => shown.set(selectionKey(r.selection_kind, r.selection_id), (shown.get(selectionKey(r.selection_kind, r.selection_id)) ?? 0) + 1);
  picked.forEach(show);
  for (const status of ['lookbook', 'viewable'] as const) {
    const pool = new Map<string, LookRow[]>();
    for (const r of best) {
      if (r.status !== status || taken.has(r.id)) continue;
      const key = selectionKey(r.selection_kind, r.selection_id);
      pool.set(key, [...(pool.get(key) ?? []), r]);
    }
    let left = [...pool.values()].reduce((count, l) => count + l.length, 0);
    while (left > 0 && picked.length < size) {
      const times = (s: SelectionRef) => shown.get(selectionKey(s.kind, s.id)) ?? 0;
      // A stable sort: equally shown selections keep the interleaved order.
      for (const s of [...selections].sort((a, b) => times(a) - times(b))) {
        if (picked.length >= size) break;
        const looks = pool.get(selectionKey(s.kind, s.id));
        if (!looks?.length) continue;
        const wanted: Gender = GENDERS[picked.length % GENDERS.length]!;
        const [look] = looks.splice(Math.max(0, looks.findIndex((r) => r.gender === wanted)), 1);
        picked.push(look!);
        taken.add(look!.id);
        show(look!);
        left -= 1;
      }
    }
  }
  return picked;
}

async function computeShowcase(db: Db, config: Pick<Config, 'CDN_BASE_URL'>): Promise<LandingShowcase> {
  const selections = interleavedSelections();
  const [curated, { rows: best }] = await Promise.all([curatedLooks(db), bestPerCombinationQuery(selections).execute(db)]);
  // One picture per catalog entry: a curated look of it, else its best LookBook look, else inventory.
  const rank = (r: LookRow) => [r.in_showcase ? 0 : 1, r.status === 'lookbook' ? 0 : 1, -r.quality_score];
  const better = (a: LookRow, b: LookRow) => {
    const [x, y] = [rank(a), rank(b)];
    for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i]! < y[i]!;
    return false;
  };
  const pictures = new Map<string, LookRow>();
  for (const r of [...curated, ...best]) {
    const key = selectionKey(r.selection_kind, r.selection_id);
    const held = pictures.get(key);
    if (!held || better(r, held)) pictures.set(key, r);
  }
  const picture = (kind: SelectionKind, id: string) => {
    const row = pictures.get(selectionKey(kind, id));
    return row ? lookOf(config, row).thumbnailUrl : null;
  };
  const picked = pickCarousel(curated, best, selections);
  const pieces = await pieceNamesOf(db, picked.map((r) => r.id));
  const carousel: CarouselLook[] = picked.map((r) => {
    const look = lookOf(config, r);
    return {
      id: look.id,
      imageUrl: look.thumbnailUrl,
      fullImageUrl: look.imageUrl,
      pieces: pieces.get(look.id) ?? [],
      width: look.width,
      height: look.height,
      name: look.selection.name,
      kind: look.selection.kind,
      gender: look.gender,
    };
  });
  return {
    monthlyTrends: TRENDS.filter((t) => t.active).map((t) => ({ itemName: t.name, imageUrl: picture('trend', t.id) })),
    seasonColors: PALETTES.map((p) => ({ itemName: p.name, imageUrl: picture('palette', p.id) })),
    occasions: OCCASIONS.filter((o) => o.isActive).map((o) => ({ itemName: o.name, imageUrl: picture('occasion', o.id) })),
    carousel,
  };
}

async function computeStats(db: Db): Promise<LookbookStats> {
  const { n } = await db.selectFrom('generated_images').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 'lookbook').executeTakeFirstOrThrow();
  const looks = Number(n);
  return {
    totalLooks: looks,
    displayText: looks > 0 ? `Explore ${looks.toLocaleString('en-US')} Style Ideas in LookBook` : landingMessages.lookbookFallback,
  };
}

/**
 * Drops this process's showcase and stats answers: the admin area calls it after changing the
 * showcase or the LookBook, so the next landing in this process shows the change at once. Other
 * server processes keep theirs for LANDING_SERVER_CACHE_MS at most (docs/spec-notes.md).
 */
export function forgetLandingAnswers(db: Db): void {
  forgetCached(db, LANDING_CACHE_KEYS.showcase, LANDING_CACHE_KEYS.stats);
}

export interface CacheOptions {
  /** 0 reads the database now (tests, or a caller that just changed the showcase). */
  maxAgeMs?: number;
}

/**
 * GET /api/landing/showcase: one picture per active trend, palette and occasion, and the
 * carousel's looks. Items without any look keep a null imageUrl and the landing shows its placeholder.
 */
export function landingShowcase(db: Db, config: Pick<Config, 'CDN_BASE_URL'>, opts: CacheOptions = {}): Promise<LandingShowcase> {
  return cachedPerDb(db, LANDING_CACHE_KEYS.showcase, opts.maxAgeMs ?? LANDING_SERVER_CACHE_MS, () => computeShowcase(db, config));
}

/** GET /api/lookbook/stats: the landing's LookBook blurb. */
export function lookbookStats(db: Db, opts: CacheOptions = {}): Promise<LookbookStats> {
  return cachedPerDb(db, LANDING_CACHE_KEYS.stats, opts.maxAgeMs ?? LANDING_SERVER_CACHE_MS, () => computeStats(db));
}
