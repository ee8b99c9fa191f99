import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createDb, type DbHandle } from '@drape/db';
import { createTestDatabase, type TestDatabase } from '@drape/db/testing';
import { startBoss, stopBoss, type PgBoss } from './boss';
import { LEGACY_SCHEMA, LEGACY_SCHEMA_VERSION, carriedOver, setAsideLegacySchema } from './pg-boss-10-upgrade';
import { QUEUES, SCHEDULES, SEND, scheduleQueue } from './queues';
import { startPgBoss10 } from './testing';
import { captureLog, testLogger } from '@drape/log/testing';

/**
 * An install made by pg-boss 10.4.2 (the release Drape ran before), with jobs in every state,
 * upgraded by our code on pg-boss 12: every job that had not ended is worked exactly once, with
 * its id, priority and remaining attempts; the ended ones never again; several processes starting
 * together upgrade it once.
 */
const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

async function database(): Promise<TestDatabase> {
  const db = await createTestDatabase();
  cleanup.push(() => db.drop());
  return db;
}

/** Another process's pool on the same database. */
function pool(db: TestDatabase): DbHandle {
  const handle = createDb(db.url, 2, testLogger());
  cleanup.push(() => handle.close());
  return handle;
}

interface LegacyInstall {
  /** Jobs that had not ended, by id: what each must look like once moved. */
  pending: Map<string, { queue: string; priority: number; retryLimit: number; deferred: boolean }>;
  /** Jobs that had ended (completed, failed for good). */
  ended: string[];
  live: string;
}

/** pg-boss 10.4.2 as Drape used it: our queues and crons, and jobs left in every state. */
async function makeLegacyInstall(url: string): Promise<LegacyInstall> {
  const old = await startPgBoss10(url);
  const pending: LegacyInstall['pending'] = new Map();
  const ended: string[] = [];
  // Each job is sent and taken alone, so the fetch takes that one.
  const take = async (options: object) => {
    const id = await old.send(QUEUES.generate, { kind: 'entry' }, options);
    const [job] = await old.fetch(QUEUES.generate);
    expect(job?.id).toBe(id);
    return id!;
  };
  // Running when the old worker stopped (its attempt is given back): 3 retries left.
  const running = await take(SEND.batchEntry(randomUUID(), 60));
  pending.set(running, { queue: QUEUES.generate, priority: 0, retryLimit: 3, deferred: false });
  // Failed once, waiting for its retry: 2 retries left.
  const retrying = await take({ ...SEND.batchEntry(randomUUID(), 60), retryDelay: 1, retryBackoff: false });
  await old.fail(QUEUES.generate, retrying, { message: 'render failed' });
  pending.set(retrying, { queue: QUEUES.generate, priority: 0, retryLimit: 2, deferred: false });
  // Ended: completed, and failed for good.
  const completed = await take(SEND.batchEntry(randomUUID(), 60));
  await old.complete(QUEUES.generate, completed);
  const failed = await take({ ...SEND.batchEntry(randomUUID(), 60), retryLimit: 0 });
  await old.fail(QUEUES.generate, failed, { message: 'gave up' });
  ended.push(completed, failed);
  // Waiting: batch entries with their stable ids, a live request, a batch step due in a moment.
  for (let i = 0; i < 5; i++) {
    const id = randomUUID();
    expect(await old.send(QUEUES.generate, { kind: 'entry', i }, SEND.batchEntry(id, 60))).toBe(id);
    pending.set(id, { queue: QUEUES.generate, priority: 0, retryLimit: 3, deferred: false });
  }
  const live = (await old.send(QUEUES.generate, { kind: 'live' }, SEND.live(60)))!;
  pending.set(live, { queue: QUEUES.generate, priority: 10, retryLimit: 2, deferred: false });
  const step = randomUUID();
  await old.send(QUEUES.batch, { batchJobId: randomUUID(), step: 2 }, SEND.batchStep(step, 60, new Date(Date.now() + 4000)));
  pending.set(step, { queue: QUEUES.batch, priority: 0, retryLimit: 10, deferred: true });
  // The retry above falls due a second after its failure: waited out here (after the last fetch,
  // which would take it), so that it reads as due, not deferred, however fast the upgrade runs.
  await new Promise((r) => setTimeout(r, 1200));
  await old.stop({ graceful: false, close: true, wait: true });
  return { pending, ended, live };
}

async function states(db: TestDatabase, schema: string): Promise<Record<string, string>> {
  const rows = await sql<{ id: string; state: string }>`select id, state::text as state from ${sql.id(schema, 'job')}`.execute(db.db);
  return Object.fromEntries(rows.rows.map((r) => [r.id, r.state]));
}

