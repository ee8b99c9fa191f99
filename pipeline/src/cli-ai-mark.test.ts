import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureMatrix } from '@drape/boot';
import { DIGITAL_SOURCE_TYPES } from '@drape/contracts/looks';
import { createTestDatabase, type TestDatabase } from '@drape/db/testing';
import { makeLook } from '@drape/looks/testing';
import { aiMarkOf, markedPictureOf, readAiMark, readPublicFile } from '@drape/operations';
import { openTestStorage, type TestStorage } from '@drape/storage/testing';
import { atelierProvider } from './providers/atelier-provider';
import { runGenerateJob } from './generate-job';

const here = path.dirname(fileURLToPath(import.meta.url));
let db: TestDatabase;
let store: TestStorage;

beforeAll(async () => {
  db = await createTestDatabase();
  await ensureMatrix(db.db);
  store = await openTestStorage('local');
}, 60_000);
afterAll(async () => {
  await store.close();
  await db.drop();
});

const drape = () => spawnSync(process.execPath, ['--import', 'tsx', path.join(here, 'cli.ts'), 'ai-mark'], {
  env: { ...process.env, DATABASE_URL: db.url, DATA_DIR: store.dataDir! }, encoding: 'utf8', timeout: 60_000,
});
const row = (id: string) => db.db.selectFrom('generated_images').select(['storage_key', 'thumb_key', 'ai_marked', 'bytes']).where('id', '=', id).executeTakeFirstOrThrow();
const markOf = async (key: string) => readAiMark((await sharp((await readPublicFile(store.storage, key))!).metadata()).xmp);

describe('npm run drape -- ai-mark', () => {
  it('marks looks stored without the mark, leaves the marked alone, and a second run finds nothing', async () => {
    // Stored as before the mark existed: plain WebPs, the row unmarked. One by a diffusion provider.
    const older = await makeLook(db.db, { storage: store.storage });
    const diffusion = await makeLook(db.db, { storage: store.storage });
    await db.db.updateTable('generated_images').set({ provider: 'http-a1111' }).where('id', '=', diffusion.id).execute();
    expect(await markOf((await row(older.id)).storage_key)).toBeNull();
    // Stopped before: its picture rewritten with the mark, its row not yet set.
    const halfway = await makeLook(db.db, { storage: store.storage });
    const halfwayKey = (await row(halfway.id)).storage_key;
    await store.storage.put('public', halfwayKey, await markedPictureOf((await readPublicFile(store.storage, halfwayKey))!, aiMarkOf('atelier')));
    const halfwayBytes = await readPublicFile(store.storage, halfwayKey);
    // Stored by the pipeline today: marked as it was stored.
    const fresh = await runGenerateJob({ db: db.db, storage: store.storage, provider: atelierProvider, timeoutMs: 30_000 }, crypto.randomUUID(), { gender: 'female', trend: 'denim', seed: 3, source: 'batch' });
    if (fresh.kind !== 'image') throw new Error('expected an image');
    const freshBytes = await readPublicFile(store.storage, (await row(fresh.imageId)).storage_key);

    const first = drape();
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout).toContain('Marked 3 looks.');
    for (const id of [older.id, halfway.id]) {
      const r = await row(id);
      expect(r.ai_marked).toBe(true);
      for (const key of [r.storage_key, r.thumb_key]) expect(await markOf(key)).toEqual({ sourceType: DIGITAL_SOURCE_TYPES.algorithmicMedia, generator: 'Drape (built-in renderer)' });
      expect(r.bytes).toBe((await readPublicFile(store.storage, r.storage_key))!.length);
    }
    const d = await row(diffusion.id);
    for (const key of [d.storage_key, d.thumb_key]) expect(await markOf(key)).toEqual({ sourceType: DIGITAL_SOURCE_TYPES.trainedAlgorithmicMedia, generator: 'Drape (http-a1111)' });
    // The pictures keep their size and format.
    expect(await sharp((await readPublicFile(store.storage, d.storage_key))!).metadata()).toMatchObject({ format: 'webp', width: 768, height: 1024 });
    // A file that carried the mark is not encoded again; the pipeline's look is not touched.
    expect((await readPublicFile(store.storage, halfwayKey))!.equals(halfwayBytes!)).toBe(true);
    expect((await readPublicFile(store.storage, (await row(fresh.imageId)).storage_key))!.equals(freshBytes!)).toBe(true);
    const audit = await db.db.selectFrom('admin_audit_log').select(['action', 'details']).where('action', '=', 'cli.looks.aiMark').execute();
    expect(audit).toHaveLength(1);

    const second = drape();
    expect(second.status, second.stderr).toBe(0);
    expect(second.stdout).toContain('Every look carries the AI mark.');
  }, 180_000);
});
