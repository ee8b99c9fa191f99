import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, pgCtl, startEmbeddedPostgres, type DbHandle, type EmbeddedPostgres } from '@drape/db';
import { FULL, recordCase } from '@drape/stress';
import { testLogger } from '@drape/log/testing';
import {
  answered, docAddress, halfWritten, jobEnds, lineAfter, listening, lostWrites, registerAccount, sendJobs, serverBack, startWriteLoad, until, type Account,
} from '@drape/stress/fault-kit';

/**
 * The fault case of `npm test` (issue 15 §4; `npm run stress` runs the others): PostgreSQL stopped
 * under load and started again, with the real server and pipeline processes on a cluster of this
 * file's own (never the shared test cluster, which other files use meanwhile). No process dies,
 * calls answer 503 `{ error, message }` while it is down and never hang, both processes are back
 * within 5 s of its return without a restart, and no acknowledged write or queued job is lost.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DOWN_MS = FULL ? 10_000 : 2_000;
/**
 * /readyz says ready again within this of PostgreSQL's return. Far looser than the calls' 5 s, on
 * purpose: under this load on two cores the server's thread pool (compression, password hashes,
 * file system) and pg-boss's own reconnecting pool are saturated, each readiness check gives up
 * after 2 s, and a server that slow is rightly out of the load balancer until it catches up
 * (measured 2.2-12 s; the figure goes to docs/reliability.md).
 */
const READY_AGAIN_MS = 30_000;
let tmp: string;
let pg: EmbeddedPostgres;
let db: DbHandle;
let server: ChildProcess;
let pipeline: ChildProcess;
let base: string;
const output: string[] = [];

function start(entry: string, env: Record<string, string>): ChildProcess {
  const child = fork(path.join(root, entry), [], { env: { ...process.env, ...env }, execArgv: ['--import', 'tsx'], stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
  for (const stream of [child.stdout!, child.stderr!]) stream.on('data', (d: Buffer) => output.push(...d.toString().split('\n').filter(Boolean)));
  return child;
}

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'drape-outage-'));
  fs.chmodSync(tmp, 0o755);
  pg = await startEmbeddedPostgres({ dataDir: path.join(tmp, 'pg'), port: 0 });
  const env = {
    DATABASE_URL: pg.url, DATA_DIR: path.join(tmp, 'data'), PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', TRUST_PROXY: '127.0.0.1',
    ALTCHA_MAX_NUMBER: '2000', ADMIN_KEY: 'outage-admin', ADMIN_PASSWORD: 'outage-admin-password', LOOKBOOK_AUTOCURATE: '0',
  };
  server = start('apps/server/src/main.ts', env);
  const port = await new Promise<number>((resolve, reject) => {
    server.on('message', (m: { type?: string; port?: number }) => m?.type === 'listening' && resolve(m.port!));
    server.once('exit', (code) => reject(new Error(`server exited (${code}) before listening:\n${output.join('\n')}`)));
  });
  base = `http://127.0.0.1:${port}`;
  // As `npm start` runs it: the pipeline beside the server, on the database the server prepared.
  pipeline = start('pipeline/src/main.ts', { ...env, PORT: String(port), DRAPE_PREPARED: '1' });
  await lineAfter(output, 0, /\[pipeline\] worker \S+ running/, 120_000);
  db = createDb(pg.url, 2, testLogger('cli'));
}, 180_000);

