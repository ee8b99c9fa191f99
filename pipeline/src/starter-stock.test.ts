import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureMatrix } from '@drape/boot';
import { loadConfig } from '@drape/config';
import { GENDERS, OCCASIONS, PALETTES, TRENDS, combinationCode, selectionOf } from '@drape/contracts';
import { QUALITY_GOOD } from '@drape/contracts/generation';
import { LOOKBOOK_AUTOCURATE_DEFAULT } from '@drape/contracts/lookbook';
import { createTestDatabase, type TestDatabase } from '@drape/db/testing';
import { QUEUES, startBoss, stopBoss, waitingJobs, type PgBoss } from '@drape/jobs';
import { archive } from '@drape/looks';
import { createStorage } from '@drape/storage';
import { startPipeline, type Pipeline } from './daemon';
import { describeStarter, missingStarterLooks, starterCombinations, starterProgress, stockStarterSet } from './starter-stock';
import { curateLookbook, lookbookStatus } from '@drape/operations';
import { captureLog, testLogger } from '@drape/log/testing';

const ACTIVE_SELECTIONS = TRENDS.filter((t) => t.active).length + PALETTES.length + OCCASIONS.filter((o) => o.isActive).length;
const pair = (c: ReturnType<typeof starterCombinations>[number]) => `${c.gender}|${selectionOf(c).kind}|${selectionOf(c).id}`;

describe('the starter set', () => {
  const set = starterCombinations();

  it('holds one look for every active trend, palette and occasion in both genders', () => {
    expect(set).toHaveLength(ACTIVE_SELECTIONS * GENDERS.length);
    expect(new Set(set.map(pair)).size).toBe(set.length);
    // Full combinations of the matrix: the batch queue refers to them.
    for (const c of set) expect([c.styleVibe, c.bodyShape, c.skinTone].every(Boolean)).toBe(true);
    expect(new Set(set.map((c) => c.styleVibe)).size).toBeGreaterThan(1);
  });

  it('makes every selection once before any twice, trends first and the genders alternating', () => {
    const first = set.slice(0, ACTIVE_SELECTIONS);
    expect(new Set(first.map((c) => `${selectionOf(c).kind}|${selectionOf(c).id}`)).size).toBe(ACTIVE_SELECTIONS);
    const activeTrends = TRENDS.filter((t) => t.active).length;
    expect(first.slice(0, activeTrends).every((c) => selectionOf(c).kind === 'trend')).toBe(true);
    expect(first.slice(0, 4).map((c) => c.gender)).toEqual(['female', 'male', 'female', 'male']);
  });

  it('reads as a bar while it runs and as a summary once done', () => {
    const startedAt = new Date('2026-01-01T00:00:00Z');
    const running = { batchId: 'b', status: 'running', total: 30, processed: 15, succeeded: 15, startedAt, finishedAt: null };
    expect(describeStarter(running, new Date(startedAt.getTime() + 6000))).toBe(`Starter set: [${'\u2588'.repeat(10)}${'\u2591'.repeat(10)}] 15 of 30 looks, 6.0 s so far`);
    const done = { ...running, status: 'completed', processed: 30, succeeded: 29, finishedAt: new Date(startedAt.getTime() + 12_000) };
    expect(describeStarter(done)).toBe('Starter set: done, 29 of 30 looks in 12.0 s (145 images/min), 1 refused (tried again at the next start)');
  });
});

describe('stockStarterSet on an empty inventory', () => {
  let db: TestDatabase;
  let boss: PgBoss;
  beforeAll(async () => {
    db = await createTestDatabase();
    await ensureMatrix(db.db);
    boss = await startBoss(db.url, db.db, 'cli', { log: testLogger('cli') });
  });
  afterAll(async () => {
    await stopBoss(boss, 'cli');
    await db.drop();
  });

  it('opens one starter batch of the whole set when three pipelines start at once', async () => {
    const results = await Promise.all([stockStarterSet(db.db, boss), stockStarterSet(db.db, boss), stockStarterSet(db.db, boss)]);
    const opened = results.filter((r) => r.started);
    expect(opened).toHaveLength(1);
    expect(opened[0]).toMatchObject({ looks: ACTIVE_SELECTIONS * 2 });
    for (const r of results) if (!r.started) expect(r.reason).toMatch(/already running/);

    const batches = await db.db.selectFrom('batch_jobs').selectAll().execute();
    expect(batches).toHaveLength(1);
    expect(batches[0]).toMatchObject({ status: 'running', total: ACTIVE_SELECTIONS * 2, options: { starter: true, cycles: 1 } });
    const queue = await db.db.selectFrom('sev_queue').select(['combination_code', 'sequence', 'cycle', 'batch_job_id']).orderBy('sequence').execute();
    expect(queue.map((q) => q.combination_code)).toEqual(starterCombinations().map(combinationCode));
    expect(queue.every((q) => q.cycle === 1 && q.batch_job_id === batches[0]!.id)).toBe(true);
    // The batch's first step waits for a pipeline.
    expect(await waitingJobs(boss, QUEUES.batch)).toBe(1);
    expect(describeStarter((await starterProgress(db.db))!)).toMatch(/0 of 30 looks/);
  });
});

