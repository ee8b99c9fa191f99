import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDb, type Db, type DbHandle } from '@drape/db';
import { checkStoreIntegrity, entryJobId } from '@drape/operations';
import { createStorage } from '@drape/storage';
import { startRefusingS3Proxy, startS3rver } from '@drape/storage/testing';
import { testLogger } from '@drape/log/testing';
import {
  answered, call, docAddress, getLooks, halfWritten, jobEnds, lineAfter, listening, lostWrites, registerAccount, retried, sendJobs, serverBack, startWriteLoad, until,
  type Account, type Call,
} from './fault-kit';
import { FULL, machine, type CaseResult } from './report';
import { root, startStack, STACK_ADMIN, type Stack } from './stack';

/**
 * The fault runs of issue 15 §4, against the product as `npm start` runs it: PostgreSQL restarted
 * and stopped under load, the server and a pipeline worker SIGKILLed, the image store refusing.
 * Each case reports what an operator would ask: how calls were answered while it was down, the
 * longest answer, how long the server and the pipeline took to come back by themselves, and that
 * no acknowledged write and no job was lost or applied twice.
 */
export interface FaultOptions {
  /** The full counts (npm run stress); a shorter run otherwise. */
  full?: boolean;
  echo?: boolean;
  log?: (line: string) => void;
  /** Only these cases (all by default). */
  only?: FaultCase[];
}

export const FAULT_CASES = ['restart', 'stop', 'server', 'pipeline', 's3', 'disk'] as const;
export type FaultCase = (typeof FAULT_CASES)[number];

const SECTION = 'faults';
const PROMO = 'FAULTSICON';

interface Scene {
  stack: Stack;
  db: DbHandle;
  users: { account: Account; looks: string[] }[];
  probe: Account;
  log: (line: string) => void;
  full: boolean;
}

const seconds = (ms: number) => Math.round(ms / 100) / 10;

/** The stack, its users (each with looks of their own from Get My Look), and a probe account. */
async function openScene(opts: Required<Pick<FaultOptions, 'full' | 'echo'>> & { log: (l: string) => void; env?: Record<string, string> }, stackOpts: Parameters<typeof startStack>[0] = {}): Promise<Scene> {
  const stack = await startStack({
    echo: opts.echo,
    ...stackOpts,
    env: { PROMO_CODES: `${PROMO}:fashion_icon`, ALTCHA_MAX_NUMBER: '2000', LOOKBOOK_AUTOCURATE: '0', ...opts.env, ...stackOpts.env },
  });
  try {
    await stack.waitForLine(/\[pipeline\] worker \S+ running/, 180_000);
    // Get My Look answers from the starter set's looks.
    await stack.waitForLine(/Starter set: (done|none opened)/, 300_000);
    const db = createDb(stack.databaseUrl(), 4, testLogger('cli'));
    const count = opts.full ? 40 : 12;
    const users: Scene['users'] = [];
    for (let i = 0; i < count; i++) {
      const account = await registerAccount(stack.url, 'fault', docAddress(i), PROMO);
      users.push({ account, looks: await getLooks(stack.url, account, 3) });
    }
    const probe = await registerAccount(stack.url, 'probe', docAddress(count));
    opts.log(`stack ${stack.url}: ${users.length} users, ${users.reduce((n, u) => n + u.looks.length, 0)} looks between them`);
    return { stack, db, users, probe, log: opts.log, full: opts.full };
  } catch (err) {
    await stack.stop();
    throw err;
  }
}

async function closeScene(scene: Scene) {
  await scene.db.close();
  await scene.stack.stop();
}

/** The pipeline's own word that it is working again after an outage: ms after `since`, or null. */
function pipelineBack(stack: Stack, fromLine: number, since: number, timeoutMs: number): Promise<number | null> {
  return lineAfter(stack.output, fromLine, /\[pipeline\] database reachable again/, timeoutMs).then(() => Date.now() - since, () => null);
}

/**
 * PostgreSQL goes away under load (`restart -m fast`, back within a second, or `stop` then `start`
 * after `downMs`): no process dies, calls answer 503 meanwhile, both processes recover by
 * themselves, and nothing acknowledged or queued is lost.
 */
