import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { render } from '@drape/atelier';
import { createTestDatabase, type TestDatabase } from '@drape/db/testing';
import { countAdminFigures, insertWardrobeItem, readAdminCounts } from '@drape/db';
import { runGenerateJob } from './generate-job';
import { ensureMatrix } from '@drape/boot';
import { openTestStorage, type TestStorage } from '@drape/storage/testing';
import { cleanupLowQuality, deleteExpiredImages, purgeDeletedAccounts, RETENTION_DAYS } from '@drape/operations';
import { feature, publish, unpublish } from '@drape/looks';

let db: TestDatabase;
const provider = { name: 'atelier', render: async (look: Parameters<typeof render>[0]) => ({ data: Buffer.from(render(look, look.model, { watermark: true })), watermarked: true }) };

/** Each describe gets its own database: the retention test counts every image there is. */
async function open(kind: 'local' | 's3') {
  db = await createTestDatabase();
  await ensureMatrix(db.db);
  store = await openTestStorage(kind);
}
async function close() {
  await store.close();
  await db.drop();
}

let store: TestStorage;

/** The admin's counters and every combination's image_count follow deletes (triggers of migration 0011). */
async function expectCountersExact() {
  expect(await readAdminCounts(db.db)).toEqual(await countAdminFigures(db.db));
  const drifted = await db.db.selectFrom('combinations as c').select('c.code')
    .where((eb) => eb('c.image_count', '<>', eb.selectFrom('generated_images as gi').select((e) => e.fn.countAll<number>().as('n')).whereRef('gi.combination_code', '=', 'c.code')))
    .execute();
  expect(drifted).toEqual([]);
}
const storage = () => store.storage;
const stored = (key: string) => store.storage.exists('public', key);

async function makeImage(seed: number, ageDays: number) {
  const jobId = crypto.randomUUID();
  const out = await runGenerateJob({ db: db.db, storage: storage(), provider, timeoutMs: 30_000 }, jobId, { gender: 'male', trend: 'denim', seed, source: 'batch' });
  if (out.kind !== 'image') throw new Error('expected an image');
  await db.db.updateTable('generated_images').set({ created_at: new Date(Date.now() - ageDays * 86_400_000) } as never).where('id', '=', out.imageId).execute();
  return db.db.selectFrom('generated_images').selectAll().where('id', '=', out.imageId).executeTakeFirstOrThrow();
}

// Retention removes rows and files alike, from the disk or from object storage.
describe.each(['local', 's3'] as const)('image retention on the %s image store', (kind) => {
  beforeAll(() => open(kind));
  afterAll(close);

  it('deletes exactly the unsaved images older than 181 days, rows and files, and keeps the rest', async () => {
    const old = await makeImage(1, RETENTION_DAYS + 5);
    const oldToo = await makeImage(2, RETENTION_DAYS + 1);
    const young = await makeImage(3, RETENTION_DAYS - 1);
    const inLookbook = await makeImage(4, RETENTION_DAYS + 30);
    const inShowcase = await makeImage(5, RETENTION_DAYS + 30);
    const inWardrobe = await makeImage(6, RETENTION_DAYS + 30);
    await publish(db.db, [inLookbook.id]);
    // Only a LookBook look can be in the showcase (migration 0013).
    await publish(db.db, [inShowcase.id]);
    await feature(db.db, inShowcase.id);
    const user = await db.db.insertInto('users').values({ email: 'k@example.com', username: 'keeper', first_name: 'K', last_name: 'K', password_hash: 'x' }).returning('id').executeTakeFirstOrThrow();
    await insertWardrobeItem(db.db, user.id, inWardrobe.id);
    const countBefore = (await db.db.selectFrom('combinations').select('image_count').where('code', '=', old.combination_code).executeTakeFirstOrThrow()).image_count;

    const dry = await deleteExpiredImages(db.db, storage(), { dryRun: true });
    expect(dry).toEqual({ images: 2, files: 4, dryRun: true });
    expect(await stored(old.storage_key)).toBe(true);

    const report = await deleteExpiredImages(db.db, storage());
    expect(report).toEqual({ images: 2, files: 4, dryRun: false });
    const left = (await db.db.selectFrom('generated_images').select('id').execute()).map((r) => r.id).sort();
    expect(left).toEqual([young.id, inLookbook.id, inShowcase.id, inWardrobe.id].sort());
    for (const gone of [old, oldToo]) {
      expect(await stored(gone.storage_key)).toBe(false);
      expect(await stored(gone.thumb_key)).toBe(false);
      expect(await db.db.selectFrom('fashion_items').select('id').where('image_id', '=', gone.id).execute()).toEqual([]);
    }
    for (const kept of [young, inLookbook, inShowcase, inWardrobe]) expect(await stored(kept.storage_key)).toBe(true);
    const countAfter = (await db.db.selectFrom('combinations').select('image_count').where('code', '=', old.combination_code).executeTakeFirstOrThrow()).image_count;
    const sameCombo = [old, oldToo].filter((i) => i.combination_code === old.combination_code).length;
    expect(countAfter).toBe(countBefore - sameCombo);
    await expectCountersExact();
  });

  it('keeps a saved look, its file and its pieces while any wardrobe holds it, and a LookBook look while it is in the LookBook; the next run after deletes them', async () => {
    const saved = await makeImage(21, RETENTION_DAYS + 40);
    const curated = await makeImage(22, RETENTION_DAYS + 40);
    await publish(db.db, [curated.id], { by: 'auto' });
    const holders = [];
    for (const name of ['holder_one', 'holder_two']) {
      const u = await db.db.insertInto('users').values({ email: `${name}@example.com`, username: name, first_name: 'H', last_name: 'H', password_hash: 'x' }).returning('id').executeTakeFirstOrThrow();
      await insertWardrobeItem(db.db, u.id, saved.id);
      holders.push(u.id);
    }
    const pieces = async (id: string) => (await db.db.selectFrom('fashion_items').select('id').where('image_id', '=', id).execute()).length;
    const piecesOf = { saved: await pieces(saved.id), curated: await pieces(curated.id) };
    expect(piecesOf.saved).toBeGreaterThan(0);
    const whole = async (img: typeof saved, n: number) => {
      const row = await db.db.selectFrom('generated_images').select('id').where('id', '=', img.id).executeTakeFirst();
      return Boolean(row) && (await pieces(img.id)) === n && (await stored(img.storage_key)) && (await stored(img.thumb_key));
    };
    const gone = async (img: typeof saved) => {
      const row = await db.db.selectFrom('generated_images').select('id').where('id', '=', img.id).executeTakeFirst();
      return !row && (await pieces(img.id)) === 0 && !(await stored(img.storage_key)) && !(await stored(img.thumb_key));
    };

    expect(await deleteExpiredImages(db.db, storage())).toEqual({ images: 0, files: 0, dryRun: false });
    expect(await whole(saved, piecesOf.saved)).toBe(true);
    expect(await whole(curated, piecesOf.curated)).toBe(true);

    // One wardrobe lets go: the other still holds the look.
    await db.db.deleteFrom('wardrobe_items').where('user_id', '=', holders[0]!).where('image_id', '=', saved.id).execute();
    expect(await deleteExpiredImages(db.db, storage())).toEqual({ images: 0, files: 0, dryRun: false });
    expect(await whole(saved, piecesOf.saved)).toBe(true);

    // The last one lets go: the next run deletes the row, its pieces and both files.
    await db.db.deleteFrom('wardrobe_items').where('image_id', '=', saved.id).execute();
    expect(await deleteExpiredImages(db.db, storage())).toEqual({ images: 1, files: 2, dryRun: false });
    expect(await gone(saved)).toBe(true);
    expect(await whole(curated, piecesOf.curated)).toBe(true);

    // Out of the LookBook, the curated look goes the same way.
    await unpublish(db.db, [curated.id]);
    expect(await deleteExpiredImages(db.db, storage())).toEqual({ images: 1, files: 2, dryRun: false });
    expect(await gone(curated)).toBe(true);
  });

});

