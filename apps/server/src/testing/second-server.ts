import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { withConcretePort } from '@drape/config';
import type { TestServer } from './harness';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export interface SecondServer {
  child: ChildProcess;
  url: string;
  stop(): Promise<void>;
}

/**
 * A second server process on the test server's database and files: the product's entry point
 * (apps/server/src/main.ts), as a fleet's other process runs it. For what must hold across
 * processes (a change made through one is seen by the other), where an in-process copy would
 * share the first server's memory.
 */
export async function startSecondServer(s: TestServer, env: Record<string, string> = {}): Promise<SecondServer> {
  const port = (await withConcretePort({ PORT: '0' })).PORT;
  const child = fork(path.join(root, 'apps/server/src/main.ts'), [], {
    env: {
      ...process.env, DATABASE_URL: s.db.url, DATA_DIR: s.config.DATA_DIR, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'error',
      TRUST_PROXY: '1', LOOKBOOK_AUTOCURATE: '0', ...env,
    },
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    child.on('message', (m: { type?: string }) => m?.type === 'listening' && resolve());
    child.once('exit', (code) => reject(new Error(`the second server exited (${code})`)));
  });
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  };
  return { child, url: `http://127.0.0.1:${port}`, stop };
}

/** Milliseconds until `check` holds, polled every 20 ms; fails past `limitMs`. */
export async function within(limitMs: number, check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await check()) return Date.now() - started;
    if (Date.now() - started > limitMs) throw new Error(`not within ${limitMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