async function postgresOutage(scene: Scene, kind: 'restart' | 'stop'): Promise<CaseResult> {
  const { stack, db } = scene;
  const downMs = kind === 'stop' ? (scene.full ? 10_000 : 3_000) : 0;
  const pids = { server: stack.pid('server'), pipeline: stack.pid('pipeline') };
  const jobs = await sendJobs(db.db, stack.databaseUrl(), scene.full ? 20 : 6);
  const readers = scene.full ? 50 : 20;
  const load = startWriteLoad(stack.url, scene.users, { readers });
  await new Promise((r) => setTimeout(r, 3000));
  const lines = stack.output.length;
  const wentDown = Date.now();
  const first = stack.pgCtl(kind === 'restart' ? ['restart', '-m', 'fast', '-w'] : ['stop', '-m', 'fast', '-w']);
  if (first.status !== 0) throw new Error(`pg_ctl ${kind} failed: ${first.output}`);
  if (kind === 'stop') {
    await new Promise((r) => setTimeout(r, downMs));
    const start = stack.pgCtl(['start', '-w']);
    if (start.status !== 0) throw new Error(`pg_ctl start failed: ${start.output}`);
  }
  const back = Date.now();
  const [serverMs, pipelineMs, listenMs] = await Promise.all([
    serverBack(stack.url, scene.probe, 30_000).catch(() => null),
    pipelineBack(stack, lines, back, 30_000),
    until(() => listening(db.db), 30_000, 50).catch(() => null),
  ]);
  await new Promise((r) => setTimeout(r, 3000));
  await load.stop();
  const down = answered(load.calls, wentDown, back + (serverMs ?? 0));
  const after = answered(load.calls, back + (serverMs ?? 0) + 1000, Date.now());
  const lost = await lostWrites(db.db, load.acknowledged);
  await until(async () => (await jobEnds(db.db, jobs)).lost === 0, 180_000, 500).catch(() => {});
  const ends = await jobEnds(db.db, jobs);
  const broken = await halfWritten(db.db);
  const alive = stack.pid('server') === pids.server && stack.pid('pipeline') === pids.pipeline;
  const noticed = stack.output.slice(lines).some((l) => /\[pipeline\] database unavailable/.test(l));
  const figures = {
    'requests while down': down.total,
    'answers while down': Object.entries(down.statuses).map(([s, n]) => `${s}: ${n}`).join(', '),
    'longest answer while down (s)': seconds(down.longestMs),
    'down (s)': seconds(back - wentDown),
    'server recovered after (s)': serverMs === null ? 'never' : seconds(serverMs),
    'pipeline recovered after (s)': pipelineMs === null ? (noticed ? 'never' : 'did not notice') : seconds(pipelineMs),
    'live-generation LISTEN back after (s)': listenMs === null ? 'never' : seconds(listenMs),
    'processes restarted': alive ? 0 : 1,
    '5xx other than 503 while down': Object.entries(down.statuses).filter(([s]) => Number(s) >= 500 && s !== '503').reduce((n, [, c]) => n + c, 0),
    'answers with a stack': down.stacks + after.stacks,
    'errors after recovery': Object.entries(after.statuses).filter(([s]) => Number(s) >= 500 || Number(s) <= 0).reduce((n, [, c]) => n + c, 0),
    'acknowledged writes checked': lost.checked,
    'acknowledged writes lost': lost.lost,
    'half-written': broken.violations,
    'jobs sent': jobs.length,
    'jobs lost': ends.lost,
    'jobs applied twice': ends.twice,
  };
  const ok = alive && serverMs !== null && serverMs <= 5000 && (pipelineMs === null ? !noticed : pipelineMs <= 5000) && listenMs !== null && listenMs <= 5000
    && down.longestMs < 10_000 && figures['5xx other than 503 while down'] === 0 && figures['answers with a stack'] === 0 && figures['errors after recovery'] === 0
    && lost.lost === 0 && broken.violations === 0 && ends.lost === 0 && ends.twice === 0;
  const name = kind === 'restart'
    ? `PostgreSQL restarted (pg_ctl restart -m fast) under ${scene.users.length} users' writes and ${readers} connections reading`
    : `PostgreSQL stopped for ${downMs / 1000} s (pg_ctl stop -m fast, then start) under ${scene.users.length} users' writes and ${readers} connections reading`;
  return { section: SECTION, name, ok, figures, notes: [...lost.details, ...broken.details].slice(0, 5).join('; ') || undefined };
}