async function until(check: () => boolean | Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Works both queues with one worker each and answers the ids in the order they ran. */
async function workAll(boss: PgBoss): Promise<string[]> {
  const runs: string[] = [];
  for (const queue of [QUEUES.generate, QUEUES.batch]) {
    await boss.work(queue, { batchSize: 1, pollingIntervalSeconds: 0.5 }, async ([job]) => {
      runs.push(job!.id);
    });
  }
  return runs;
}

describe('an install made by pg-boss 10, started on pg-boss 12', () => {
  it('works every job that had not ended exactly once, keeps ids, priorities and attempts, and upgrades once with several processes starting together', async () => {
    const db = await database();
    const install = await makeLegacyInstall(db.url);
    const before = await states(db, 'pgboss');
    expect(Object.values(before).sort()).toEqual(['active', 'completed', 'created', 'created', 'created', 'created', 'created', 'created', 'created', 'failed', 'retry'].sort());

    // Three processes at once (a server, a pipeline worker, the CLI), each with its own pool.
    const captured = captureLog({ level: 'warn' });
    const lines = () => captured.messages().filter((m) => m.startsWith('pg-boss 10'));
    const bosses = await Promise.all((['server', 'pipeline', 'cli'] as const).map(async (role) => {
      const boss = await startBoss(db.url, pool(db).db, role, { log: captured.log, maintenanceIntervalSeconds: 1 });
      cleanup.push(() => stopBoss(boss, role));
      return boss;
    }));
    const worker = bosses[1]!;
    expect(lines()).toEqual([`pg-boss 10 queue carried over to pg-boss 12: pending jobs ${QUEUES.batch} 1, ${QUEUES.generate} 8; 4 schedules`]);
    expect((await sql<{ n: string | null }>`select to_regnamespace(${LEGACY_SCHEMA})::text as n`.execute(db.db)).rows[0]!.n).toBeNull();
    expect(await worker.schemaVersion()).toBeGreaterThan(LEGACY_SCHEMA_VERSION);
    expect((await worker.getSchedules()).map((s) => s.name).sort()).toEqual(Object.values(SCHEDULES).map((s) => scheduleQueue(s.task)).sort());

    for (const [id, want] of install.pending) {
      const job = await worker.getJobById(want.queue, id);
      expect(job, id).toMatchObject({ state: 'created', priority: want.priority, retryLimit: want.retryLimit, retryCount: 0 });
      expect(job!.startAfter.getTime() > Date.now(), id).toBe(want.deferred);
    }
    for (const id of install.ended) expect(await worker.getJobById(QUEUES.generate, id)).toBeNull();

    const runs = await workAll(worker);
    await until(() => runs.length >= install.pending.size, 30_000);
    // Long enough for a duplicate to show (polling every 0.5 s, expiry checked every second).
    await new Promise((r) => setTimeout(r, 3000));
    expect(runs.sort()).toEqual([...install.pending.keys()].sort());
    for (const id of install.ended) expect(runs).not.toContain(id);

    // A later start finds nothing left to carry over.
    const again = await startBoss(db.url, pool(db).db, 'cli', { log: captured.log });
    await stopBoss(again, 'cli');
    expect(lines()).toHaveLength(1);
  }, 90_000);

  it('takes a live request first, as pg-boss 10 would have', async () => {
    const db = await database();
    const install = await makeLegacyInstall(db.url);
    const boss = await startBoss(db.url, pool(db).db, 'pipeline', { log: testLogger('pipeline'), maintenanceIntervalSeconds: 1 });
    cleanup.push(() => stopBoss(boss, 'pipeline'));
    const runs = await workAll(boss);
    await until(() => runs.length >= install.pending.size, 30_000);
    expect(runs[0]).toBe(install.live);
  }, 90_000);

  it('finishes an upgrade that stopped after setting the old schema aside', async () => {
    const db = await database();
    const install = await makeLegacyInstall(db.url);
    // A process that set the old schema aside and died before pg-boss 12 started.
    expect(await setAsideLegacySchema(db.db)).toBe(true);
    expect(Object.keys(await states(db, LEGACY_SCHEMA))).toHaveLength(install.pending.size + install.ended.length);
    const captured = captureLog({ level: 'warn' });
    const lines = () => captured.messages().filter((m) => m.startsWith('pg-boss 10'));
    const boss = await startBoss(db.url, pool(db).db, 'pipeline', { log: captured.log, maintenanceIntervalSeconds: 1 });
    cleanup.push(() => stopBoss(boss, 'pipeline'));
    expect(lines()).toHaveLength(1);
    const runs = await workAll(boss);
    await until(() => runs.length >= install.pending.size, 30_000);
    await new Promise((r) => setTimeout(r, 2000));
    expect(runs.sort()).toEqual([...install.pending.keys()].sort());
  }, 90_000);
});

describe('a pg-boss 10 job carried over', () => {
  const base = {
    id: 'a', name: 'generate', priority: 0, data: { x: 1 }, retry_limit: 3, retry_delay: 2, retry_backoff: true,
    start_after: new Date('2026-01-01T00:00:00Z'), singleton_key: null, expire_seconds: 59.5,
  };
  const now = new Date('2026-02-01T00:00:00Z');

  it('keeps the attempts it had left: a waiting retry has spent one more than its count', () => {
    expect(carriedOver({ ...base, state: 'created', retry_count: 0 }, now).retryLimit).toBe(3);
    expect(carriedOver({ ...base, state: 'retry', retry_count: 0 }, now).retryLimit).toBe(2);
    expect(carriedOver({ ...base, state: 'retry', retry_count: 2 }, now).retryLimit).toBe(0);
  });

  it('gives a running job its cut attempt back and starts it at once', () => {
    expect(carriedOver({ ...base, state: 'active', retry_count: 1 }, now)).toMatchObject({ retryLimit: 2, startAfter: now });
    expect(carriedOver({ ...base, state: 'created', retry_count: 0 }, now).startAfter).toEqual(base.start_after);
  });

  it('keeps id, data, priority, retry policy and expiry', () => {
    expect(carriedOver({ ...base, state: 'created', retry_count: 0, priority: 10 }, now)).toEqual({
      id: 'a', data: { x: 1 }, priority: 10, retryLimit: 3, retryDelay: 2, retryBackoff: true, startAfter: base.start_after, expireInSeconds: 60,
    });
  });
});
