import { sql } from 'kysely';
import { hashPassword } from '@drape/auth';
import type { Tier } from '@drape/contracts';
import type { Db } from '@drape/db';
import { insertClonedLooks, publish } from '@drape/looks';
import type { Storage } from '@drape/storage';
import type { Classifier } from './classifier';
import { runGenerateJob } from './generate-job';
import type { ImageProvider } from './providers/provider';
import { starterCombinations } from './starter-stock';

/**
 * A database the size of a successful product (issue 8: 1,000,000 looks, 100,000 of them in the
 * LookBook, 10,000 users, one with 5,000 saved looks), filled in minutes for the benchmarks and,
 * small, for the browser tests.
 *
 * A few dozen looks are made for real by the generate job (rendered, classified, scored, stored
 * with their files and pieces). Every other look is a clone of one of them made inside
 * PostgreSQL, `insert ... select ... from generate_series` a chunk of rows per statement: a new id
 * and job id, a combination of the matrix (its columns as the combinations table has them), the
 * picture and the pieces of a real look of the same gender (so its colors are its pieces'
 * colors), a quality score and a creation time spread over the last 60 days. The clones share
 * the files of their original: they are never removed, since a look expires after 181 days and
 * the seeded looks are at most 60 days old.
 *
 * LookBook looks enter by their status like any other (the triggers of migration 0009 stamp
 * them and write their lookbook_colors rows).
 */
export interface SeedLooksOptions {
  /** Looks this run adds, the rendered ones included. */
  looks: number;
  /** How many of them are in the LookBook. */
  lookbook: number;
  /**
   * Users seed_00001...; a tenth of them Collectors, a fifth Stylists, a fifth Fashion Icons. They
   * and seed_heavy are test users (`is_test`): the admin's list marks them, the referrer search
   * never offers them.
   */
  users: number;
  /** Looks in the wardrobe of the Fashion Icon seed_heavy; 0 makes no such user. */
  heavySaves: number;
  /** Looks rendered for real, which the others clone (default 36). */
  originals?: number;
  /** Rows per statement (default 50,000). */
  chunk?: number;
  onProgress?: (stage: SeedStage, done: number, total: number) => void;
}

export type SeedStage = 'render' | 'looks' | 'users' | 'wardrobe';

export interface SeedLooksDeps {
  db: Db;
  storage: Storage;
  provider: ImageProvider;
  timeoutMs?: number;
  classifier?: Classifier;
}

export interface SeedLooksResult {
  looks: number;
  originals: number;
  lookbook: number;
  pieces: number;
  lookbookColors: number;
  users: number;
  heavySaves: number;
  /** Seconds of each step and in all. */
  seconds: { render: number; looks: number; users: number; wardrobe: number; counts: number; vacuum: number; total: number };
}

/** Every seeded user's password (one argon2 hash for all, computed once). */
export const SEED_PASSWORD = 'seed password 1';
export const SEED_HEAVY_USERNAME = 'seed_heavy';
export const SEED_EMAIL_DOMAIN = 'seed.example.com';
/** The tier of seed user n is SEED_TIERS[n % 10]. */
export const SEED_TIERS: readonly Tier[] = [
  'enthusiast', 'enthusiast', 'enthusiast', 'enthusiast', 'stylist', 'stylist', 'collector', 'fashion_icon', 'fashion_icon', 'enthusiast',
];
const DEFAULT_ORIGINALS = 36;
const DEFAULT_CHUNK = 50_000;
const SPREAD_DAYS = 60;

/** seed_00001 ... (five digits, more when there are more users). */
export function seedUsername(n: number, users = 99_999): string {
  return `seed_${String(n).padStart(Math.max(5, String(users).length), '0')}`;
}

export function seedEmail(username: string): string {
  return `${username}@${SEED_EMAIL_DOMAIN}`;
}

/** The first seed user of a tier (for the benchmarks' logins). */
export function firstSeedUserOf(tier: Tier): number {
  const n = SEED_TIERS.indexOf(tier);
  if (n < 0) throw new Error(`no seed user is ${tier}`);
  return n === 0 ? 10 : n;
}

/**
 * Whether look n of a run of `looks` is in the LookBook: the last `lookbook` of them, so clones
 * before the rendered looks (which come first). The clones' combinations and dates do not follow
 * n, so the LookBook is as varied as the run; the rendered looks stay in the inventory, where Get
 * My Look serves them (a clone's picture and pieces are another combination's).
 */