/** The server SIGKILLed under load: npm start starts it again, the pipeline keeps working, every acknowledged write is there. */
async function serverKilled(scene: Scene): Promise<CaseResult> {
  const { stack, db } = scene;
  const pipelinePid = stack.pid('pipeline');
  const load = startWriteLoad(stack.url, scene.users, { readers: scene.full ? 50 : 20 });
  await new Promise((r) => setTimeout(r, 4000));
  const killedAt = Date.now();
  process.kill(stack.pid('server')!, 'SIGKILL');
  const backMs = await serverBack(stack.url, scene.probe, 60_000).catch(() => null);
  await new Promise((r) => setTimeout(r, 3000));
  await load.stop();
  const down = answered(load.calls, killedAt, killedAt + (backMs ?? 0));
  const after = answered(load.calls, killedAt + (backMs ?? 0) + 1000, Date.now());
  const lost = await lostWrites(db.db, load.acknowledged);
  const broken = await halfWritten(db.db);
  const restartLine = stack.output.some((l) => /server exited unexpectedly \(SIGKILL\); starting it again/.test(l));
  const figures = {
    'server back after (s)': backMs === null ? 'never' : seconds(backMs),
    'calls while it was down': Object.entries(down.statuses).map(([s, n]) => `${s}: ${n}`).join(', '),
    'pipeline restarted': stack.pid('pipeline') === pipelinePid ? 0 : 1,
    'errors after restart': Object.entries(after.statuses).filter(([s]) => Number(s) >= 500 || Number(s) <= 0).reduce((n, [, c]) => n + c, 0),
    'acknowledged writes checked': lost.checked,
    'acknowledged writes lost': lost.lost,
    'half-written': broken.violations,
  };
  const ok = backMs !== null && restartLine && figures['pipeline restarted'] === 0 && figures['errors after restart'] === 0 && lost.lost === 0 && broken.violations === 0;
  return { section: SECTION, name: `The server SIGKILLed under ${scene.users.length} users' saves, notes, shares and profile changes`, ok, figures, notes: [...lost.details, ...broken.details].slice(0, 5).join('; ') || undefined };
}

async function adminToken(stack: Stack): Promise<string> {
  const res = await call(stack.url, 'admin-login', 'POST', '/api/admin/login', { ip: docAddress(249), body: { adminKey: STACK_ADMIN.adminKey, password: STACK_ADMIN.password } });
  if (res.status !== 200) throw new Error(`admin login failed: ${res.status}`);
  return res.json.token as string;
}

/** Every entry of a batch ended as exactly one image or one refusal, and the batch counted each once. */
async function batchEnds(db: Db, batchId: string): Promise<{ total: number; processed: number; status: string; missing: number; extra: number; counted: boolean }> {
  const batch = await db.selectFrom('batch_jobs').selectAll().where('id', '=', batchId).executeTakeFirstOrThrow();
  const queue = await db.selectFrom('sev_queue').select(['cycle', 'sequence']).execute();
  const expected = new Set(queue.map((q) => entryJobId(batchId, q.cycle, q.sequence)));
  const ids = [...expected];
  const images = ids.length ? await db.selectFrom('generated_images').select('job_id').where('job_id', 'in', ids).execute() : [];
  const blocked = ids.length ? await db.selectFrom('blocked_images').select('job_id').where('job_id', 'in', ids).execute() : [];
  const ended = [...images, ...blocked].map((r) => r.job_id);
  const seen = new Set(ended);
  return {
    total: batch.total, processed: batch.processed, status: batch.status,
    missing: batch.total - seen.size, extra: ended.length - seen.size,
    counted: batch.processed === batch.total && batch.succeeded + batch.failed === batch.total,
  };
}

