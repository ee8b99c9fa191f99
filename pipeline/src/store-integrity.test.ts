import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureMatrix } from '@drape/boot';
import { insertWardrobeItem } from '@drape/db';
import { createTestDatabase, type TestDatabase } from '@drape/db/testing';
import { attachPreview, lookKeys } from '@drape/looks';
import { aiMarkOf, checkStoreIntegrity, ORPHAN_GRACE_MS, readAiMark, THUMB_HEIGHT, THUMB_WIDTH } from '@drape/operations';
import { openTestStorage, type TestStorage } from '@drape/storage/testing';
import { atelierProvider } from './providers/atelier-provider';
import { runGenerateJob } from './generate-job';
import { seedBlocked } from './seed-blocked';

const here = path.dirname(fileURLToPath(import.meta.url));
let db: TestDatabase;
let store: TestStorage;

async function look(seed: number) {
  const out = await runGenerateJob({ db: db.db, storage: store.storage, provider: atelierProvider, timeoutMs: 30_000 }, crypto.randomUUID(), { gender: 'female', trend: 'denim', seed, source: 'batch' });
  if (out.kind !== 'image') throw new Error('expected an image');
  return db.db.selectFrom('generated_images').selectAll().where('id', '=', out.imageId).executeTakeFirstOrThrow();
}

/** Once the grace period is over: every file written by the test counts as old. */
const later = () => new Date(Date.now() + ORPHAN_GRACE_MS + 60_000);

