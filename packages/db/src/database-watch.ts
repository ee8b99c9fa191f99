import type { Logger } from '@drape/log';
import { ping, type Db } from './client';
import { isDatabaseUnavailable } from './database-unavailable';

/** How often a process whose database went away looks for it (a return is noticed within this). */
export const DATABASE_PROBE_MS = 500;

export interface DatabaseWatch {
  /**
   * Hands an error over: a database outage is reported once (the first error of it) and watched
   * until the database answers again; true when it was one, so the caller logs nothing more.
   */
  report(err: unknown): boolean;
  /** True from the first outage error until the database answers again. */
  down(): boolean;
  /** Resolves true once the database answers again (at once when it is not down), false at the deadline. */
  whenBack(deadline: number): Promise<boolean>;
  stop(): void;
}

/**
 * A process's view of its database while PostgreSQL is away (restarting, failing over): every
 * request of the server and every loop of a pipeline worker (the queue's polling, the heartbeat,
 * the settings poll) fails meanwhile; this says so in one line rather than one per failure,
 * probes until it answers, then says how long it was away and lets the process catch up at once
 * (`onBack`: a worker's heartbeat and settings).
 */
export function watchDatabase(db: Db, opts: { log: Logger; onBack?: () => void; probeMs?: number }): DatabaseWatch {
  let since: number | null = null;
  let probe: NodeJS.Timeout | null = null;
  let stopped = false;
  const waiting = new Set<(back: boolean) => void>();

  const look = () => {
    probe = null;
    if (stopped) return;
    ping(db).then(
      () => {
        const seconds = ((Date.now() - (since ?? Date.now())) / 1000).toFixed(1);
        since = null;
        // At warn, like the outage: a log read at warn shows both ends of it.
        opts.log.warn(`database reachable again after ${seconds} s`);
        for (const wake of waiting) wake(true);
        waiting.clear();
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
        opts.log.warn({ err }, `database unavailable (${err instanceof Error ? err.message : String(err)}); waiting for it`);
        probe = setTimeout(look, opts.probeMs ?? DATABASE_PROBE_MS);
      }
      return true;
    },
    down: () => since !== null,
    whenBack(deadline) {
      if (since === null) return Promise.resolve(true);
      return new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => {
          waiting.delete(done);
          resolve(false);
        }, Math.max(0, deadline - Date.now()));
        const done = (back: boolean) => {
          clearTimeout(timer);
          resolve(back);
        };
        waiting.add(done);
      });
    },
    stop() {
      stopped = true;
      if (probe) clearTimeout(probe);
      for (const wake of waiting) wake(false);
      waiting.clear();
    },
  };
}