/** A pipeline worker SIGKILLed mid-batch: started again, the batch ends exactly once, the server answers throughout. */
async function pipelineKilled(scene: Scene): Promise<CaseResult> {
  const { stack, db } = scene;
  const token = await adminToken(stack);
  const limit = scene.full ? 200 : 40;
  const started = await call(stack.url, 'batch', 'POST', '/api/admin/batch-generate-sequential', { token, ip: docAddress(249), body: { limit } });
  if (started.status !== 200) throw new Error(`batch start failed: ${started.status} ${JSON.stringify(started.json)}`);
  const batchId = started.json.jobId as string;
  await until(async () => (await db.db.selectFrom('batch_jobs').select('processed').where('id', '=', batchId).executeTakeFirstOrThrow()).processed >= limit / 4, 300_000, 250);
  const serverPid = stack.pid('server');
  const calls: Call[] = [];
  let probing = true;
  const probe = (async () => {
    while (probing) {
      await call(stack.url, 'probe', 'GET', '/api/user/profile', { token: scene.probe.token, ip: scene.probe.ip }, calls);
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  const mark = stack.output.length;
  const killedAt = Date.now();
  process.kill(stack.pid('pipeline')!, 'SIGKILL');
  const restartedMs = await until(() => stack.output.slice(mark).some((l) => /pipeline exited unexpectedly \(SIGKILL\)/.test(l)) && stack.pid('pipeline') !== null, 30_000, 50).catch(() => null);
  const runningMs = await lineAfter(stack.output, mark, /\[pipeline\] worker \S+ running/, 120_000).then(() => Date.now() - killedAt).catch(() => null);
  // A job or a batch step the killed worker held is retried once it expires (a minute) and pg-boss's maintenance runs.
  const finished = await until(async () => (await batchEnds(db.db, batchId)).status !== 'running', 900_000, 500).then(() => true).catch(() => false);
  const endedMs = Date.now() - killedAt;
  probing = false;
  await probe;
  const ends = await batchEnds(db.db, batchId);
  const served = answered(calls, killedAt, Date.now());
  const storage = createStorage({ dataDir: stack.dataDir });
  const integrity = await checkStoreIntegrity(db.db, storage).finally(() => storage.close());
  const figures = {
    'batch entries': ends.total,
    'pipeline started again after (s)': restartedMs === null ? 'never' : seconds(restartedMs),
    'pipeline working again after (s)': runningMs === null ? 'never' : seconds(runningMs),
    'batch ended after the kill (s)': finished ? seconds(endedMs) : 'not within 15 min',
    'entries without their one image or refusal': ends.missing,
    'entries ended twice': ends.extra,
    'batch counted each entry once': ends.counted ? 'yes' : 'no',
    'server answers while the pipeline was down': Object.entries(served.statuses).map(([s, n]) => `${s}: ${n}`).join(', '),
    'server restarted': stack.pid('server') === serverPid ? 0 : 1,
    'store problems (check)': Object.values(integrity.found).reduce((a, b) => a + b, 0),
  };
  const ok = finished && ends.status === 'completed' && restartedMs !== null && ends.missing === 0 && ends.extra === 0 && ends.counted
    && Object.keys(served.statuses).every((s) => s === '200') && figures['server restarted'] === 0 && figures['store problems (check)'] === 0;
  return { section: SECTION, name: `A pipeline worker SIGKILLed mid-batch (${limit} entries, disk image store)`, ok, figures };
}

/**
 * `npm run drape -- check` against the stack, as an operator runs it: its exit code and summary.
 * Not spawnSync: the S3 server and its relay run in this process and must answer meanwhile.
 */
function drapeCheck(stack: Stack, env: Record<string, string> = {}): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'pipeline/src/cli.ts'), 'check'], {
      cwd: root, env: { ...process.env, DATA_DIR: stack.dataDir, DATABASE_URL: stack.databaseUrl(), ...env }, stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 300_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, out });
    });
  });
}

/**
 * The image store refuses while looks are stored (S3 answering 503 to every PUT for a while): the
 * jobs fail cleanly, are retried, and every look ends stored once with its files; `check` finds
 * the store and the rows agreeing.
 */
