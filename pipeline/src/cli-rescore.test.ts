import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compose, judgeLook, noteOf, parseCombinationCode, qualityScore } from '@drape/atelier';
import { ensureMatrix } from '@drape/boot';
import { createTestDatabase, type TestDatabase } from '@drape/db/testing';
import { makeLook } from '@drape/looks/testing';
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

const drape = (...args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', path.join(here, 'cli.ts'), 'rescore', ...args], {
  env: { ...process.env, DATABASE_URL: db.url, DATA_DIR: store.dataDir! }, encoding: 'utf8', timeout: 60_000,
});
const row = (id: string) =>
  db.db.selectFrom('generated_images').select(['quality_score', 'quality', 'stylist_note', 'combination_code', 'seed']).where('id', '=', id).executeTakeFirstOrThrow();

describe('npm run drape -- rescore', () => {
  it("gives stored looks the stylist's score and note, leaves a look it cannot compose again, and changes nothing on a dry run", async () => {
    const deps = { db: db.db, storage: store.storage, provider: atelierProvider, timeoutMs: 30_000 };
    const stored = await runGenerateJob(deps, crypto.randomUUID(), { gender: 'male', occasion: 'office', seed: 5, source: 'batch' });
    if (stored.kind !== 'image') throw new Error('expected an image');
    // As a look stored before the stylist's rules: the old score, no note.
    await db.db.updateTable('generated_images').set({ quality_score: 100, quality: JSON.stringify({ sharpness: 0.5 }), stylist_note: [] }).where('id', '=', stored.imageId).execute();
    // A look whose pieces no composition of its seed gives (the factory's own pieces).
    const foreign = await makeLook(db.db, { storage: store.storage, qualityScore: 88 });

    const dry = drape('--dry-run');
    expect(dry.status, dry.stderr).toBe(0);
    expect(dry.stdout).toContain('Would rescore 1 look');
    expect((await row(stored.imageId)).quality_score).toBe(100);

    const run = drape();
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('Rescored 1 look');
    expect(run.stdout).toContain('1 look no longer composes as stored');
    const after = await row(stored.imageId);
    const look = compose(parseCombinationCode(after.combination_code)!, after.seed);
    const expected = qualityScore({ look, sharpness: 0.5 });
    expect(after.quality_score).toBe(expected.score);
    expect(after.quality).toMatchObject({ sharpness: 0.5, completeness: 1 });
    expect(after.stylist_note).toEqual(noteOf(look, judgeLook(look)));
    expect(after.stylist_note.length).toBeGreaterThanOrEqual(3);
    expect((await row(foreign.id)).quality_score).toBe(88);
    const audit = await db.db.selectFrom('admin_audit_log').select(['details']).where('action', '=', 'cli.looks.rescore').execute();
    expect(audit).toHaveLength(1);
  }, 180_000);
});
