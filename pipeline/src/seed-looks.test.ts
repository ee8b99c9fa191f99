import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { verifyPassword } from '@drape/auth';
import { imageIdInput } from '@drape/contracts/looks';
import { ensureMatrix } from '@drape/boot';
import { countAdminFigures, readAdminCounts } from '@drape/db';
import { createTestDatabase, type TestDatabase } from '@drape/db/testing';
import { openTestStorage, type TestStorage } from '@drape/storage/testing';
import { atelierProvider } from './providers/atelier-provider';
import { SEED_HEAVY_USERNAME, SEED_PASSWORD, SEED_TIERS, firstSeedUserOf, inLookbook, seedLooks, seedUsername, type SeedLooksResult } from './seed-looks';

describe('the LookBook spread of a seeding run', () => {
  it('puts exactly the asked number of looks in the LookBook, clones before the rendered looks', () => {
    for (const [looks, lookbook] of [[1_000_000, 100_000], [160, 130], [7, 0], [5, 5]] as const) {
      const picked = Array.from({ length: looks }, (_, n) => inLookbook(n, looks, lookbook));
      expect(picked.filter(Boolean)).toHaveLength(lookbook);
    }
    // The rendered looks come first: they stay in the inventory while the clones suffice.
    expect(inLookbook(29, 160, 130)).toBe(false);
    expect(inLookbook(30, 160, 130)).toBe(true);
  });

  it('names users seed_00001 on and gives the benchmark a user of each tier', () => {
    expect(seedUsername(1)).toBe('seed_00001');
    expect(seedUsername(12, 250_000)).toBe('seed_000012');
    for (const tier of ['stylist', 'collector', 'fashion_icon', 'enthusiast'] as const) expect(SEED_TIERS[firstSeedUserOf(tier) % 10]).toBe(tier);
  });
});

