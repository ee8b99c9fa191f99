import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@drape/config';
import { setPerformanceMode } from '@drape/db';
import { createTestDatabase, type TestDatabase } from '@drape/db/testing';
import { createStorage } from '@drape/storage';
import { startPipeline, type Pipeline } from './daemon';
import { podStatus } from '@drape/operations';
import { testLogger } from '@drape/log/testing';

let db: TestDatabase;
let dataDir: string;
let pipeline: Pipeline;

beforeAll(async () => {
  db = await createTestDatabase();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'drape-daemon-'));
  pipeline = await startPipeline({ url: db.url, db: db.db, config: loadConfig({ DATA_DIR: dataDir }), storage: createStorage({ dataDir }), log: testLogger('pipeline'), settingsPollMs: 200 });
});
afterAll(async () => {
  await pipeline.stop();
  await db.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function until(check: () => boolean | Promise<boolean>) {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('the pipeline daemon', () => {
  it('registers itself as a running pod', async () => {
    const row = await db.db.selectFrom('pipeline_workers').selectAll().where('id', '=', pipeline.workerId).executeTakeFirstOrThrow();
    expect(podStatus(row)).toBe('running');
  });

  it('applies a performance mode change without a restart', async () => {
    expect(pipeline.performance()).toEqual({ mode: 'conservative', generateWorkers: 4 });
    await setPerformanceMode(db.db, 'aggressive');
    await until(() => pipeline.performance().mode === 'aggressive');
    expect(pipeline.performance()).toEqual({ mode: 'aggressive', generateWorkers: 5 });
    await setPerformanceMode(db.db, 'conservative');
    await until(() => pipeline.performance().mode === 'conservative');
    expect(pipeline.performance()).toEqual({ mode: 'conservative', generateWorkers: 4 });
  });
});