describe('a pipeline started on an empty inventory', () => {
  let db: TestDatabase;
  let boss: PgBoss;
  let dataDir: string;
  let pipeline: Pipeline;
  const logged = captureLog({ role: 'pipeline' });
  const logs = () => logged.messages();
  beforeAll(async () => {
    db = await createTestDatabase();
    await ensureMatrix(db.db);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'drape-starter-'));
    boss = await startBoss(db.url, db.db, 'cli', { log: testLogger('cli') });
    pipeline = await startPipeline({
      url: db.url, db: db.db, config: loadConfig({ DATA_DIR: dataDir }), storage: createStorage({ dataDir }),
      log: logged.log, settingsPollMs: 500, stockStarter: true,
    });
  });
  afterAll(async () => {
    await pipeline.stop();
    await stopBoss(boss, 'cli');
    await db.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('stocks a viewable look for every pair, fills the LookBook from it, then opens nothing while stocked, and only the pair that lost its looks after', async () => {
    const first = (await starterProgress(db.db))!.batchId;
    expect(logs()).toContain(`starter set: ${ACTIVE_SELECTIONS * 2} looks queued (batch ${first})`);
    // The set, then the LookBook's pick from it, then the pairs whose look went to the LookBook stocked again.
    const settled = async () => {
      const running = await db.db.selectFrom('batch_jobs').select('id').where('status', '=', 'running').executeTakeFirst();
      return !running && (await lookbookStatus(db.db)).total > 0 && (await missingStarterLooks(db.db)).length === 0;
    };
    const deadline = Date.now() + 250_000;
    while (!(await settled())) {
      if (Date.now() > deadline) throw new Error(`the starter set did not settle: ${describeStarter((await starterProgress(db.db))!)}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    const batches = await db.db.selectFrom('batch_jobs').selectAll().orderBy('created_at').execute();
    expect(batches[0]).toMatchObject({ id: first, status: 'completed', total: ACTIVE_SELECTIONS * 2, processed: ACTIVE_SELECTIONS * 2 });
    // Said by the step that ended the batch: its line carries the step's job id and the batch's.
    expect(logged.lines.find((l) => l.msg?.startsWith('Starter set: done'))).toMatchObject({ level: 'info', role: 'pipeline', batchId: first, jobId: expect.any(String), queue: QUEUES.batch });

    // One look per combination of the set that made a good look, each curated by the pipeline as
    // the set ended; the pairs whose look went to the LookBook were stocked again by another
    // starter batch, whose looks stay viewable (their combinations are in the LookBook).
    const good = new Set((await db.db.selectFrom('generated_images').select('combination_code').where('quality_score', '>=', QUALITY_GOOD).execute()).map((r) => r.combination_code));
    expect(good.size).toBeGreaterThan(0);
    expect(await lookbookStatus(db.db)).toEqual({ total: good.size, auto: good.size, admin: 0, other: 0 });
    expect(logs().some((line) => /^LookBook: \d+ looks curated after the starter set/.test(line))).toBe(true);
    expect(batches.length).toBeGreaterThanOrEqual(2);
    expect(batches.every((b) => b.status === 'completed' && (b.options as { starter?: boolean }).starter)).toBe(true);
    expect(await curateLookbook(db.db, LOOKBOOK_AUTOCURATE_DEFAULT)).toMatchObject({ curated: 0 });

    expect(await stockStarterSet(db.db, boss)).toEqual({ started: false, reason: 'every active trend, palette and occasion has a look in both genders' });

    // Every look of one pair archived: the next start stocks that pair alone.
    const gone = starterCombinations()[3]!;
    const pair = await db.db.selectFrom('generated_images').select('id').where('gender', '=', gone.gender).where('selection_kind', '=', selectionOf(gone).kind).where('selection_id', '=', selectionOf(gone).id).execute();
    await archive(db.db, pair.map((r) => r.id));
    const again = await stockStarterSet(db.db, boss);
    expect(again).toMatchObject({ started: true, looks: 1 });
    const queue = await db.db.selectFrom('sev_queue').select('combination_code').execute();
    expect(queue.map((q) => q.combination_code)).toEqual([combinationCode(gone)]);
  }, 300_000);
});
