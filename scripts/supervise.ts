import type { ChildProcess } from 'node:child_process';
import type { Logger } from '@drape/log';

/**
 * `npm start`'s supervision of its children (the server, the pipeline): a child that dies without
 * being asked to is started again after a delay that doubles while it keeps dying, with a log
 * line each time; the other children are left alone. A child that ran long enough before it died
 * starts again after the shortest delay.
 */
export interface RestartLimits {
  firstDelayMs: number;
  maxDelayMs: number;
  stableAfterMs: number;
  stopTimeoutMs: number;
}

export const RESTART: RestartLimits = {
  firstDelayMs: 500,
  maxDelayMs: 30_000,
  /** A child that ran this long counts as healthy again: its next death restarts it quickly. */
  stableAfterMs: 30_000,
  /** How long a child has to stop after SIGTERM before it is killed. */
  stopTimeoutMs: 10_000,
};

/** The delay before the restart that follows `failures` deaths in a row (1 for the first). */
export function restartDelay(failures: number, limits: Pick<RestartLimits, 'firstDelayMs' | 'maxDelayMs'> = RESTART): number {
  return Math.min(limits.maxDelayMs, limits.firstDelayMs * 2 ** Math.max(0, failures - 1));
}

export interface SupervisorOptions {
  log: Logger;
  /** Called with each new child (the first and every restart), to listen to it. */
  onStart?: (child: ChildProcess, restarts: number) => void;
  limits?: Partial<RestartLimits>;
}

export interface Supervised {
  name: string;
  /** The child running now (null between a death and its restart). */
  current(): ChildProcess | null;
  restarts(): number;
  /** Ends the child (SIGTERM, then SIGKILL after the timeout) and starts no other. */
  stop(): Promise<void>;
}

export function supervise(name: string, start: () => ChildProcess, opts: SupervisorOptions): Supervised {
  const limits = { ...RESTART, ...opts.limits };
  let child: ChildProcess | null = null;
  let stopping = false;
  let failures = 0;
  let restarts = 0;
  let pending: NodeJS.Timeout | null = null;

  const run = () => {
    pending = null;
    if (stopping) return;
    const started = Date.now();
    const c = start();
    child = c;
    opts.onStart?.(c, restarts);
    c.once('exit', (code, signal) => {
      if (child === c) child = null;
      // Checked again when the delay ends: a Ctrl-C reaches the children and this process at
      // once, and a child may report its exit before this process has handled the signal.
      if (stopping) return;
      failures = Date.now() - started >= limits.stableAfterMs ? 1 : failures + 1;
      const delay = restartDelay(failures, limits);
      opts.log.warn({ child: name }, `${name} exited unexpectedly (${signal ?? `code ${code}`}); starting it again in ${(delay / 1000).toFixed(1)} s`);
      pending = setTimeout(() => {
        restarts++;
        run();
      }, delay);
    });
  };
  run();

  return {
    name,
    current: () => child,
    restarts: () => restarts,
    async stop() {
      stopping = true;
      if (pending) clearTimeout(pending);
      const c = child;
      if (!c || c.exitCode !== null || c.signalCode !== null) return;
      await new Promise<void>((resolve) => {
        c.once('exit', () => resolve());
        c.kill('SIGTERM');
        setTimeout(() => c.kill('SIGKILL'), limits.stopTimeoutMs).unref();
      });
    },
  };
}
