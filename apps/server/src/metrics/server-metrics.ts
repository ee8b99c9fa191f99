import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client';
import { HTTP_DURATION_BUCKETS_SECONDS, JOB_DURATION_BUCKETS_SECONDS, UNMATCHED_ROUTE_LABEL } from '@drape/contracts/observability';
import { poolUse, type Db, type PoolUse } from '@drape/db';
import { queuePoolUse, type JobQueue } from '@drape/jobs';
import { POD_STATUSES } from '@drape/operations';
import { fleetFigures, type FleetFigures } from './fleet-figures';
import { RequestTimings } from './request-timings';
import { StoredHistogram } from './stored-histogram';

/** The looks' statuses, each reported (at 0 too) so a dashboard's series never vanish. */
const LOOK_STATUSES = ['viewable', 'lookbook', 'archived'] as const;

/** A node-postgres pool as poolUse reads it. */
export type PoolLike = Parameters<typeof poolUse>[0];

export interface MetricsSources {
  db: Db;
  /** pg-boss as the server holds it: queue sizes, and its own pool. */
  queue: JobQueue;
  /** This process's own pools by name (`app`: Kysely's); pg-boss's is added as `queue`. */
  pools?: Record<string, PoolLike>;
  /** True while the process knows its database is away (its DatabaseWatch). */
  databaseDown?: () => boolean;
  onDatabaseError?: (err: unknown) => void;
}

export interface ServerMetrics {
  /** One answered request: its method, its route's pattern (undefined: no route matched), status and time. */
  observeRequest(method: string, route: string | undefined, status: number, elapsedMs: number): void;
  /** The text of a scrape: this process, and the fleet's figures as the database has them. */
  render(): Promise<string>;
  readonly contentType: string;
}

/**
 * Node's own figures (CPU, memory, event loop, GC, handles) belong to the process, not to one app:
 * collected once per process into a registry of their own, whatever number of apps a process (a
 * test) builds.
 */
let processRegistry: Registry | null = null;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/**
 * The metrics of one server process (docs/decisions/0023-metrics-and-readiness.md), shared by its
 * listeners: requests are counted as they are answered (a map lookup and a bucket search, nothing
 * else on the request path); pools are read when scraped; the fleet's figures are read from the database
 * (cached a few seconds) when scraped.
 */
export function createServerMetrics(sources: MetricsSources): ServerMetrics {
  const registry = new Registry();
  const timings = new RequestTimings(HTTP_DURATION_BUCKETS_SECONDS);
  const requests = new StoredHistogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [...HTTP_DURATION_BUCKETS_SECONDS],
    registers: [registry],
  });

  const pools = (): [string, PoolUse][] => {
    const out: [string, PoolUse][] = Object.entries(sources.pools ?? {}).map(([name, pool]) => [name, poolUse(pool)]);
    const queuePool = queuePoolUse(sources.queue);
    if (queuePool) out.push(['queue', queuePool]);
    return out;
  };
  const poolGauge = (name: string, help: string, read: (use: PoolUse) => number) => new Gauge({
    name, help, labelNames: ['pool'] as const, registers: [registry],
    collect() {
      this.reset();
      for (const [pool, use] of pools()) this.set({ pool }, read(use));
    },
  });
  poolGauge('drape_db_pool_connections', 'PostgreSQL connections open in the pool (in use and idle).', (u) => u.total);
  poolGauge('drape_db_pool_idle_connections', 'PostgreSQL connections idle in the pool.', (u) => u.idle);
  poolGauge('drape_db_pool_waiting_requests', 'Queries waiting for a connection of the pool.', (u) => u.waiting);
  poolGauge('drape_db_pool_max_connections', 'The most connections the pool opens.', (u) => u.max);

  const jobsTotal = new Counter({
    name: 'drape_jobs_total',
    help: 'Jobs ended, by queue and outcome, fleet-wide (generate: stored, blocked, failed once per job; other queues: completed or failed per attempt).',
    labelNames: ['queue', 'outcome'] as const,
    registers: [registry],
  });
  const jobDuration = new StoredHistogram({
    name: 'drape_job_duration_seconds',
    help: 'How long jobs ran, by queue, fleet-wide.',
    labelNames: ['queue'] as const,
    buckets: [...JOB_DURATION_BUCKETS_SECONDS],
    registers: [registry],
  });
  const queueSize = new Gauge({ name: 'drape_queue_size', help: 'Jobs waiting to be worked, by queue.', labelNames: ['queue'] as const, registers: [registry] });
  const looks = new Gauge({ name: 'drape_looks', help: 'Stored looks, by status.', labelNames: ['status'] as const, registers: [registry] });
  const workers = new Gauge({
    name: 'drape_workers',
    help: 'Pipeline workers heard from in the last day, by status (running, error, offline).',
    labelNames: ['status'] as const,
    registers: [registry],
  });
  const databaseUp = new Gauge({
    name: 'drape_metrics_database_up',
    help: '1 when this scrape read every fleet figure from the database, 0 when some are missing.',
    registers: [registry],
  });

  const show = (fleet: FleetFigures) => {
    jobsTotal.reset();
    for (const t of fleet.jobs?.totals ?? []) jobsTotal.inc({ queue: t.queue, outcome: t.outcome }, t.count);
    jobDuration.show((fleet.jobs?.durations ?? []).map((d) => ({ labels: { queue: d.queue }, buckets: d.buckets, sum: d.sumSeconds, count: d.count })));
    queueSize.reset();
    for (const [queue, size] of Object.entries(fleet.queues ?? {})) queueSize.set({ queue }, size);
    looks.reset();
    if (fleet.looks) for (const status of LOOK_STATUSES) looks.set({ status }, fleet.looks[status]);
    workers.reset();
    if (fleet.workers) for (const status of POD_STATUSES) workers.set({ status }, fleet.workers[status]);
    databaseUp.set(fleet.jobs && fleet.queues && fleet.looks && fleet.workers ? 1 : 0);
  };

  return {
    contentType: registry.contentType,
    observeRequest(method, route, status, elapsedMs) {
      timings.observe(method, route ?? UNMATCHED_ROUTE_LABEL, status, elapsedMs / 1000);
    },
    async render() {
      requests.show(timings.snapshot());
      show(await fleetFigures({ db: sources.db, queue: sources.queue, databaseDown: sources.databaseDown, onError: sources.onDatabaseError }));
      return `${await processMetrics().metrics()}\n${await registry.metrics()}`;
    },
  };
}