async function storeRefuses(opts: Required<Pick<FaultOptions, 'full' | 'echo'>> & { log: (l: string) => void }): Promise<CaseResult> {
  const s3 = await startS3rver();
  const proxy = await startRefusingS3Proxy(s3.endpoint);
  let scene: Scene | null = null;
  try {
    scene = await openScene({ ...opts, env: { ...s3.env, S3_ENDPOINT: proxy.endpoint } });
    const { stack, db } = scene;
    const refuseMs = opts.full ? 15_000 : 5_000;
    proxy.refuse(({ method }) => method === 'PUT');
    const jobs = await sendJobs(db.db, stack.databaseUrl(), opts.full ? 20 : 6);
    await new Promise((r) => setTimeout(r, refuseMs));
    const refused = proxy.refused();
    const failedFirst = await retried(db.db, stack.databaseUrl(), jobs);
    proxy.refuse(null);
    const mended = Date.now();
    const allEnded = await until(async () => (await jobEnds(db.db, jobs)).lost === 0, 300_000, 500).then(() => true).catch(() => false);
    const endedAfter = Date.now() - mended;
    const ends = await jobEnds(db.db, jobs);
    const outcomes = await db.db.selectFrom('generation_outcomes').select(['outcome']).where('job_id', 'in', jobs).execute();
    const check = await drapeCheck(stack, { ...s3.env, S3_ENDPOINT: proxy.endpoint });
    const figures = {
      'jobs sent': jobs.length,
      'store requests refused': refused,
      'store refused for (s)': refuseMs / 1000,
      'jobs that failed an attempt and were retried': failedFirst,
      'jobs ended after the store returned (s)': seconds(endedAfter),
      'jobs stored': outcomes.filter((o) => o.outcome === 'stored').length,
      'jobs failed for good': outcomes.filter((o) => o.outcome === 'failed').length,
      'jobs lost': ends.lost,
      'jobs applied twice': ends.twice,
      'drape check exit code': check.code ?? 'none',
    };
    const ok = allEnded && refused > 0 && failedFirst > 0 && ends.lost === 0 && ends.twice === 0 && figures['jobs failed for good'] === 0 && check.code === 0;
    return { section: SECTION, name: `The image store (S3) refuses every write for ${refuseMs / 1000} s while looks are stored`, ok, figures, notes: check.code === 0 ? undefined : check.out.slice(-500) };
  } finally {
    if (scene) await closeScene(scene);
    await proxy.close();
    await s3.close();
  }
}

/**
 * The disk fills while looks are stored: DATA_DIR's media folder on a small tmpfs (root only),
 * grown once jobs have failed for want of space, as an operator frees some.
 */
