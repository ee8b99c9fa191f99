import { spawn, type ChildProcess } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { captureLog } from '@drape/log/testing';
import { restartDelay, supervise } from './supervise';

/** A real child process that lives until it is killed, or exits at once with a code. */
const sleeper = () => spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
const failing = () => spawn(process.execPath, ['-e', 'process.exit(3)'], { stdio: 'ignore' });

async function until(check: () => boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

const exited = (c: ChildProcess) => new Promise<void>((resolve) => (c.exitCode !== null || c.signalCode !== null ? resolve() : c.once('exit', () => resolve())));

describe('restartDelay', () => {
  it('doubles from the first delay while a child keeps dying, up to the ceiling', () => {
    const limits = { firstDelayMs: 500, maxDelayMs: 30_000 };
    expect([1, 2, 3, 4, 5, 6, 7, 8, 20].map((n) => restartDelay(n, limits))).toEqual([500, 1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000]);
  });
});

describe('supervise', () => {
  it('starts a killed child again after a delay, with a log line, and leaves the other child alone', async () => {
    const { log, lines: logged, messages } = captureLog({ role: 'start' });
    const server = supervise('server', sleeper, { log, limits: { firstDelayMs: 100 } });
    const pipeline = supervise('pipeline', sleeper, { log, limits: { firstDelayMs: 100 } });
    try {
      const first = pipeline.current()!;
      const serverPid = server.current()!.pid;
      first.kill('SIGKILL');
      await exited(first);
      expect(pipeline.current()).toBeNull();
      await until(() => pipeline.current() !== null, 5000);
      expect(pipeline.current()!.pid).not.toBe(first.pid);
      expect(pipeline.restarts()).toBe(1);
      expect(messages()).toEqual(['pipeline exited unexpectedly (SIGKILL); starting it again in 0.1 s']);
      expect(logged[0]).toMatchObject({ level: 'warn', role: 'start', child: 'pipeline' });
      expect(server.current()!.pid).toBe(serverPid);
      expect(server.restarts()).toBe(0);
    } finally {
      await Promise.all([server.stop(), pipeline.stop()]);
    }
  });

  it('waits longer each time a child keeps dying', async () => {
    const { log, messages } = captureLog({ role: 'start' });
    const part = supervise('pipeline', failing, { log, limits: { firstDelayMs: 50 } });
    try {
      await until(() => messages().length >= 4, 5000);
      expect(messages().slice(0, 4)).toEqual([0.05, 0.1, 0.2, 0.4].map((s) => `pipeline exited unexpectedly (code 3); starting it again in ${s.toFixed(1)} s`));
    } finally {
      await part.stop();
    }
  });

  it('stop() ends the child and starts no other', async () => {
    const { log, lines } = captureLog({ role: 'start' });
    const part = supervise('server', sleeper, { log, limits: { firstDelayMs: 10 } });
    const child = part.current()!;
    await part.stop();
    expect(child.signalCode).toBe('SIGTERM');
    await new Promise((r) => setTimeout(r, 200));
    expect(part.current()).toBeNull();
    expect(lines).toEqual([]);
  });
});
