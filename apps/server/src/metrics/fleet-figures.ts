import { METRICS_FLEET_CACHE_MS, METRICS_FLEET_TIMEOUT_MS } from '@drape/contracts/observability';
import { cachedPerDb, readAdminCounts, type Db, type ImageStatus } from '@drape/db';
import { queueSizes, readJobCounts, type JobCounts, type JobQueue } from '@drape/jobs';
import { workerCounts, type PodStatus } from '@drape/operations';

/**
 * The pipeline's and the catalogue's figures, for the whole fleet, as the database holds them
 * (docs/decisions/0023-metrics-and-readiness.md): whichever server is scraped answers the same. Each
 * part is null when it could not be read: a scrape reports what it can.
 */
export interface FleetFigures {
  jobs: JobCounts | null;
  /** Jobs waiting per queue (pg-boss's count). */
  queues: Record<string, number> | null;
  looks: Record<ImageStatus, number> | null;
  workers: Record<PodStatus, number> | null;
}

export const NO_FLEET_FIGURES: FleetFigures = { jobs: null, queues: null, looks: null, workers: null };

const settled = <T>(p: Promise<T>, failed: (err: unknown) => void): Promise<T | null> => p.catch((err: unknown) => {
  failed(err);
  return null;
});

async function readFleetFigures(db: Db, queue: JobQueue, failed: (err: unknown) => void): Promise<FleetFigures> {
  const [jobs, queues, counts, workers] = await Promise.all([
    settled(readJobCounts(db), failed),
    settled(queueSizes(queue), failed),
    settled(readAdminCounts(db), failed),
    settled(workerCounts(db), failed),
  ]);
  return { jobs, queues, looks: counts ? counts.images : null, workers };
}

export interface FleetSources {
  db: Db;
  queue: JobQueue;
  /** True while the process knows its database is away: the scrape then does not wait for it. */
  databaseDown?: () => boolean;
  /** Handed each error of a reading (the database watch logs an outage once). */
  onError?: (err: unknown) => void;
}

/**
 * The figures for a scrape: read at most once per METRICS_FLEET_CACHE_MS per server process
 * (concurrent scrapes share the reading), and waited for at most METRICS_FLEET_TIMEOUT_MS.
 */
export async function fleetFigures(sources: FleetSources, timeoutMs = METRICS_FLEET_TIMEOUT_MS): Promise<FleetFigures> {
  if (sources.databaseDown?.()) return NO_FLEET_FIGURES;
  const reading = cachedPerDb(sources.db, 'metrics:fleet', METRICS_FLEET_CACHE_MS, () => readFleetFigures(sources.db, sources.queue, sources.onError ?? (() => {})));
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<FleetFigures>((resolve) => {
    timer = setTimeout(() => resolve(NO_FLEET_FIGURES), timeoutMs);
  });
  try {
    return await Promise.race([reading, late]);
  } finally {
    clearTimeout(timer);
  }
}