// The same check and the same mending whichever store holds the images.
describe.each(['local', 's3'] as const)('the store-integrity check on the %s image store', (kind) => {
  beforeAll(async () => {
    db = await createTestDatabase();
    await ensureMatrix(db.db);
    store = await openTestStorage(kind);
  }, 60_000);
  afterAll(async () => {
    await store.close();
    await db.drop();
  });

  it('finds each kind of disagreement, changes nothing until asked, and repair mends them all', async () => {
    const intact = await look(1);
    const noPicture = await look(2);
    const noThumb = await look(3);
    const kept = await look(4);
    const [blockedId] = await seedBlocked({ db: db.db, storage: store.storage, provider: atelierProvider }, 1, 99);
    const blocked = await db.db.selectFrom('blocked_images').selectAll().where('id', '=', blockedId!).executeTakeFirstOrThrow();
    const user = await db.db.insertInto('users').values({ email: 'keeper@example.com', username: 'keeper', first_name: 'K', last_name: 'K', password_hash: 'x' }).returning('id').executeTakeFirstOrThrow();
    await insertWardrobeItem(db.db, user.id, kept.id);
    // Two of the user's own pieces (My Pieces): one whole, one whose photo the store lost.
    const piece = (id: string) => ({ photo_key: `closet/${user.id}/${id}.jpg`, thumbnail_key: `closet/${user.id}/${id}.thumb.jpg` });
    const [wholeId, lostId] = [crypto.randomUUID(), crypto.randomUUID()];
    for (const id of [wholeId, lostId]) {
      await db.db.insertInto('closet_pieces').values({ id, user_id: user.id, name: null, category: 'top', color_family: 'red', color_hex: '#c62828', pattern: 'solid', measured_color_family: 'red', ...piece(id) }).execute();
      for (const key of Object.values(piece(id))) await store.storage.put('private', key, await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c62828' } }).jpeg().toBuffer());
    }
    await store.storage.delete('private', piece(lostId).photo_key);

    // A shared look's link-preview card is one of its files, not an orphan.
    const card = lookKeys(intact.job_id).previewKey;
    await store.storage.put('public', card, await sharp({ create: { width: 1200, height: 630, channels: 3, background: '#123456' } }).jpeg().toBuffer());
    expect(await attachPreview(db.db, intact.id, card)).toBe(true);

    // What a store failing, a crash between a file and its row, or a partial restore leaves.
    await store.storage.delete('public', noPicture.storage_key);
    await store.storage.delete('public', noThumb.thumb_key);
    await store.storage.delete('public', kept.storage_key);
    await store.storage.delete('private', blocked.storage_key!);
    await store.storage.put('public', 'looks/abandoned-job.webp', Buffer.from('RIFF....WEBPVP8 orphan'));
    await store.storage.put('private', 'blocked/abandoned-attempt.webp', Buffer.from('RIFF....WEBPVP8 orphan'));

    // Files written moments ago may belong to a job still storing its look: left alone.
    const now = await checkStoreIntegrity(db.db, store.storage);
    expect(now.found.file_without_row).toBe(0);
    expect(now.recentFiles).toBeGreaterThanOrEqual(2);

    const found = await checkStoreIntegrity(db.db, store.storage, { now: later() });
    expect(found.found).toEqual({ look_without_picture: 2, look_without_thumbnail: 1, blocked_without_file: 1, file_without_row: 2 });
    expect(found.checked).toMatchObject({ looks: 4, blocked: 1, pieces: 2 });
    // A piece whose photo is gone is reported, never mended: it is the user's (and its thumbnail is no orphan).
    expect(found.piecesWithoutPhoto).toEqual([lostId]);
    expect(found.repaired).toBeUndefined();
    expect(found.samples.map((p) => `${p.kind} ${p.area}/${p.key}`).sort()).toEqual([
      `blocked_without_file private/${blocked.storage_key}`,
      'file_without_row private/blocked/abandoned-attempt.webp',
      'file_without_row public/looks/abandoned-job.webp',
      `look_without_picture public/${kept.storage_key}`,
      `look_without_picture public/${noPicture.storage_key}`,
      `look_without_thumbnail public/${noThumb.thumb_key}`,
    ].sort());
    // Without --repair nothing changed.
    expect(await store.storage.exists('public', 'looks/abandoned-job.webp')).toBe(true);
    expect(await db.db.selectFrom('generated_images').select('id').where('id', '=', noPicture.id).executeTakeFirst()).toBeDefined();

    const repaired = await checkStoreIntegrity(db.db, store.storage, { now: later(), repair: true });
    expect(repaired.repaired).toEqual({ thumbnailsMade: 1, looksDeleted: 1, looksArchived: 1, blockedCleared: 1, filesRemoved: 2 });

    // A look that lost its picture is gone, unless a wardrobe keeps it: archived, still in the wardrobe.
    expect(await db.db.selectFrom('generated_images').select('id').where('id', '=', noPicture.id).executeTakeFirst()).toBeUndefined();
    expect(await db.db.selectFrom('generated_images').select('status').where('id', '=', kept.id).executeTakeFirstOrThrow()).toEqual({ status: 'archived' });
    expect(await db.db.selectFrom('wardrobe_items').select('id').where('image_id', '=', kept.id).executeTakeFirst()).toBeDefined();
    // The lost thumbnail is made again from the picture, at the thumbnail's size.
    const thumb = await store.storage.get('public', noThumb.thumb_key);
    const chunks: Buffer[] = [];
    for await (const c of thumb!.body) chunks.push(c as Buffer);
    const remade = await sharp(Buffer.concat(chunks)).metadata();
    expect(remade).toMatchObject({ format: 'webp', width: THUMB_WIDTH, height: THUMB_HEIGHT });
    expect(readAiMark(remade.xmp)).toEqual(aiMarkOf('atelier'));
    expect(await db.db.selectFrom('blocked_images').select('storage_key').where('id', '=', blocked.id).executeTakeFirstOrThrow()).toEqual({ storage_key: null });
    expect(await store.storage.exists('public', 'looks/abandoned-job.webp')).toBe(false);
    expect(await store.storage.exists('private', 'blocked/abandoned-attempt.webp')).toBe(false);
    // The intact look was not touched.
    expect(await store.storage.exists('public', intact.storage_key)).toBe(true);
    expect(await store.storage.exists('public', intact.thumb_key)).toBe(true);
    expect(await store.storage.exists('public', card)).toBe(true);

    const after = await checkStoreIntegrity(db.db, store.storage, { now: later() });
    expect(after.found).toEqual({ look_without_picture: 0, look_without_thumbnail: 0, blocked_without_file: 0, file_without_row: 0 });
    expect(after.archivedWithoutPicture).toBe(1);
    expect(after.piecesWithoutPhoto).toEqual([lostId]);
    expect(await db.db.selectFrom('closet_pieces').select('id').where('id', '=', lostId).executeTakeFirst()).toBeDefined();
    expect(await store.storage.exists('private', piece(lostId).thumbnail_key)).toBe(true);
  }, 120_000);

  if (kind === 'local') {
    it('is the operator command `npm run drape -- check [--repair]`', async () => {
      const drape = (...args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', path.join(here, 'cli.ts'), 'check', ...args], {
        env: { ...process.env, DATABASE_URL: db.url, DATA_DIR: store.dataDir! }, encoding: 'utf8', timeout: 60_000,
      });
      const gone = await look(5);
      await store.storage.delete('public', gone.storage_key);
      const check = drape();
      expect(check.status, check.stderr).toBe(1);
      expect(check.stdout).toContain('looks without their picture     1');
      // The first test's piece that lost its photo: reported, and left to its owner.
      expect(check.stdout).toContain('1 piece of My Pieces has lost its photo');
      expect(check.stdout).toContain('--repair');
      const repair = drape('--repair');
      expect(repair.status, repair.stderr).toBe(0);
      expect(repair.stdout).toContain('1 looks deleted');
      const again = drape();
      expect(again.status).toBe(0);
      expect(again.stdout).toContain('The image store and the database agree.');
      const audit = await db.db.selectFrom('admin_audit_log').select(['action', 'actor_kind']).where('action', '=', 'cli.store.repair').execute();
      expect(audit).toEqual([{ action: 'cli.store.repair', actor_kind: 'cli' }]);
    }, 120_000);
  }
});