afterAll(async () => {
  const stop = (child: ChildProcess | undefined) => new Promise<void>((resolve) => {
    if (!child || child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
  await Promise.all([stop(server), stop(pipeline)]);
  await db?.close();
  await pg?.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
}, 60_000);

/** /healthz, /readyz and /metrics half a second into the outage, as an orchestrator and Prometheus ask them. */
async function probesWhileDown() {
  await new Promise((r) => setTimeout(r, 500));
  const [healthz, readyz, metrics] = await Promise.all(['/healthz', '/readyz', '/metrics'].map((p) => fetch(`${base}${p}`)));
  const scrape = await metrics!.text();
  return {
    healthz: healthz!.status,
    readyz: readyz!.status,
    readyzBody: await readyz!.json() as unknown,
    metrics: metrics!.status,
    databaseUp: Number(/^drape_metrics_database_up (\S+)$/m.exec(scrape)?.[1]),
  };
}

describe('PostgreSQL stopped under load and started again', () => {
  it('kills no process, answers 503 while down, recovers within 5 s, and loses nothing acknowledged', async () => {
    const users: { account: Account; looks: string[] }[] = [];
    for (let i = 0; i < 6; i++) users.push({ account: await registerAccount(base, 'outage', docAddress(i)), looks: [] });
    const probe = await registerAccount(base, 'probe', docAddress(6));
    const jobs = await sendJobs(db.db, pg.url, 4);
    const load = startWriteLoad(base, users, { readers: 40 });
    await new Promise((r) => setTimeout(r, 2000));

    const mark = output.length;
    const wentDown = Date.now();
    expect(pgCtl(pg.dataDir, ['stop', '-m', 'fast', '-w']).status).toBe(0);
    // The orchestrator's probes while it is down: alive (no restart), not ready; a scrape still answers.
    const [probes] = await Promise.all([probesWhileDown(), new Promise((r) => setTimeout(r, DOWN_MS))]);
    expect(pgCtl(pg.dataDir, ['start', '-w']).status).toBe(0);
    const back = Date.now();
    const [serverMs, pipelineMs, listenMs, readyAgainMs] = await Promise.all([
      serverBack(base, probe, 30_000),
      lineAfter(output, mark, /\[pipeline\] database reachable again/, 30_000).then(() => Date.now() - back),
      until(() => listening(db.db), 30_000, 50),
      until(async () => (await fetch(`${base}/readyz`)).status === 200, READY_AGAIN_MS, 100).then(() => Date.now() - back),
    ]);
    await new Promise((r) => setTimeout(r, 1000));
    await load.stop();

    const down = answered(load.calls, wentDown, back + serverMs);
    const after = answered(load.calls, back + serverMs + 500, Date.now());
    const lost = await lostWrites(db.db, load.acknowledged);
    await until(async () => (await jobEnds(db.db, jobs)).lost === 0, 120_000, 500).catch(() => {});
    const ends = await jobEnds(db.db, jobs);
    const broken = await halfWritten(db.db);
    const figures = {
      'down (s)': (back - wentDown) / 1000,
      'answers while down': JSON.stringify(down.statuses),
      'longest answer while down (ms)': down.longestMs,
      'server recovered after (ms)': serverMs,
      'pipeline recovered after (ms)': pipelineMs,
      'LISTEN back after (ms)': listenMs,
      'acknowledged writes checked': lost.checked,
      'acknowledged writes lost': lost.lost,
      'jobs lost': ends.lost,
      'jobs applied twice': ends.twice,
      'while down: /healthz, /readyz, /metrics': `${probes.healthz}, ${probes.readyz}, ${probes.metrics}`,
      '/readyz ready again after (ms)': readyAgainMs,
    };
    const ok = server.exitCode === null && pipeline.exitCode === null && lost.lost === 0 && ends.lost === 0 && ends.twice === 0
      && probes.healthz === 200 && probes.readyz === 503 && probes.metrics === 200 && readyAgainMs <= READY_AGAIN_MS;
    recordCase({ section: 'faults', name: `PostgreSQL stopped for ${DOWN_MS / 1000} s under ${users.length} users' writes and 40 connections reading (npm test's fault case)`, ok, figures });

    // No process died; while down every answer was a 503 of the contract (or a success before it went), never a hang.
    expect(server.exitCode).toBeNull();
    expect(pipeline.exitCode).toBeNull();
    expect(down.statuses['503']).toBeGreaterThan(0);
    expect(Object.keys(down.statuses).every((s) => s === '503' || s.startsWith('2'))).toBe(true);
    expect(down.stacks).toBe(0);
    expect(down.longestMs).toBeLessThan(10_000);
    // Both back by themselves within 5 s of PostgreSQL's return, and all answers fine after.
    expect(serverMs).toBeLessThanOrEqual(5000);
    expect(pipelineMs).toBeLessThanOrEqual(5000);
    expect(listenMs).toBeLessThanOrEqual(5000);
    expect(Object.keys(after.statuses).every((s) => s.startsWith('2'))).toBe(true);
    expect(lost).toMatchObject({ lost: 0 });
    expect(lost.checked).toBeGreaterThan(0);
    expect(ends).toEqual({ lost: 0, twice: 0 });
    expect(broken.details).toEqual([]);
    expect(probes).toEqual({ healthz: 200, readyz: 503, readyzBody: { status: 'not ready', checks: expect.objectContaining({ database: 'unreachable' }) }, metrics: 200, databaseUp: 0 });
    expect(readyAgainMs).toBeLessThanOrEqual(READY_AGAIN_MS);
  }, 240_000);
});
