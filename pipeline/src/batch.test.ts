import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@drape/db/testing';
import { startBoss, stopBoss, type PgBoss } from '@drape/jobs';
import { createStorage, type Storage } from '@drape/storage';
import { startS3rver, type S3TestServer } from '@drape/storage/testing';
import { ensureMatrix } from '@drape/boot';
import { checkStoreIntegrity, entryJobId, ORPHAN_GRACE_MS, startSequentialBatch } from '@drape/operations';
import { recordCase } from '@drape/stress';
import { testLogger } from '@drape/log/testing';

const here = path.dirname(fileURLToPath(import.meta.url));
/** One run of the test per image store: the exactly-once guarantee must hold on both. */
interface Backend {
  db: TestDatabase;
  boss: PgBoss;
  dataDir: string;
  s3: S3TestServer | null;
  storage: Storage;
  close(): Promise<void>;
}

async function openBackend(kind: 'local' | 's3'): Promise<Backend> {
  const db = await createTestDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'drape-batch-'));
  await ensureMatrix(db.db);
  const boss = await startBoss(db.url, db.db, 'cli', { log: testLogger('cli') });
  const s3 = kind === 's3' ? await startS3rver() : null;
  const storage = createStorage({ dataDir, ...(s3 ? { s3: s3.options } : {}) });
  return {
    db, boss, dataDir, s3, storage,
    async close() {
      await stopBoss(boss, 'cli');
      await storage.close();
      await s3?.close();
      await db.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let b: Backend;
let db: TestDatabase;

function startWorker(): Promise<ChildProcess> {
  const child = fork(path.join(here, 'testing', 'worker-process.ts'), [], {
    env: { ...process.env, DATABASE_URL: db.url, DATA_DIR: b.dataDir, LOG_LEVEL: 'silent', ...b.s3?.env },
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`worker exited early (${code})`)));
  });
}

async function until(check: () => Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 250));
  }
}

const count = async (table: 'generated_images' | 'blocked_images') => Number((await db.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
const batchStatus = async (id: string) => (await db.db.selectFrom('batch_jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow());

/** Every entry of the batch ended as exactly one image or one blocked row, each row has its files, and no file lacks its row. */
async function expectExactlyOnce(batchId: string, entries: number) {
  const expected = new Set<string>();
  const queue = await db.db.selectFrom('sev_queue').select(['cycle', 'sequence']).execute();
  for (const q of queue) expected.add(entryJobId(batchId, q.cycle, q.sequence));
  expect(expected.size).toBe(entries);
  const images = await db.db.selectFrom('generated_images').select(['job_id', 'storage_key', 'thumb_key']).execute();
  const blocked = await db.db.selectFrom('blocked_images').select(['job_id']).execute();
  const ended = [...images.map((i) => i.job_id), ...blocked.map((b) => b.job_id)];
  expect(ended).toHaveLength(entries);
  expect(new Set(ended)).toEqual(expected);
  for (const img of images) {
    expect(await b.storage.exists('public', img.storage_key)).toBe(true);
    expect(await b.storage.exists('public', img.thumb_key)).toBe(true);
  }
  expect((await storedLooks()).sort()).toEqual(images.flatMap((i) => [path.basename(i.storage_key), path.basename(i.thumb_key)]).sort());
  const combos = await db.db.selectFrom('combinations').select((eb) => eb.fn.sum<number>('image_count').as('n')).executeTakeFirstOrThrow();
  expect(Number(combos.n)).toBe(images.length);
}

/** Every stored look, by file name: the disk folder, or s3rver's object folder (`<key>._S3rver_object`). */
async function storedLooks(): Promise<string[]> {
  const folder = b.s3 ? path.join(b.s3.directory, b.s3.bucket, 'public', 'looks') : path.join(b.dataDir, 'media', 'looks');
  const names = fs.existsSync(folder) ? fs.readdirSync(folder) : [];
  return b.s3
    ? names.filter((f) => f.endsWith('._S3rver_object')).map((f) => f.slice(0, -'._S3rver_object'.length))
    : names.filter((f) => !f.startsWith('.') && !f.includes('.partial'));
}

describe.each(['local', 's3'] as const)('sequential batch on the %s image store', (kind) => {
  beforeAll(async () => {
    b = await openBackend(kind);
    db = b.db;
  });
  afterAll(() => b.close());

  it('processes a batch of 200 jobs exactly once, and survives a SIGKILL mid-batch with no duplicate and no lost image', async () => {
    const batchId = await startSequentialBatch(db.db, b.boss, { limit: 200, stepExpireSeconds: 8 });
    let worker = await startWorker();
    await until(async () => (await count('generated_images')) >= 60, 120_000);
    worker.kill('SIGKILL');
    await new Promise((r) => worker.once('exit', r));
    const atKill = await count('generated_images');
    expect(atKill).toBeLessThan(200);
    worker = await startWorker();
    try {
      await until(async () => (await batchStatus(batchId)).status === 'completed', 180_000);
    } finally {
      worker.kill('SIGTERM');
      await new Promise((r) => worker.once('exit', r));
    }
    const batch = await batchStatus(batchId);
    const integrity = await checkStoreIntegrity(db.db, b.storage, { now: new Date(Date.now() + ORPHAN_GRACE_MS + 60_000) });
    // Issue 15 §4's case of a worker killed mid-batch, in docs/reliability.md (npm run stress).
    const report = (ok: boolean, notes?: string) => recordCase({
      section: 'faults', name: `A pipeline worker SIGKILLed mid-batch (200 entries, ${kind} image store; npm test)`, ok, notes,
      figures: { 'images at the kill': atKill, processed: batch.processed, images: batch.succeeded, 'blocked or failed': batch.failed, 'store problems (check)': Object.values(integrity.found).reduce((a, n) => a + n, 0) },
    });
    try {
      expect(batch).toMatchObject({ total: 200, processed: 200 });
      expect(batch.succeeded + batch.failed).toBe(200);
      expect(batch.metrics).toMatchObject({ jobsSent: 200, imagesStored: batch.succeeded, rowsStored: batch.succeeded });
      await expectExactlyOnce(batchId, 200);
      expect(integrity.found).toEqual({ look_without_picture: 0, look_without_thumbnail: 0, blocked_without_file: 0, file_without_row: 0 });
    } catch (err) {
      report(false, String(err).slice(0, 300));
      throw err;
    }
    report(true);
  }, 320_000);
});