async function diskFull(opts: Required<Pick<FaultOptions, 'full' | 'echo'>> & { log: (l: string) => void }): Promise<CaseResult | null> {
  const mount = (dir: string, size: string, remount = false) =>
    spawnSync('mount', ['-t', 'tmpfs', '-o', `${remount ? 'remount,' : ''}size=${size},mode=0755`, 'tmpfs', dir], { encoding: 'utf8' });
  let mounted: string | null = null;
  let scene: Scene | null = null;
  try {
    scene = await openScene(opts, {
      prepare: (dataDir) => {
        const media = path.join(dataDir, 'media');
        fs.mkdirSync(media, { recursive: true });
        // Room for the starter set and the users' looks, not for much more.
        if (mount(media, '8m').status === 0) mounted = media;
      },
      cleanup: () => {
        if (mounted) spawnSync('umount', ['-l', mounted]);
      },
    });
    if (!mounted) {
      opts.log('disk-full case skipped: no tmpfs can be mounted here (root and mount permission needed)');
      return null;
    }
    const { stack, db } = scene;
    // Fill what is left, as other files on a shared disk would.
    spawnSync('sh', ['-c', `dd if=/dev/zero of="${mounted}/filler" bs=64k 2>/dev/null; true`]);
    const jobs = await sendJobs(db.db, stack.databaseUrl(), opts.full ? 20 : 6);
    // An attempt fails for want of space and waits to be retried.
    const failedFirst = await until(async () => (await retried(db.db, stack.databaseUrl(), jobs)) > 0, 120_000, 1000).then(() => retried(db.db, stack.databaseUrl(), jobs)).catch(() => 0);
    // The operator frees space.
    fs.rmSync(path.join(mounted, 'filler'), { force: true });
    mount(mounted, '256m', true);
    const freed = Date.now();
    const allEnded = await until(async () => (await jobEnds(db.db, jobs)).lost === 0, 300_000, 500).then(() => true).catch(() => false);
    const ends = await jobEnds(db.db, jobs);
    const outcomes = await db.db.selectFrom('generation_outcomes').select(['outcome']).where('job_id', 'in', jobs).execute();
    const check = await drapeCheck(stack);
    const figures = {
      'jobs sent': jobs.length,
      'jobs that failed an attempt for want of space': failedFirst,
      'jobs ended after space was freed (s)': seconds(Date.now() - freed),
      'jobs stored': outcomes.filter((o) => o.outcome === 'stored').length,
      'jobs failed for good': outcomes.filter((o) => o.outcome === 'failed').length,
      'jobs lost': ends.lost,
      'jobs applied twice': ends.twice,
      'drape check exit code': check.code ?? 'none',
    };
    const ok = allEnded && failedFirst > 0 && ends.lost === 0 && ends.twice === 0 && figures['jobs failed for good'] === 0 && check.code === 0;
    return { section: SECTION, name: 'The disk of the image store fills while looks are stored, then space is freed', ok, figures, notes: check.code === 0 ? undefined : check.out.slice(-500) };
  } finally {
    if (scene) await closeScene(scene);
  }
}

export async function runFaults(opts: FaultOptions = {}): Promise<CaseResult[]> {
  const full = opts.full ?? FULL;
  const echo = opts.echo ?? false;
  const log = opts.log ?? ((line: string) => console.log(`[faults] ${line}`));
  const results: CaseResult[] = [];
  const record = (r: CaseResult) => {
    results.push(r);
    log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.name}: ${JSON.stringify(r.figures)}${r.notes ? ` (${r.notes})` : ''}`);
  };
  const failed = (name: string, err: unknown): CaseResult => ({ section: SECTION, name, ok: false, figures: {}, notes: String(err).slice(0, 500) });

  const wanted = (c: FaultCase) => !opts.only || opts.only.includes(c);
  const onStack = ([
    ['restart', 'PostgreSQL restarted under load', (sc: Scene) => postgresOutage(sc, 'restart')],
    ['stop', 'PostgreSQL stopped under load', (sc: Scene) => postgresOutage(sc, 'stop')],
    ['server', 'The server SIGKILLed under load', serverKilled],
    ['pipeline', 'A pipeline worker SIGKILLed mid-batch', pipelineKilled],
  ] as const).filter(([c]) => wanted(c));
  if (onStack.length) {
    const scene = await openScene({ full, echo, log });
    try {
      for (const [, name, run] of onStack) record(await run(scene).catch((err: unknown) => failed(name, err)));
    } finally {
      await closeScene(scene);
    }
  }
  if (wanted('s3')) record(await storeRefuses({ full, echo, log }).catch((err: unknown) => failed('The image store (S3) refuses while looks are stored', err)));
  if (wanted('disk')) {
    const disk = await diskFull({ full, echo, log }).catch((err: unknown) => failed('The disk of the image store fills while looks are stored', err));
    if (disk) record(disk);
  }
  return results;
}

// Run alone: `node_modules/.bin/tsx stress/src/faults.ts [case...]` prints the results (DRAPE_STRESS=full for the full counts).
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  const only = process.argv.slice(2).filter((a): a is FaultCase => (FAULT_CASES as readonly string[]).includes(a));
  const results = await runFaults({ echo: process.env.DRAPE_STRESS_ECHO === '1', ...(only.length ? { only } : {}) });
  console.log(JSON.stringify({ machine: machine(), minutes: Math.round((Date.now() - started) / 6000) / 10, results }, null, 2));
  process.exit(results.every((r) => r.ok) ? 0 : 1);
}
