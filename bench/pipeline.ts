import autocannon from 'autocannon';
import { startBoss, stopBoss } from '@drape/jobs';
import { OCCASIONS, PALETTES, TRENDS } from '@drape/contracts';
import { PERFORMANCE_MODES } from '@drape/contracts/generation';
import { createDb, setPerformanceMode, type Db } from '@drape/db';
import { testLogger } from '@drape/log/testing';
import { registerAccount, startProcess, stopProcess } from './processes';

/**
 * Pipeline benchmark (issue 3): throughput of the whole pipeline (compose, render, watermark,
 * classify, score, store files and rows, queue) with two worker processes on one full cycle of the
 * combination matrix, the time of each stage per image, then Get My Look latency through the real
 * server, from inventory and from live generation.
 */
async function until(check: () => Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
};

export interface PipelineFigures {
  /** Every stage of one image (store = files + rows), jobs one at a time without the queue. */
  computeMsPerImage: Record<string, number>;
  /**
   * The floors in as many processes as the batch's workers, at once, the same images in flight
   * each (bench/render-floor.ts): the render and encode alone, and every compute stage (with the
   * classifier and the score), without the queue, the database or the files.
   */
  floors: { renderImagesPerMinute: number; computeImagesPerMinute: number; seconds: number; inFlight: number };
  processes: number;
  images: number;
  blocked: number;
  seconds: number;
  imagesPerMinute: number;
  stageMsPerImage: Record<string, number>;
  wallMsPerImagePerProcess: number;
  queueDbStorageShare: number;
  queueMsPerImage: number;
  queueMsPerJob: number;
  getMyLook: {
    inventorySequential: { requests: number; p50Ms: number; p99Ms: number; serverP50Ms: number; serverP99Ms: number };
    inventory: { requests: number; requestsPerSecond: number; p50Ms: number; p99Ms: number; non2xx: number; live: number };
    live: { requests: number; p50Ms: number; p99Ms: number };
  };
}

/**
 * Every stage of one image, jobs run one at a time through the real generate job (files written,
 * rows committed) without the queue: the per-image cost of each stage, storage and database
 * included (`store`).
 */
async function sequentialStages(db: Db, dataDir: string, n: number): Promise<Record<string, number>> {
  const { runGenerateJob, providerFor, warmClassifier } = await import('@drape/pipeline');
  const { createStorage } = await import('@drape/storage');
  const { loadConfig } = await import('@drape/config');
  await warmClassifier();
  const deps = { db, storage: createStorage({ dataDir }), provider: providerFor(loadConfig({ DATA_DIR: dataDir })), timeoutMs: 60_000 };
  const sum: Record<string, number> = {};
  for (let i = -5; i < n; i++) {
    const out = await runGenerateJob(deps, crypto.randomUUID(), { gender: i % 2 ? 'male' : 'female', trend: 'boho_chic', seed: 5000 + i, source: 'batch' });
    if (i < 0) continue;
    for (const [k, v] of Object.entries(out.stages)) sum[k] = (sum[k] ?? 0) + v;
  }
  return Object.fromEntries(Object.entries(sum).map(([k, v]) => [k, Math.round((v / n) * 10) / 10]));
}

/**
 * The queue's own cost: no-op jobs sent and worked through pg-boss with the generate workers'
 * settings (5 workers, one job at a time each): the time per job is what the queue adds.
 */
async function queueCostPerJob(url: string, db: Db, jobs: number): Promise<number> {
  const boss = await startBoss(url, db, 'cli', { log: testLogger('cli') });
  await boss.createQueue('bench-noop');
  await boss.insert('bench-noop', Array.from({ length: jobs }, () => ({ data: {} })));
  let done = 0;
  const t0 = performance.now();
  const finished = new Promise<void>((resolve) => {
    // The same worker setup as the pipeline's generate workers (self-notified after each job).
    for (let i = 0; i < 5; i++) {
      let id = '';
      void boss.work('bench-noop', { batchSize: 1, pollingIntervalSeconds: 0.5 }, async () => {
        done += 1;
        if (done === jobs) resolve();
        if (id) boss.notifyWorker(id);
      }).then((workerId) => (id = workerId));
    }
  });
  await finished;
  const ms = (performance.now() - t0) / jobs;
  await stopBoss(boss, 'cli');
  return Math.round(ms * 100) / 100;
}

