/**
 * What an operator's tools read from a server process (docs/decisions/0023-metrics-and-readiness.md):
 * the liveness and readiness probes' answers, and the metrics' buckets, limits and refusal.
 */

/** GET /healthz (liveness): the process serves. It never looks at the database. */
export interface LivenessAnswer {
  status: 'ok';
}

/** Each thing /readyz waits for; `ok` or what is wrong with it. */
export interface ReadinessChecks {
  /** PostgreSQL answers. */
  database: 'ok' | 'unreachable';
  /** Every migration this code knows is applied (another process may still be applying them). */
  migrations: 'ok' | 'pending' | 'unknown';
  /** The image store (DATA_DIR's folders or the S3 bucket) answers. */
  imageStore: 'ok' | 'unreachable';
  /** pg-boss's schema is installed and Drape's queues exist. */
  queue: 'ok' | 'not ready' | 'unknown';
}

/** GET /readyz: 200 `ready` when every check is ok, else 503 `not ready` naming the failing ones. */
export type ReadinessAnswer = { status: 'ready'; checks: ReadinessChecks } | { status: 'not ready'; checks: ReadinessChecks };

/**
 * How long one readiness check may take before it counts as failed (an orchestrator's probe
 * times out after a second or a few; an unreachable S3 endpoint would otherwise hold it).
 */
export const READINESS_CHECK_TIMEOUT_MS = 2_000;
/**
 * One readiness answer serves the probes of this long: /readyz is public, and every probe would
 * otherwise cost a few queries and a request to the object store.
 */
export const READINESS_CACHE_MS = 1_000;

/**
 * The fleet's figures (jobs, queues, looks, workers) are read from the database at most this
 * often per server process: scrapes from several Prometheus servers share one reading.
 */
export const METRICS_FLEET_CACHE_MS = 5_000;
/** A scrape waits at most this long for the fleet's figures, then answers without them. */
export const METRICS_FLEET_TIMEOUT_MS = 2_000;

/**
 * http_request_duration_seconds's buckets (s): prom-client's defaults, and 30 and 60 for a live
 * Get My Look, which waits for a render up to the performance mode's timeout (45 or 60 s).
 */
export const HTTP_DURATION_BUCKETS_SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60] as const;

/**
 * drape_job_duration_seconds's buckets (s): the built-in renderer takes a fraction of a second a
 * look, a diffusion server tens of seconds; a batch step or a cron job anything up to minutes.
 */
export const JOB_DURATION_BUCKETS_SECONDS = [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300] as const;

/** The `route` label of a request no route matched: one label, however many addresses are tried. */
export const UNMATCHED_ROUTE_LABEL = 'unmatched';

/** The refusal of /metrics to a caller that is neither on loopback nor holds METRICS_TOKEN (401). */
export const METRICS_REFUSAL = {
  error: 'unauthorized',
  message: 'Metrics are answered to this machine (loopback, not through a proxy) or with the METRICS_TOKEN as a Bearer token.',
} as const;
