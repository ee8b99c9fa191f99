import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '@drape/config';
import { createDb, startEmbeddedPostgres, type DbHandle, type EmbeddedPostgres } from '@drape/db';
import { startS3rver, type S3TestServer } from '@drape/storage/testing';
import { root, STACK_ADMIN } from '../stack';
import { startRoundRobinProxy, type RoundRobinProxy } from './proxy';
import { testLogger } from '@drape/log/testing';

/**
 * A fleet as an operator runs one: N server processes and M pipeline workers, each started on its
 * own (no `npm start` above them, so each prepares the database itself, under the boot's lock),
 * each with a DATA_DIR of its own, sharing only one PostgreSQL and one S3 bucket (s3rver), behind
 * one port (a round-robin proxy). What the fleet test checks holds across them.
 */
export interface FleetServer {
  name: string;
  url: string;
  child: ChildProcess;
}

export interface FleetWorker {
  name: string;
  child: ChildProcess;
  /** Its row in pipeline_workers (what a generate job's output names). */
  workerId: string;
}

export interface Fleet {
  /** The one port users reach. */
  url: string;
  proxy: RoundRobinProxy;
  servers: FleetServer[];
  workers: FleetWorker[];
  pg: EmbeddedPostgres;
  s3: S3TestServer;
  /** A small pool of the test's own on the shared database, for the checks made beside the fleet. */
  db: DbHandle;
  /** Every line the processes printed, each as `[name] line`. */
  output: string[];
  /** Seconds from the first fork until every server listened and every worker ran. */
  bootSeconds: number;
  /** Freezes a worker (SIGSTOP) so that the others take every job; resume() lets it go on. */
  pause(worker: FleetWorker): void;
  resume(worker: FleetWorker): void;
  stop(): Promise<void>;
}

export interface FleetOptions {
  servers?: number;
  workers?: number;
  env?: Record<string, string>;
}

const NAMES = 'abcdefghij';

export async function startFleet(opts: FleetOptions = {}): Promise<Fleet> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'drape-fleet-'));
  fs.chmodSync(tmp, 0o755);
  const output: string[] = [];
  const children: ChildProcess[] = [];
  let pg: EmbeddedPostgres | null = null;
  let s3: S3TestServer | null = null;
  let proxy: RoundRobinProxy | null = null;
  let db: DbHandle | null = null;

  const stop = async () => {
    await Promise.all(children.map((child) => new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const kill = setTimeout(() => child.kill('SIGKILL'), 25_000);
      child.once('exit', () => {
        clearTimeout(kill);
        resolve();
      });
      // A paused worker must be woken to hear its SIGTERM.
      child.kill('SIGCONT');
      child.kill('SIGTERM');
    })));
    await proxy?.close();
    await db?.close();
    await s3?.close();
    await pg?.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  };

  try {
    pg = await startEmbeddedPostgres({ dataDir: path.join(tmp, 'pg'), port: 0 });
    s3 = await startS3rver({ bucket: 'drape-fleet' });
    const serverPorts = await Promise.all(Array.from({ length: opts.servers ?? 2 }, () => freePort()));
    const upstreams = serverPorts.map((port, i) => ({ name: `server-${NAMES[i]}`, url: `http://127.0.0.1:${port}` }));
    proxy = await startRoundRobinProxy(upstreams);
    const common: Record<string, string> = {
      DATABASE_URL: pg.url,
      HOST: '127.0.0.1',
      // Mailed links and the cookie's Origin check name the one address users reach.
      PUBLIC_ORIGIN: proxy.url,
      // The proxy is the one hop trusted to name the client's address.
      TRUST_PROXY: '127.0.0.1',
      LOG_LEVEL: 'info', // the boot case counts the processes that logged their migrations (info)
      ALTCHA_MAX_NUMBER: '2000',
      ADMIN_KEY: STACK_ADMIN.adminKey,
      ADMIN_PASSWORD: STACK_ADMIN.password,
      // The LookBook and the showcase change only when the test changes them.
      LOOKBOOK_AUTOCURATE: '0',
      ...s3.env,
      ...opts.env,
    };
    const start = (name: string, entry: string, env: Record<string, string>) => {
      const dataDir = path.join(tmp, name);
      fs.mkdirSync(dataDir);
      const child = fork(path.join(root, entry), [], {
        env: { ...process.env, ...common, DATA_DIR: dataDir, ...env },
        execArgv: ['--import', 'tsx'],
        stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      });
      children.push(child);
      for (const stream of [child.stdout!, child.stderr!]) {
        stream.on('data', (d: Buffer) => output.push(...d.toString().split('\n').filter(Boolean).map((l) => `[${name}] ${l}`)));
      }
      return child;
    };

    // All at once, on an empty database: the boot's lock makes them prepare it one at a time.
    const started = Date.now();
    const servers = upstreams.map((u, i) => ({ ...u, child: start(u.name, 'apps/server/src/main.ts', { PORT: String(serverPorts[i]) }) }));
    const workerChildren = Array.from({ length: opts.workers ?? 2 }, (_, i) => ({ name: `worker-${i + 1}`, child: start(`worker-${i + 1}`, 'pipeline/src/main.ts', {}) }));
    const exitedEarly = (name: string, child: ChildProcess) => new Promise<never>((_, reject) => {
      child.once('exit', (code) => reject(new Error(`${name} exited (${code}) before it was ready:\n${output.slice(-30).join('\n')}`)));
    });
    db = createDb(pg.url, 4, testLogger('cli'));
    const handle = db;
    // A worker is ready once it has registered (its row names its pid): read from the database,
    // not from its printed lines, whose form is the logger's.
    let booting = true;
    const registered = async (pid: number) => {
      while (booting) {
        const row = await handle.db.selectFrom('pipeline_workers').select('id').where('pid', '=', pid).where('stopped_at', 'is', null).executeTakeFirst().catch(() => undefined);
        if (row) return row.id;
        await new Promise((r) => setTimeout(r, 200));
      }
      throw new Error('the fleet stopped booting');
    };
    const [, workers] = await Promise.all([
      Promise.all(servers.map((s) => Promise.race([
        new Promise<void>((resolve) => s.child.on('message', (m: { type?: string }) => m?.type === 'listening' && resolve())),
        exitedEarly(s.name, s.child),
      ]))),
      Promise.all(workerChildren.map((w) => Promise.race([
        registered(w.child.pid!).then((workerId): FleetWorker => ({ ...w, workerId })),
        exitedEarly(w.name, w.child),
      ]))),
    ]).finally(() => {
      booting = false;
    });
    const bootSeconds = (Date.now() - started) / 1000;
    return {
      url: proxy.url, proxy, servers, workers, pg, s3, db, output, bootSeconds,
      pause: (w) => void w.child.kill('SIGSTOP'),
      resume: (w) => void w.child.kill('SIGCONT'),
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}
