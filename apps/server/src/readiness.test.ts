import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReadinessAnswer, ReadinessChecks } from '@drape/contracts/observability';
import { QUEUES, startBoss, stopBoss } from '@drape/jobs';
import { startTestServer, type TestServer } from './testing/harness';
import { testLogger } from '@drape/log/testing';

/**
 * Issue 16 §2 "Readiness": /readyz answers 503 while migrations are missing, the image store cannot
 * be used or pg-boss's queues are not there (and while PostgreSQL is away: database-outage.test.ts),
 * 200 when all are; /healthz answers 200 through all of it. Each condition is made for real on the
 * running server's database and store, then mended.
 */
const ALL_OK: ReadinessChecks = { database: 'ok', migrations: 'ok', imageStore: 'ok', queue: 'ok' };

async function readyz(base: string): Promise<{ status: number; body: ReadinessAnswer; cacheControl: string | null }> {
  const res = await fetch(`${base}/readyz`);
  return { status: res.status, body: (await res.json()) as ReadinessAnswer, cacheControl: res.headers.get('cache-control') };
}

/** The answer once it shows `expected` (one answer serves the probes of a second), or the last one. */
async function readyzBecomes(base: string, expected: ReadinessAnswer['status']): Promise<Awaited<ReturnType<typeof readyz>>> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const answer = await readyz(base);
    if (answer.body.status === expected || Date.now() > deadline) return answer;
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function liveness(base: string) {
  const res = await fetch(`${base}/healthz`);
  return { status: res.status, body: await res.json() };
}

describe('/readyz on the local image store', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(() => s.close());

  it('is ready when the migrations, the store and the queues are; /healthz is ok', async () => {
    expect(await readyz(s.url)).toEqual({ status: 200, body: { status: 'ready', checks: ALL_OK }, cacheControl: 'no-store' });
    expect(await liveness(s.url)).toEqual({ status: 200, body: { status: 'ok' } });
  });

  it('is not ready while a migration this code knows is not applied (another process still migrating)', async () => {
    // Kysely's own table, outside the schema's types.
    const removed = await sql<{ name: string; timestamp: string }>`delete from kysely_migration where name = (select max(name) from kysely_migration) returning name, timestamp`.execute(s.db.db);
    const last = removed.rows[0]!;
    try {
      expect(await readyzBecomes(s.url, 'not ready')).toEqual({ status: 503, body: { status: 'not ready', checks: { ...ALL_OK, migrations: 'pending' } }, cacheControl: 'no-store' });
      expect((await liveness(s.url)).status).toBe(200);
    } finally {
      await sql`insert into kysely_migration (name, timestamp) values (${last.name}, ${last.timestamp})`.execute(s.db.db);
    }
    expect(await readyzBecomes(s.url, 'ready')).toMatchObject({ status: 200, body: { checks: ALL_OK } });
  });

  it('is not ready while the image store cannot be used (a file where its folder should be)', async () => {
    const privateArea = path.join(s.config.dataDir, 'private');
    await fs.rm(privateArea, { recursive: true, force: true });
    await fs.writeFile(privateArea, 'not a folder');
    try {
      expect(await readyzBecomes(s.url, 'not ready')).toMatchObject({ status: 503, body: { status: 'not ready', checks: { ...ALL_OK, imageStore: 'unreachable' } } });
    } finally {
      await fs.rm(privateArea);
    }
    expect(await readyzBecomes(s.url, 'ready')).toMatchObject({ status: 200, body: { checks: ALL_OK } });
  });

  it("is not ready while one of Drape's queues is missing from pg-boss", async () => {
    const boss = await startBoss(s.db.url, s.db.db, 'cli', { log: testLogger('cli') });
    try {
      await boss.deleteQueue(QUEUES.batch);
      expect(await readyzBecomes(s.url, 'not ready')).toMatchObject({ status: 503, body: { checks: { ...ALL_OK, queue: 'not ready' } } });
      await boss.createQueue(QUEUES.batch);
      expect(await readyzBecomes(s.url, 'ready')).toMatchObject({ status: 200, body: { checks: ALL_OK } });
    } finally {
      await stopBoss(boss, 'cli');
    }
  });
});

describe('/readyz on S3', () => {
  it('is not ready once the object store stops answering', async () => {
    const s = await startTestServer({ s3: true });
    try {
      expect(await readyz(s.url)).toMatchObject({ status: 200, body: { status: 'ready', checks: ALL_OK } });
      await s.s3!.close();
      expect(await readyzBecomes(s.url, 'not ready')).toMatchObject({ status: 503, body: { status: 'not ready', checks: { ...ALL_OK, imageStore: 'unreachable' } } });
      expect((await liveness(s.url)).status).toBe(200);
    } finally {
      await s.close().catch(() => {});
    }
  });
});
