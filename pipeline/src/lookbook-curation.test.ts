import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { enumerateCombinations } from '@drape/atelier';
import type { ColorFamily, Combination } from '@drape/contracts';
import { QUALITY_GOOD } from '@drape/contracts/generation';
import type { CuratedBy } from '@drape/db';
import { publish } from '@drape/looks';
import { makeLook } from '@drape/looks/testing';
import { createTestDatabase, type TestDatabase } from '@drape/db/testing';
import { ensureMatrix } from '@drape/boot';
import { CURATION_LOCK, curateLookbook, lookbookStatus } from '@drape/operations';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
  await ensureMatrix(db.db);
});
afterAll(() => db.drop());
beforeEach(async () => {
  await db.db.deleteFrom('generated_images').execute();
});

const combos = enumerateCombinations({ activeOnly: true, includeUnset: false });
let n = 0;

/** A stored look (makeLook: the pipeline's insert; pieces do not matter to curation). */
async function look(c: Combination, opts: { quality: number; ageMinutes?: number; status?: 'viewable' | 'lookbook' | 'archived'; curatedBy?: CuratedBy; colors?: ColorFamily[] }) {
  n++;
  const made = await makeLook(db.db, {
    combination: c, qualityScore: opts.quality, status: opts.status ?? 'viewable', colors: opts.colors ?? ['blue'],
    createdAt: new Date(Date.now() - (opts.ageMinutes ?? 0) * 60_000), ...(opts.curatedBy ? { curatedBy: opts.curatedBy } : {}),
  });
  return made.id;
}

const lookbookIds = async () => (await db.db.selectFrom('generated_images').select('id').where('status', '=', 'lookbook').execute()).map((r) => r.id).sort();
const rowOf = (id: string) => db.db.selectFrom('generated_images').select(['status', 'curated_by', 'lookbook_at']).where('id', '=', id).executeTakeFirstOrThrow();

describe('auto-curation of the LookBook', () => {
  it('puts the best good look of each combination in the LookBook, ties going to the newest', async () => {
    const [a, b, c] = combos;
    const aBest = await look(a!, { quality: 90 });
    await look(a!, { quality: 80 });
    const bOlder = await look(b!, { quality: 85, ageMinutes: 60 });
    const bNewer = await look(b!, { quality: 85, ageMinutes: 5 });
    await look(c!, { quality: QUALITY_GOOD - 1 });

    expect(await curateLookbook(db.db, 200)).toEqual({ curated: 2, lookbook: 2, target: 200 });
    expect(await lookbookIds()).toEqual([aBest, bNewer].sort());
    expect(await rowOf(aBest)).toMatchObject({ status: 'lookbook', curated_by: 'auto', lookbook_at: expect.any(Date) });
    expect(await rowOf(bOlder)).toMatchObject({ status: 'viewable', curated_by: null });
    // The LookBook's color filter sees the look (the trigger of migration 0009).
    expect(await db.db.selectFrom('lookbook_colors').select('color').where('image_id', '=', aBest).execute()).toEqual([{ color: 'blue' }]);

    // Idempotent: nothing new, nothing changes; a combination already in the LookBook gets no second look.
    const before = await lookbookIds();
    await look(a!, { quality: 99 });
    expect(await curateLookbook(db.db, 200)).toEqual({ curated: 0, lookbook: 2, target: 200 });
    expect(await lookbookIds()).toEqual(before);
  });

  it('adds at most the room left under the target, best combinations first', async () => {
    const scores = [71, 95, 80, 88, 75];
    const ids = [];
    for (const [i, q] of scores.entries()) ids.push(await look(combos[i]!, { quality: q }));
    await look(combos[5]!, { quality: 99, status: 'lookbook', curatedBy: 'admin' });

    // The admin's look counts: two of the three places left go to the two best combinations.
    expect(await curateLookbook(db.db, 3)).toEqual({ curated: 2, lookbook: 3, target: 3 });
    expect((await lookbookStatus(db.db))).toEqual({ total: 3, auto: 2, admin: 1, other: 0 });
    expect((await rowOf(ids[1]!)).status).toBe('lookbook');
    expect((await rowOf(ids[3]!)).status).toBe('lookbook');
    expect(await curateLookbook(db.db, 3)).toEqual({ curated: 0, lookbook: 3, target: 3 });
    // A higher target takes the next best.
    expect(await curateLookbook(db.db, 4)).toMatchObject({ curated: 1 });
    expect((await rowOf(ids[2]!)).status).toBe('lookbook');
  });

  it('never picks a look an admin decided on, nor an archived one, and 0 turns it off', async () => {
    const removedByAdmin = await look(combos[0]!, { quality: 99, curatedBy: 'admin' });
    const next = await look(combos[0]!, { quality: 90 });
    await look(combos[1]!, { quality: 99, status: 'archived' });
    const adminPick = await look(combos[2]!, { quality: 72, status: 'lookbook', curatedBy: 'admin' });
    await look(combos[2]!, { quality: 98 });

    expect(await curateLookbook(db.db, 0)).toEqual({ curated: 0, lookbook: 0, target: 0 });
    expect(await lookbookIds()).toEqual([adminPick]);

    expect(await curateLookbook(db.db, 200)).toEqual({ curated: 1, lookbook: 2, target: 200 });
    expect(await lookbookIds()).toEqual([adminPick, next].sort());
    expect(await rowOf(removedByAdmin)).toMatchObject({ status: 'viewable', curated_by: 'admin' });
    expect(await rowOf(adminPick)).toMatchObject({ status: 'lookbook', curated_by: 'admin' });
  });

  it('never passes the target when several pipelines curate at once', async () => {
    for (const c of combos.slice(0, 120)) await look(c, { quality: 70 + (n % 30) });
    // Rounds of six at once, each raising the target: a run that counted before another's commit
    // and picked after it would add a second batch of looks.
    for (const target of [10, 20, 35, 50, 70, 90]) {
      const runs = await Promise.all(Array.from({ length: 6 }, () => curateLookbook(db.db, target)));
      expect(runs.filter((r) => r.curated > 0)).toHaveLength(1);
      expect(await lookbookIds()).toHaveLength(target);
    }
    expect(await lookbookStatus(db.db)).toEqual({ total: 90, auto: 90, admin: 0, other: 0 });
  });

  it('counts only once the run in progress has committed', async () => {
    const ids: string[] = [];
    for (const c of combos.slice(0, 30)) ids.push(await look(c, { quality: 70 + (n % 30) }));
    // Another pipeline's run, holding the lock, puts 10 looks in (its picks made over an older
    // inventory: not the ones this run would pick).
    let released!: () => void;
    const other = db.db.transaction().execute(async (tx) => {
      await sql`select pg_advisory_xact_lock(hashtext(${CURATION_LOCK}))`.execute(tx);
      const worst = await tx.selectFrom('generated_images').select('id').orderBy('quality_score').limit(10).execute();
      await publish(tx, worst.map((r) => r.id), { by: 'auto' });
      await new Promise<void>((resolve) => (released = resolve));
    });
    await new Promise((r) => setTimeout(r, 100));
    let done = false;
    const run = curateLookbook(db.db, 10).then((r) => ((done = true), r));
    await new Promise((r) => setTimeout(r, 300));
    const waited = !done;
    released();
    await other;
    expect(waited).toBe(true);
    expect(await run).toEqual({ curated: 0, lookbook: 10, target: 10 });
    expect(await lookbookIds()).toHaveLength(10);
  });
});