export function inLookbook(n: number, looks: number, lookbook: number): boolean {
  return n >= looks - lookbook;
}

export async function seedLooks(deps: SeedLooksDeps, opts: SeedLooksOptions): Promise<SeedLooksResult> {
  const { db } = deps;
  if (opts.lookbook > opts.looks) throw new Error('--lookbook cannot exceed --looks');
  const chunk = opts.chunk ?? DEFAULT_CHUNK;
  const progress = opts.onProgress ?? (() => {});
  const started = performance.now();
  const seconds = { render: 0, looks: 0, users: 0, wardrobe: 0, counts: 0, vacuum: 0, total: 0 };
  let lap = performance.now();
  const took = () => {
    const now = performance.now();
    const s = Math.round((now - lap) / 100) / 10;
    lap = now;
    return s;
  };
  // One tag per run: job ids stay unique when a database is seeded twice.
  const runMs = Date.now();
  const run = runMs.toString(36);

  const originals = await renderOriginals(deps, Math.min(opts.originals ?? DEFAULT_ORIGINALS, opts.looks), progress);
  seconds.render = took();
  const lookbookOriginals = originals.filter((_, n) => inLookbook(n, opts.looks, opts.lookbook));
  if (lookbookOriginals.length > 0) {
    await publish(db, lookbookOriginals, { by: 'admin' });
  }

  // The clone statements read two small tables of this run: a session's temporary tables, so
  // one connection for all of them.
  await db.connection().execute(async (conn) => {
    await sql`drop table if exists seed_combos, seed_originals`.execute(conn);
    await sql`
      create temporary table seed_originals as
      select (row_number() over (partition by gender order by id) - 1)::int as k, *
      from generated_images where id = any(${originals}::uuid[])`.execute(conn);
    // The active combinations of the genders that have a rendered look, numbered from 0.
    await sql`
      create temporary table seed_combos as
      select (row_number() over (order by c.code) - 1)::int as idx, c.code, c.gender, c.selection_kind, c.selection_id,
             c.style_vibe, c.body_shape, c.skin_tone, o.originals
      from combinations c join (select gender, count(*)::int as originals from seed_originals group by gender) o on o.gender = c.gender
      where c.active`.execute(conn);
    await sql`create index on seed_combos (idx)`.execute(conn);
    await sql`create index on seed_originals (gender, k)`.execute(conn);
    await sql`analyze seed_combos, seed_originals`.execute(conn);
    const combos = (await sql<{ n: number }>`select count(*)::int as n from seed_combos`.execute(conn)).rows[0]!.n;
    if (combos === 0 && opts.looks > originals.length) throw new Error('no active combination to seed looks of');

    const first = originals.length;
    progress('looks', first, opts.looks);
    for (let from = first; from < opts.looks; from += chunk) {
      const to = Math.min(from + chunk, opts.looks) - 1;
      await insertClonedLooks(conn, { runMs, from, to, combos, lookbookFrom: opts.looks - opts.lookbook, spreadDays: SPREAD_DAYS });
      progress('looks', to + 1, opts.looks);
    }
    await sql`drop table seed_combos, seed_originals`.execute(conn);
  });
  seconds.looks = took();

  let users = 0;
  if (opts.users > 0) {
    // One hash for every seeded user: argon2 is ~15 ms of CPU by design, 10,000 of them minutes.
    const hash = await hashPassword(SEED_PASSWORD);
    progress('users', 0, opts.users);
    const width = Math.max(5, String(opts.users).length);
    for (let from = 1; from <= opts.users; from += chunk) {
      const to = Math.min(from + chunk - 1, opts.users);
      const res = await sql`
        insert into users (email, username, first_name, last_name, password_hash, tier, is_test, created_at)
        select ${'seed_'} || lpad(n::text, ${width}, '0') || ${`@${SEED_EMAIL_DOMAIN}`}, ${'seed_'} || lpad(n::text, ${width}, '0'),
               'Seed', 'User ' || n, ${hash}, (${[...SEED_TIERS]}::text[])[n % 10 + 1], true,
               now() - random() * interval '1 day' * ${SPREAD_DAYS}
        from generate_series(${from}::int, ${to}::int) as n
        on conflict do nothing`.execute(db);
      users += Number(res.numAffectedRows ?? 0);
      progress('users', to, opts.users);
    }
  }
  seconds.users = took();

  let heavySaves = 0;
  if (opts.heavySaves > 0) {
    const hash = await hashPassword(SEED_PASSWORD);
    await db.insertInto('users')
      .values({ email: seedEmail(SEED_HEAVY_USERNAME), username: SEED_HEAVY_USERNAME, first_name: 'Seed', last_name: 'Heavy', password_hash: hash, tier: 'fashion_icon', is_test: true })
      .onConflict((oc) => oc.doNothing())
      .execute();
    const heavy = await db.selectFrom('users').select('id').where(sql`lower(username)`, '=', SEED_HEAVY_USERNAME).executeTakeFirstOrThrow();
    const clones = opts.looks - originals.length;
    const saves = Math.min(opts.heavySaves, clones);
    const step = Math.max(1, Math.floor(clones / Math.max(saves, 1)));
    progress('wardrobe', 0, saves);
    // The columns insertWardrobeItem copies from the look; saved some time after the look was made.
    for (let from = 0; from < saves; from += chunk) {
      const to = Math.min(from + chunk, saves) - 1;
      const res = await sql`
        insert into wardrobe_items (user_id, image_id, gender, selection_kind, selection_id, style_vibe, notes, created_at)
        select ${heavy.id}::uuid, gi.id, gi.gender, gi.selection_kind, gi.selection_id, gi.style_vibe,
               case when k % 10 = 0 then 'Seeded note ' || k end,
               gi.created_at + random() * (now() - gi.created_at)
        from generate_series(${from}::int, ${to}::int) as k
        join generated_images gi on gi.job_id = ${`seed-${run}-`} || (${originals.length}::int + k * ${step}::int)
        on conflict do nothing`.execute(db);
      heavySaves += Number(res.numAffectedRows ?? 0);
      progress('wardrobe', to + 1, saves);
    }
  }
  seconds.wardrobe = took();

  // Severity reads image_count: one update per combination, from the table itself.
  await sql`
    update combinations c set image_count = x.n
    from (select combination_code, count(*)::int as n from generated_images group by combination_code) x
    where x.combination_code = c.code and c.image_count <> x.n`.execute(db);
  seconds.counts = took();
  // Fresh statistics for the planner, and the visibility map for index-only scans.
  await sql`vacuum (analyze) generated_images, fashion_items, lookbook_colors, wardrobe_items, users, combinations`.execute(db);
  seconds.vacuum = took();

  const tag = `seed-${run}-%`;
  const counts = await sql<{ looks: number; lookbook: number; pieces: number; colors: number }>`
    select count(*)::int as looks,
           count(*) filter (where gi.status = 'lookbook')::int as lookbook,
           (select count(*)::int from fashion_items fi join generated_images g on g.id = fi.image_id where g.job_id like ${tag} or g.id = any(${originals}::uuid[])) as pieces,
           (select count(*)::int from lookbook_colors lc join generated_images g on g.id = lc.image_id where g.job_id like ${tag} or g.id = any(${originals}::uuid[])) as colors
    from generated_images gi where gi.job_id like ${tag} or gi.id = any(${originals}::uuid[])`.execute(db);
  const c = counts.rows[0]!;
  seconds.total = Math.round((performance.now() - started) / 100) / 10;
  return { looks: c.looks, originals: originals.length, lookbook: c.lookbook, pieces: c.pieces, lookbookColors: c.colors, users, heavySaves, seconds };
}

/**
 * The looks made for real: the starter set's combinations (every active trend, palette and
 * occasion, both genders, varied personalization), again with other seeds when more are asked.
 * A look the quality check refuses is replaced by the next one.
 */
async function renderOriginals(deps: SeedLooksDeps, count: number, progress: (stage: SeedStage, done: number, total: number) => void): Promise<string[]> {
  const combos = starterCombinations();
  const ids: string[] = [];
  progress('render', 0, count);
  for (let i = 0; ids.length < count; i++) {
    if (i >= count * 3) throw new Error(`only ${ids.length} of ${count} looks passed the checks`);
    const c = combos[i % combos.length]!;
    const seed = (Date.now() + i * 7919) % 2 ** 31;
    const out = await runGenerateJob(
      { db: deps.db, storage: deps.storage, provider: deps.provider, timeoutMs: deps.timeoutMs ?? 60_000, ...(deps.classifier ? { classifier: deps.classifier } : {}) },
      crypto.randomUUID(),
      { ...c, seed, source: 'batch' },
    );
    if (out.kind === 'image') ids.push(out.imageId);
    progress('render', ids.length, count);
  }
  return ids;
}
