import { isDatabaseUnavailable, ping, type Db } from '@drape/db';

/** How often a worker whose database went away looks for it (a return is noticed within this). */
export const DATABASE_PROBE_MS = 500;

export interface DatabaseWatch {
  /**
   * Hands an error over: a database outage is reported once (the first error of it) and watched
   * until the database answers again; true when it was one, so the caller logs nothing more.
   */
  report(err: unknown): boolean;
  /** True from the first outage error until the database answers again. */
  down(): boolean;
  stop(): void;
}

/**
 * A pipeline worker's view of its database: every loop of the worker (the queue's polling, the
 * heartbeat, the settings poll) fails while PostgreSQL is away; this says so in one line rather
 * than one per failure a second, probes until it answers, and then says how long it was away
 * and lets the worker catch up at once (`onBack`: a heartbeat, the settings).
 */
export function watchDatabase(db: Db, opts: { log: (line: string) => void; onBack?: () => void; probeMs?: number }): DatabaseWatch {
  let since: number | null = null;
  let probe: NodeJS.Timeout | null = null;
  let stopped = false;

  const look = () => {
    probe = null;
    if (stopped) return;
    ping(db).then(
      () => {
        const seconds = ((Date.now() - (since ?? Date.now())) / 1000).toFixed(1);
        since = null;
        opts.log(`database reachable again after ${seconds} s; working`);
        opts.onBack?.();
      },
      () => {
        if (!stopped) probe = setTimeout(look, opts.probeMs ?? DATABASE_PROBE_MS);
      },
    );
  };

  return {
    report(err) {
      if (!isDatabaseUnavailable(err)) return false;
      if (since === null && !stopped) {
        since = Date.now();
        opts.log(`database unavailable (${err instanceof Error ? err.message : String(err)}); waiting for it`);
        probe = setTimeout(look, opts.probeMs ?? DATABASE_PROBE_MS);
      }
      return true;
    },
    down: () => since !== null,
    stop() {
      stopped = true;
      if (probe) clearTimeout(probe);
    },
  };
}
