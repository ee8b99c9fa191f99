import type { FastifyInstance } from 'fastify';
import { READINESS_CACHE_MS, READINESS_CHECK_TIMEOUT_MS, type LivenessAnswer, type ReadinessAnswer, type ReadinessChecks } from '@drape/contracts/observability';
import { cachedPerDb, pendingMigrations, ping, type Db, type DatabaseWatch } from '@drape/db';
import { queueSchemaReady, type JobQueue } from '@drape/jobs';
import type { Storage } from '@drape/storage';

export interface ReadinessSources {
  db: Db;
  storage: Pick<Storage, 'probe'>;
  queue: Pick<JobQueue, 'isInstalled' | 'getQueues'>;
  databaseWatch: Pick<DatabaseWatch, 'down' | 'report'>;
}

/** Resolves with the promise's value, or rejects once `ms` have passed (the probe answers in time). */
export function within<T>(ms: number, p: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}

/** Ready when every check is ok (pure). */
export function readinessAnswer(checks: ReadinessChecks): ReadinessAnswer {
  const ready = checks.database === 'ok' && checks.migrations === 'ok' && checks.imageStore === 'ok' && checks.queue === 'ok';
  return ready ? { status: 'ready', checks } : { status: 'not ready', checks };
}

async function runChecks(s: ReadinessSources, timeoutMs: number): Promise<ReadinessChecks> {
  const store = within(timeoutMs, s.storage.probe()).then(() => 'ok' as const, () => 'unreachable' as const);
  // While the process knows PostgreSQL is away it does not wait to find out again.
  if (s.databaseWatch.down()) return { database: 'unreachable', migrations: 'unknown', imageStore: await store, queue: 'unknown' };
  const database = within(timeoutMs, ping(s.db)).then(() => 'ok' as const, (err: unknown) => {
    s.databaseWatch.report(err);
    return 'unreachable' as const;
  });
  const migrations = within(timeoutMs, pendingMigrations(s.db)).then((pending) => (pending.length ? 'pending' as const : 'ok' as const), () => 'unknown' as const);
  const queue = within(timeoutMs, queueSchemaReady(s.queue)).then((ok) => (ok ? 'ok' as const : 'not ready' as const), () => 'unknown' as const);
  const [db, m, imageStore, q] = await Promise.all([database, migrations, store, queue]);
  return { database: db, migrations: db === 'ok' ? m : 'unknown', imageStore, queue: db === 'ok' ? q : 'unknown' };
}

/**
 * The probes an orchestrator asks (docs/decisions/0023-metrics-and-readiness.md). /healthz is
 * liveness: 200 while the process serves, whatever its database does (a restart would not bring
 * PostgreSQL back, and restarting every server during an outage only adds to it). /readyz is
 * readiness: 503 until the migrations are applied, the image store answers and pg-boss's schema
 * and queues are there, and while PostgreSQL is unreachable; one answer serves the probes of
 * READINESS_CACHE_MS (it is public, and each costs a few queries and an object-store request).
 */
export function registerProbes(app: FastifyInstance, sources: ReadinessSources, jsonHeaders: Record<string, string>, timeoutMs = READINESS_CHECK_TIMEOUT_MS): void {
  app.get('/healthz', async (_req, reply) => reply.headers(jsonHeaders).send({ status: 'ok' } satisfies LivenessAnswer));

  app.get('/readyz', async (_req, reply) => {
    const checks = sources.databaseWatch.down()
      ? await runChecks(sources, timeoutMs)
      : await cachedPerDb(sources.db, 'readiness', READINESS_CACHE_MS, () => runChecks(sources, timeoutMs));
    const answer = readinessAnswer(checks);
    return reply.status(answer.status === 'ready' ? 200 : 503).headers(jsonHeaders).send(answer);
  });
}