describe('account purge and cleanup', () => {
  beforeAll(() => open('local'));
  afterAll(close);

  it('purges accounts 30 days after their deletion request, and not before, with their mail', async () => {
    const mk = (name: string, days: number | null) => db.db.insertInto('users').values({
      email: `${name}@example.com`, username: name, first_name: 'P', last_name: 'P', password_hash: 'x',
      deletion_requested_at: days === null ? null : new Date(Date.now() - days * 86_400_000),
    }).returning('id').executeTakeFirstOrThrow();
    const due = await mk('due_user', 31);
    const grace = await mk('grace_user', 29);
    const active = await mk('active_user', null);
    for (const to of ['due_user@example.com', 'grace_user@example.com']) {
      await db.db.insertInto('mail_outbox').values({ recipient: to, subject: 's', body_text: 't', kind: 'password_reset' }).execute();
    }
    expect(await purgeDeletedAccounts(db.db, { dryRun: true })).toEqual({ accounts: 1, mails: 0, dryRun: true });
    expect(await purgeDeletedAccounts(db.db)).toEqual({ accounts: 1, mails: 1, dryRun: false });
    const mails = (await db.db.selectFrom('mail_outbox').select('recipient').execute()).map((m) => m.recipient);
    expect(mails).not.toContain('due_user@example.com');
    expect(mails).toContain('grace_user@example.com');
    const ids = (await db.db.selectFrom('users').select('id').where('id', 'in', [due.id, grace.id, active.id]).execute()).map((r) => r.id).sort();
    expect(ids).toEqual([grace.id, active.id].sort());
  });

  it('cleans up low-quality images at 65 for female fair skin and 70 for the rest', async () => {
    const a = await makeImage(11, 1);
    const b = await makeImage(12, 1);
    const c = await makeImage(13, 1);
    await db.db.updateTable('generated_images').set({ gender: 'female', skin_tone: 'fair', quality_score: 66 }).where('id', '=', a.id).execute();
    await db.db.updateTable('generated_images').set({ gender: 'female', skin_tone: 'fair', quality_score: 64 }).where('id', '=', b.id).execute();
    await db.db.updateTable('generated_images').set({ gender: 'male', skin_tone: 'deep', quality_score: 69 }).where('id', '=', c.id).execute();
    // Kept whatever their score: a saved look and a LookBook look.
    const saved = await makeImage(14, 1);
    const curated = await makeImage(15, 1);
    await db.db.updateTable('generated_images').set({ quality_score: 40 }).where('id', 'in', [saved.id, curated.id]).execute();
    await publish(db.db, [curated.id], { by: 'admin' });
    const user = await db.db.insertInto('users').values({ email: 'c@example.com', username: 'cleanup_keeper', first_name: 'C', last_name: 'C', password_hash: 'x' }).returning('id').executeTakeFirstOrThrow();
    await insertWardrobeItem(db.db, user.id, saved.id);
    const result = await cleanupLowQuality(db.db, storage());
    expect(result).toEqual({ totalDeleted: 2, femaleFairDeleted: 1, othersDeleted: 1, dryRun: false });
    const left = (await db.db.selectFrom('generated_images').select('id').where('id', 'in', [a.id, b.id, c.id, saved.id, curated.id]).execute()).map((r) => r.id).sort();
    expect(left).toEqual([a.id, saved.id, curated.id].sort());
    for (const kept of [saved, curated]) expect(await stored(kept.storage_key)).toBe(true);
    await expectCountersExact();
  });
});