/** Runs bench/render-floor.ts in `processes` processes at once; their images per minute, summed. */
async function floorInProcesses(mode: 'render' | 'compute', processes: number, seconds: number, inFlight: number): Promise<number> {
  const env = { FLOOR_MODE: mode, FLOOR_SECONDS: String(seconds), FLOOR_IN_FLIGHT: String(inFlight) };
  const children = (await Promise.all(Array.from({ length: processes }, () => startProcess('bench/render-floor.ts', env, { listening: false })))).map((p) => p.child);
  const message = (type: string) => Promise.all(children.map((c) => new Promise<{ images: number; seconds: number }>((resolve, reject) => {
    c.on('message', (m: { type?: string; images?: number; seconds?: number }) => m?.type === type && resolve({ images: m.images ?? 0, seconds: m.seconds ?? 0 }));
    c.once('exit', (code) => reject(new Error(`render floor exited (${code}) before ${type}`)));
  })));
  await message('ready');
  const done = message('done');
  for (const c of children) c.send('go');
  const results = await done;
  return Math.round(results.reduce((a, r) => a + (r.images / r.seconds) * 60, 0));
}

export async function benchPipeline(url: string, dataDir: string): Promise<PipelineFigures> {
  const handle = createDb(url, 4, testLogger('cli'));
  const db: Db = handle.db;
  const { ensureMatrix } = await import('@drape/boot');
  await ensureMatrix(db);
  const computeMsPerImage = await sequentialStages(db, dataDir, 40);
  const queueMsPerJob = await queueCostPerJob(url, db, 1000);
  await setPerformanceMode(db, 'aggressive');
  const env = { DATABASE_URL: url, DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  const processes = 2;
  const floorSeconds = 20;
  const inFlight = PERFORMANCE_MODES.aggressive.concurrency;
  const floors = {
    renderImagesPerMinute: await floorInProcesses('render', processes, floorSeconds, inFlight),
    computeImagesPerMinute: await floorInProcesses('compute', processes, floorSeconds, inFlight),
    seconds: floorSeconds, inFlight,
  };
  const workers = await Promise.all(Array.from({ length: processes }, () => startProcess('pipeline/src/main.ts', env, { listening: false })));
  const children = workers.map((w) => w.child);
  try {
    await until(async () => Number((await db.selectFrom('pipeline_workers').select((eb) => eb.fn.countAll().as('n')).where('status', '=', 'running').executeTakeFirstOrThrow()).n) >= processes, 60_000, 'workers');
    const boss = await startBoss(url, db, 'cli', { log: testLogger('cli') });
    const { BatchError, startSequentialBatch } = await import('@drape/operations');
    // The workers open the starter set as they start (a fresh install is never empty), and a
    // second batch is refused while one runs: the bench's batch opens once the starter set ended.
    const afterStarterSet = async (): Promise<{ id: string; t0: number }> => {
      for (;;) {
        await until(async () => !(await db.selectFrom('batch_jobs').select('id').where('status', '=', 'running').executeTakeFirst()), 30 * 60_000, 'the starter set');
        const t0 = Date.now();
        try {
          return { id: await startSequentialBatch(db, boss, { cycles: 1 }), t0 };
        } catch (err) {
          if (!(err instanceof BatchError && err.code === 'running')) throw err;
        }
      }
    };
    const { id: batchId, t0 } = await afterStarterSet();
    await until(async () => (await db.selectFrom('batch_jobs').select('status').where('id', '=', batchId).executeTakeFirstOrThrow()).status !== 'running', 30 * 60_000, 'the batch');
    const seconds = (Date.now() - t0) / 1000;
    const batchEnd = new Date();
    await stopBoss(boss, 'cli');
    const batch = await db.selectFrom('batch_jobs').selectAll().where('id', '=', batchId).executeTakeFirstOrThrow();
    const stageRows = await db.selectFrom('generated_images').select('stage_ms').execute();
    const stages: Record<string, number> = {};
    for (const r of stageRows) for (const [k, v] of Object.entries(r.stage_ms)) stages[k] = (stages[k] ?? 0) + v;
    for (const k of Object.keys(stages)) stages[k] = Math.round((stages[k]! / stageRows.length) * 10) / 10;
    const wallMsPerImagePerProcess = (seconds * 1000 * processes) / batch.processed;
    // Database and storage: the store stage's share of an image's sequential cost.
    const sequentialTotal = Object.values(computeMsPerImage).reduce((a, b) => a + b, 0);
    const share = ((computeMsPerImage.store ?? 0) + queueMsPerJob) / (sequentialTotal + queueMsPerJob);
    // The queue: batch wall time per image beyond the sequential cost (negative when the two
    // processes' image threads overlap more than the queue costs).
    const queueMsPerImage = Math.round((wallMsPerImagePerProcess - sequentialTotal) * 10) / 10;

    // Get My Look through the real server, with the two workers still running for live jobs.
    const server = await startProcess('apps/server/src/main.ts', { ...env, PORT: '0', TRUST_PROXY: 'true', SERVER_TIMING: 'on', ALTCHA_MAX_NUMBER: '1000', PROMO_CODES: 'BENCHICON:fashion_icon', ADMIN_KEY: 'b', ADMIN_PASSWORD: 'bench-password' }, { listening: true });
    children.push(server.child);
    const base = `http://127.0.0.1:${server.port}`;
    const tokens: string[] = [];
    for (let i = 0; i < 75; i++) tokens.push((await registerAccount(base, `g${i}`, 'BENCHICON')).token);
    const selections = [
      ...TRENDS.filter((t) => t.active).map((t) => ({ trend: t.name })),
      ...PALETTES.map((p) => ({ colorPalette: p.name })),
      ...OCCASIONS.filter((o) => o.isActive).map((o) => ({ occasion: o.name })),
    ];
    let k = 0;
    const nextRequest = () => {
      const n = k++;
      return { token: tokens[n % tokens.length]!, body: { gender: n % 2 ? 'male' : 'female', ...selections[Math.floor(n / 2) % selections.length] } };
    };
    // Latency without queueing: one request at a time.
    const sequential: number[] = [];
    const inServer: number[] = [];
    for (let i = 0; i < 300; i++) {
      const r = nextRequest();
      const t = performance.now();
      const res = await fetch(`${base}/api/generate-outfit`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${r.token}` }, body: JSON.stringify(r.body) });
      await res.arrayBuffer();
      if (res.status === 200) {
        sequential.push(performance.now() - t);
        inServer.push(Number(/dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '')?.[1] ?? NaN));
      }
    }
    const inventory = await autocannon({
      url: base, connections: 10, amount: tokens.length * 20 - 300,
      requests: [{
        method: 'POST', path: '/api/generate-outfit',
        setupRequest: (req) => {
          const r = nextRequest();
          return { ...req, headers: { ...req.headers, 'content-type': 'application/json', authorization: `Bearer ${r.token}` }, body: JSON.stringify(r.body) };
        },
      }],
    });
    // Any image made after the batch came from a request that found no inventory.
    const liveServed = Number((await db.selectFrom('generated_images').select((eb) => eb.fn.countAll().as('n')).where('created_at', '>', batchEnd).executeTakeFirstOrThrow()).n);

    // Live: a body shape the batch never stocks, so every request renders a new look.
    const liveTokens = [(await registerAccount(base, 'live0', 'BENCHICON')).token, (await registerAccount(base, 'live1', 'BENCHICON')).token];
    const live: number[] = [];
    for (const [i, token] of liveTokens.entries()) {
      for (let j = 0; j < 15; j++) {
        const t = performance.now();
        const res = await fetch(`${base}/api/generate-outfit`, {
          method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ gender: i ? 'male' : 'female', ...selections[j % selections.length], bodyShape: 'Inverted Triangle' }),
        });
        if (res.status === 200) live.push(performance.now() - t);
        await res.arrayBuffer();
      }
    }
    return {
      computeMsPerImage,
      floors,
      processes,
      images: batch.succeeded,
      blocked: batch.failed,
      seconds: Math.round(seconds * 10) / 10,
      imagesPerMinute: Math.round((batch.processed / seconds) * 60),
      stageMsPerImage: stages,
      wallMsPerImagePerProcess: Math.round(wallMsPerImagePerProcess * 10) / 10,
      queueDbStorageShare: Math.round(share * 1000) / 1000,
      queueMsPerImage,
      queueMsPerJob,
      getMyLook: {
        inventorySequential: {
          requests: sequential.length, p50Ms: Math.round(percentile(sequential, 50) * 10) / 10, p99Ms: Math.round(percentile(sequential, 99) * 10) / 10,
          serverP50Ms: Math.round(percentile(inServer, 50) * 10) / 10, serverP99Ms: Math.round(percentile(inServer, 99) * 10) / 10,
        },
        inventory: {
          requests: inventory.requests.total, requestsPerSecond: Math.round(inventory.requests.average), p50Ms: inventory.latency.p50,
          p99Ms: inventory.latency.p99, non2xx: inventory.non2xx, live: liveServed,
        },
        live: { requests: live.length, p50Ms: Math.round(percentile(live, 50)), p99Ms: Math.round(percentile(live, 99)) },
      },
    };
  } finally {
    await Promise.all(children.map(stopProcess));
    await handle.close();
  }
}