describe('seedLooks at a small scale', () => {
  let db: TestDatabase;
  let store: TestStorage;
  let result: SeedLooksResult;
  const progress: string[] = [];
  const opts = { looks: 1_200, lookbook: 300, users: 25, heavySaves: 120, originals: 4, chunk: 500 };

  beforeAll(async () => {
    db = await createTestDatabase();
    await ensureMatrix(db.db);
    store = await openTestStorage('local');
    result = await seedLooks({ db: db.db, storage: store.storage, provider: atelierProvider }, {
      ...opts,
      onProgress: (stage, done, total) => progress.push(`${stage} ${done}/${total}`),
    });
  }, 120_000);
  afterAll(async () => {
    await store.close();
    await db.drop();
  });

  it('adds the asked looks, LookBook looks and users, and reports them', async () => {
    expect(result).toMatchObject({ looks: 1_200, originals: 4, lookbook: 300, users: 25, heavySaves: 120 });
    const statuses = await db.db.selectFrom('generated_images').select(['status', (eb) => eb.fn.countAll<number>().as('n')]).groupBy('status').orderBy('status').execute();
    expect(statuses.map((r) => [r.status, Number(r.n)])).toEqual([['lookbook', 300], ['viewable', 900]]);
    // Chunks of 500 rows: progress moves per statement, not per row.
    expect(progress.filter((p) => p.startsWith('looks'))).toEqual(['looks 4/1200', 'looks 504/1200', 'looks 1004/1200', 'looks 1200/1200']);
    expect(progress).toContain('render 4/4');
  });

  it('gives each clone a combination of the matrix, and the picture, pieces and colors of a real look of its gender', async () => {
    const clones = await sql<{ mismatched: number; wrong_look: number; wrong_pieces: number; no_pieces: number; originals_used: number; combos_used: number }>`
      with clone as (
        select gi.*, o.id as original_id, o.gender as original_gender, o.color_families as original_colors
        from generated_images gi join generated_images o on o.storage_key = gi.storage_key and o.job_id not like 'seed-%'
        where gi.job_id like 'seed-%'
      )
      select
        count(*) filter (where not exists (
          select 1 from combinations c where c.code = clone.combination_code and c.active and c.gender = clone.gender
            and c.selection_kind = clone.selection_kind and c.selection_id = clone.selection_id and c.style_vibe is not distinct from clone.style_vibe
            and c.body_shape is not distinct from clone.body_shape and c.skin_tone is not distinct from clone.skin_tone))::int as mismatched,
        count(*) filter (where clone.gender <> clone.original_gender or clone.color_families <> clone.original_colors)::int as wrong_look,
        count(*) filter (where (select array_agg((fi.position, fi.name, fi.color_family) order by fi.position) from fashion_items fi where fi.image_id = clone.id)
          is distinct from (select array_agg((fi.position, fi.name, fi.color_family) order by fi.position) from fashion_items fi where fi.image_id = clone.original_id))::int as wrong_pieces,
        count(*) filter (where not exists (select 1 from fashion_items fi where fi.image_id = clone.id))::int as no_pieces,
        count(distinct clone.original_id)::int as originals_used,
        count(distinct clone.combination_code)::int as combos_used
      from clone`.execute(db.db);
    expect(clones.rows[0]).toEqual({ mismatched: 0, wrong_look: 0, wrong_pieces: 0, no_pieces: 0, originals_used: 4, combos_used: expect.any(Number) });
    expect(clones.rows[0]!.combos_used).toBeGreaterThan(1_000);
  });

  it('gives the clones and their pieces ids that the API takes, in the order they were made', async () => {
    const images = await db.db.selectFrom('generated_images').select(['id', 'job_id']).where('job_id', 'like', 'seed-%').execute();
    expect(images.every((r) => imageIdInput.safeParse(r.id).success)).toBe(true);
    const byN = [...images].sort((a, b) => Number(a.job_id.split('-').at(-1)) - Number(b.job_id.split('-').at(-1)));
    // Appended to the primary key, not scattered over it.
    const prefixes = byN.map((r) => r.id.slice(0, 13));
    expect(prefixes).toEqual(prefixes.toSorted());
    const pieces = await sql<{ id: string; image_id: string }>`select fi.id, fi.image_id from fashion_items fi join generated_images gi on gi.id = fi.image_id where gi.job_id like 'seed-%' order by gi.id, fi.position`.execute(db.db);
    expect(pieces.rows.every((r) => imageIdInput.safeParse(r.id).success && r.id.slice(0, 12) === r.image_id.slice(0, 12))).toBe(true);
  });

  it('spreads quality and creation over the last 60 days, and LookBook entry after creation', async () => {
    const r = await sql<{ min_q: number; max_q: number; oldest_days: number; newest_days: number; lookbook_before_created: number; not_admin: number; stamped_outside: number }>`
      select min(quality_score) as min_q, max(quality_score) as max_q,
             extract(epoch from now() - min(created_at)) / 86400 as oldest_days, extract(epoch from now() - max(created_at)) / 86400 as newest_days,
             count(*) filter (where lookbook_at < created_at)::int as lookbook_before_created,
             count(*) filter (where status = 'lookbook' and curated_by is distinct from 'admin')::int as not_admin,
             count(*) filter (where status <> 'lookbook' and lookbook_at is not null)::int as stamped_outside
      from generated_images`.execute(db.db);
    const row = r.rows[0]!;
    expect(row.min_q).toBeGreaterThanOrEqual(70);
    expect(row.max_q).toBeLessThanOrEqual(100);
    expect(row.max_q - row.min_q).toBeGreaterThan(15);
    expect(Number(row.oldest_days)).toBeLessThanOrEqual(60);
    expect(Number(row.oldest_days)).toBeGreaterThan(30);
    expect(Number(row.newest_days)).toBeLessThan(1);
    expect(row).toMatchObject({ lookbook_before_created: 0, not_admin: 0, stamped_outside: 0 });
  });

  it('fills lookbook_colors through the triggers, one row per color of each LookBook look', async () => {
    const r = await sql<{ expected: number; actual: number; stale: number }>`
      select (select count(*)::int from generated_images gi, unnest(gi.color_families) where gi.status = 'lookbook') as expected,
             (select count(*)::int from lookbook_colors) as actual,
             (select count(*)::int from lookbook_colors lc join generated_images gi on gi.id = lc.image_id
               where gi.status <> 'lookbook' or lc.lookbook_at <> gi.lookbook_at or lc.gender <> gi.gender or not lc.color = any(gi.color_families)) as stale`.execute(db.db);
    expect(r.rows[0]!.actual).toBe(r.rows[0]!.expected);
    expect(r.rows[0]!.stale).toBe(0);
    expect(result.lookbookColors).toBe(r.rows[0]!.expected);
  });

  it('keeps image_count of every combination equal to its looks', async () => {
    const r = await sql<{ n: number }>`
      select count(*)::int as n from combinations c
      where c.image_count <> (select count(*) from generated_images gi where gi.combination_code = c.code)`.execute(db.db);
    expect(r.rows[0]!.n).toBe(0);
  });

  it("keeps the admin's counters (migration 0011) equal to count(*) through the bulk statements", async () => {
    expect(await readAdminCounts(db.db)).toEqual(await countAdminFigures(db.db));
  });

  it('makes users of every tier who sign in with the one seeded password', async () => {
    const users = await db.db.selectFrom('users').select(['username', 'email', 'tier', 'password_hash']).where('username', 'like', 'seed_0%').orderBy('username').execute();
    expect(users).toHaveLength(25);
    expect(users[0]).toMatchObject({ username: 'seed_00001', email: 'seed_00001@seed.example.com', tier: SEED_TIERS[1] });
    expect(new Set(users.map((u) => u.tier))).toEqual(new Set(['enthusiast', 'stylist', 'collector', 'fashion_icon']));
    expect(new Set(users.map((u) => u.password_hash)).size).toBe(1);
    expect(await verifyPassword(users[0]!.password_hash, SEED_PASSWORD)).toBe(true);
  });

  it('marks every seeded user, seed_heavy too, as a test user (never offered as a referrer)', async () => {
    const seeded = await db.db.selectFrom('users').select(['username', 'is_test']).where('email', 'like', '%@seed.example.com').execute();
    expect(seeded).toHaveLength(26);
    expect(seeded.filter((u) => !u.is_test).map((u) => u.username)).toEqual([]);
  });

  it("fills seed_heavy's wardrobe with the look's columns, as insertWardrobeItem copies them", async () => {
    const heavy = await db.db.selectFrom('users').select(['id', 'tier']).where('username', '=', SEED_HEAVY_USERNAME).executeTakeFirstOrThrow();
    expect(heavy.tier).toBe('fashion_icon');
    const r = await sql<{ saves: number; mismatched: number; saved_before_made: number; notes: number; lookbook: number }>`
      select count(*)::int as saves,
             count(*) filter (where w.gender <> gi.gender or w.selection_kind <> gi.selection_kind or w.selection_id <> gi.selection_id
                              or w.style_vibe is distinct from gi.style_vibe)::int as mismatched,
             count(*) filter (where w.created_at < gi.created_at)::int as saved_before_made,
             count(w.notes)::int as notes,
             count(*) filter (where gi.status = 'lookbook')::int as lookbook
      from wardrobe_items w join generated_images gi on gi.id = w.image_id where w.user_id = ${heavy.id}`.execute(db.db);
    expect(r.rows[0]).toMatchObject({ saves: 120, mismatched: 0, saved_before_made: 0, notes: 12 });
    // Looks from across the run: some of them in the LookBook.
    expect(r.rows[0]!.lookbook).toBeGreaterThan(0);
  });

  it('adds to a seeded database when run again (its own job ids, the users kept)', async () => {
    const again = await seedLooks({ db: db.db, storage: store.storage, provider: atelierProvider }, { looks: 60, lookbook: 6, users: 25, heavySaves: 10, originals: 2, chunk: 500 });
    expect(again).toMatchObject({ looks: 60, lookbook: 6, users: 0, heavySaves: 10 });
    const total = await db.db.selectFrom('generated_images').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(total.n)).toBe(1_260);
  }, 60_000);
});
