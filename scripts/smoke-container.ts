import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { freePort } from '@drape/config';
import { call, registerAccount } from '@drape/stress/fault-kit';
import { ensureBaseImage } from './container/base-image';
import { PROBE_PATH } from './container/healthcheck';
import { podmanEnv, run, runOk } from './container/podman';

/**
 * `npm run smoke:container` (docs/decisions/0024-container-image.md): the image and compose.yaml as
 * a self-hoster uses them. Makes the base image if absent, builds Drape's image and PostgreSQL's,
 * starts the compose project on a free port, waits for the server's probe, signs up through the
 * REST API (solving the bot check), gets a look (the worker in its container renders it), checks
 * that the look's URL answers a real image, stops a worker in the middle of a batch and the server
 * (each within its stop timeout, with a clean exit), sees the batch finish once the worker is
 * back, then `down`: no container, network or volume left. Prints each step's time.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const stateDir = path.join(root, '.tools', 'container');
const logFile = path.join(stateDir, 'smoke.log');
const PROJECT = 'drape-smoke';
const IMAGE = 'localhost/drape:smoke';
const POSTGRES_IMAGE = 'localhost/drape-postgres:smoke';
/** The host's CA bundle, mounted over the build's own: HTTPS through a TLS-inspecting proxy. */
const HOST_CA_BUNDLE = '/etc/ssl/certs/ca-certificates.crt';

/** Waits, all told: the server's first start (migrations, seed, matrix) on a fresh volume. */
const READY_TIMEOUT_MS = 240_000;
/** compose.yaml's stop_grace_period of each Drape service: the bound a stop must keep. */
const STOP_GRACE_S = { server: 10, pipeline: 25 } as const;
/** The issue's bound on the server's stop. */
const SERVER_STOP_BOUND_MS = 1_000;
/** The batch the worker is stopped in the middle of. */
const BATCH_COMBINATIONS = 40;
const BATCH_TIMEOUT_MS = 180_000;
const READ_ATTEMPTS = 3;

const log = (line: string) => console.log(`[smoke] ${line}`);
const timings: { step: string; seconds: string; note: string }[] = [];
function timed(step: string, ms: number, note = '') {
  timings.push({ step, seconds: (ms / 1000).toFixed(2), note });
  log(`${step}: ${(ms / 1000).toFixed(2)} s${note ? ` (${note})` : ''}`);
}
async function step<T>(name: string, fn: () => Promise<T>, note?: (value: T) => string): Promise<T> {
  const started = Date.now();
  const value = await fn();
  timed(name, Date.now() - started, note?.(value) ?? '');
  return value;
}

async function main() {
  fs.mkdirSync(stateDir, { recursive: true });
  fs.writeFileSync(logFile, '');
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // Drape's settings, as a self-hoster's .env holds them: a small bot check for the run, and no
  // LookBook auto-curation (each curation of starter looks has the worker open a new starter set,
  // and the batch the worker is stopped in the middle of can only start once none runs).
  const envFile = path.join(stateDir, 'smoke.env');
  fs.writeFileSync(envFile, 'ALTCHA_MAX_NUMBER=2000\nLOG_LEVEL=warn\nLOOKBOOK_AUTOCURATE=0\n');
  const env = podmanEnv(stateDir, {
    COMPOSE_PROJECT_NAME: PROJECT,
    DRAPE_IMAGE: IMAGE,
    DRAPE_POSTGRES_IMAGE: POSTGRES_IMAGE,
    DRAPE_PORT: String(port),
    PUBLIC_ORIGIN: base,
    POSTGRES_PASSWORD: crypto.randomBytes(12).toString('hex'),
    DRAPE_ENV_FILE: envFile,
  });
  const compose = (args: string[], timeoutMs?: number) => runOk('podman-compose', ['-p', PROJECT, '-f', path.join(root, 'compose.yaml'), ...args], { env, cwd: root, logFile, timeoutMs });
  const container = (service: string) => `${PROJECT}_${service}_1`;
  const cli = (args: string[]) => runOk('podman', ['exec', container('server'), '/app/scripts/container/entrypoint.sh', 'drape', ...args], { env, logFile, timeoutMs: BATCH_TIMEOUT_MS });
  // A read (status, watch) is tried again: on a loaded machine a new connection can outlast the
  // pool's connect timeout, and the CLI is a new process with new connections each time.
  const read = async (args: string[]) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await cli(args);
      } catch (err) {
        if (attempt === READ_ATTEMPTS) throw err;
        log(`drape ${args.join(' ')} failed (attempt ${attempt}), trying again`);
      }
    }
  };
  const started = Date.now();

  const baseImage = await ensureBaseImage(env, stateDir, logFile, log);
  timed('base image', baseImage.ms, `${baseImage.image}, ${baseImage.how}`);
  const buildArgs = ['--build-arg', `BASE_IMAGE=${baseImage.image}`, ...(fs.existsSync(HOST_CA_BUNDLE) ? ['-v', `${HOST_CA_BUNDLE}:${HOST_CA_BUNDLE}:ro`] : [])];
  await step('build drape image', () => runOk('podman', ['build', '-f', 'Containerfile', '-t', IMAGE, ...buildArgs, '.'], { env, cwd: root, logFile }), () => IMAGE);
  await step('build postgres image', () => runOk('podman', ['build', '-f', 'postgres.Containerfile', '-t', POSTGRES_IMAGE, ...buildArgs, '.'], { env, cwd: path.join(root, 'scripts', 'container'), logFile }), () => POSTGRES_IMAGE);

  await step('fonts in the image', () => checkFonts(env), (s) => s);

  await down(compose, env);
  try {
    await step('compose up', () => compose(['up', '-d', '--no-build']));
    await step('ready', () => waitForProbe(base, READY_TIMEOUT_MS), () => `${PROBE_PATH} answered 200`);
    // compose's health check, as an orchestrator runs it (podman runs it on a timer only under systemd).
    await step('health check', () => runOk('podman', ['healthcheck', 'run', container('server')], { env, logFile }), (r) => r.stdout.trim() || 'healthy');

    const account = await step('sign up', () => registerAccount(base, 'smoke', '192.0.2.1'), (a) => a.email);
    const look = await step('get my look', async () => {
      const res = await call(base, 'generate', 'POST', '/api/generate-outfit', { token: account.token, ip: account.ip, body: { gender: 'female', trend: 'Denim' } });
      if (res.status !== 200) throw new Error(`Get My Look answered ${res.status}: ${JSON.stringify(res.json)}`);
      return res.json as { imageId: string; imageUrl: string; source: string };
    }, (l) => `${l.source}, ${l.imageId}`);
    await step('image url', async () => {
      const url = new URL(look.imageUrl, base);
      const res = await fetch(url);
      const bytes = Buffer.from(await res.arrayBuffer());
      if (res.status !== 200 || !res.headers.get('content-type')?.startsWith('image/')) throw new Error(`${url} answered ${res.status} ${res.headers.get('content-type')}`);
      const meta = await sharp(bytes).metadata();
      if (!meta.width || !meta.height) throw new Error(`${url} is not an image`);
      return `${meta.format} ${meta.width}x${meta.height}, ${bytes.length} bytes`;
    }, (s) => s);

    // A worker stopped while it renders: it ends or hands back its jobs within its grace period,
    // exits cleanly, and the batch it was working finishes once a worker is back (nothing lost).
    // The worker opens the starter set on its first start: one batch runs at a time.
    await step('starter set done', () => read(['batch', 'watch']), (res) => res.stdout.trim().split('\n').at(-1) ?? '');
    const batchLine = (await cli(['batch', 'start', '--limit', String(BATCH_COMBINATIONS)])).stdout;
    const batchId = batchLine.match(/Batch (\S+) started/)?.[1];
    if (!batchId) throw new Error(`no batch started: ${batchLine}`);
    // Stopped once it has rendered a look of the batch: it is working the batch's jobs then.
    const progress = async () => {
      const m = (await read(['status'])).stdout.match(/Newest batch (\S+): (\w+), (\d+)\/(\d+)/);
      return m?.[1] === batchId ? { status: m[2], done: Number(m[3]), total: Number(m[4]) } : null;
    };
    const busy = await step('batch under way', async () => {
      const deadline = Date.now() + BATCH_TIMEOUT_MS;
      for (;;) {
        const p = await progress();
        if (p && p.status === 'running' && p.done >= 1) return p;
        if (Date.now() > deadline || (p && p.status !== 'running')) throw new Error(`batch ${batchId} never seen under way: ${JSON.stringify(p)}`);
      }
    }, (p) => `${p.done} of ${p.total} looks done`);
    await stopService(env, container('pipeline'), STOP_GRACE_S.pipeline, 'stop worker mid-batch');
    const left = await progress();
    if (left?.status !== 'running' || left.done >= left.total) throw new Error(`the worker was not stopped mid-batch: ${JSON.stringify(left)}`);
    timed('batch at the stop', 0, `${left.done} of ${left.total} looks done (${busy.done} when last seen before SIGTERM)`);
    await step('worker back, batch done', async () => {
      await runOk('podman', ['start', container('pipeline')], { env, logFile });
      const watched = await read(['batch', 'watch', batchId]);
      const line = watched.stdout.trim().split('\n').at(-1) ?? '';
      if (!line.startsWith('completed:')) throw new Error(`batch ${batchId} did not complete: ${line}`);
      return line;
    }, (line) => line);

    await stopService(env, container('pipeline'), STOP_GRACE_S.pipeline, 'stop worker idle');
    const serverStop = await stopService(env, container('server'), STOP_GRACE_S.server, 'stop server');
    if (serverStop > SERVER_STOP_BOUND_MS) throw new Error(`the server took ${serverStop} ms to stop (bound ${SERVER_STOP_BOUND_MS} ms)`);
  } catch (err) {
    for (const service of ['server', 'pipeline', 'db']) {
      const logs = await run('podman', ['logs', '--tail', '40', container(service)], { env });
      console.error(`--- ${service} ---\n${logs.stdout}${logs.stderr}`);
    }
    throw err;
  } finally {
    await step('compose down', () => down(compose, env));
  }
  timed('total', Date.now() - started);
  console.table(timings);
  log(`passed (podman's output: ${path.relative(root, logFile)})`);
}

/**
 * Stops one container within its grace period, checks that it exited by itself (code 0), and
 * returns how long after SIGTERM it exited (podman's own bookkeeping after that is left out).
 */
async function stopService(env: NodeJS.ProcessEnv, name: string, graceSeconds: number, label: string): Promise<number> {
  const sent = Date.now();
  const res = await runOk('podman', ['stop', '-t', String(graceSeconds), name], { env, logFile });
  const [code, finished] = (await runOk('podman', ['inspect', '--format', '{{.State.ExitCode}} {{.State.FinishedAt.UnixMilli}}', name], { env })).stdout.trim().split(' ');
  const exitedMs = Number(finished) - sent;
  timed(label, exitedMs, `exit ${code}, grace ${graceSeconds} s; podman stop returned after ${(res.ms / 1000).toFixed(2)} s`);
  if (code !== '0') throw new Error(`${name} exited with ${code} on SIGTERM (killed after its grace period, or failed)`);
  if (!(exitedMs < graceSeconds * 1000)) throw new Error(`${name} did not exit within its grace period (${exitedMs} ms)`);
  return exitedMs;
}

/**
 * sharp draws the looks' text (the watermark) through fontconfig: in the image it must find its
 * settings and the fonts, with nothing to complain about, or the text comes out as boxes.
 */
async function checkFonts(env: NodeJS.ProcessEnv): Promise<string> {
  // sharp from the server's folder, whose node_modules holds it.
  const probe = `const sharp = (await import('node:module')).createRequire('/app/apps/server/package.json')('sharp');
const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="240" height="80"><text x="10" y="55" font-family="DejaVu Sans" font-size="48">Drape</text></svg>';
const { info } = await sharp(Buffer.from(svg)).png().toBuffer({ resolveWithObject: true });
const fonts = await import('node:fs').then((fs) => fs.readdirSync('/usr/share/fonts/truetype/dejavu').length);
console.log(info.width + 'x' + info.height + ', ' + fonts + ' DejaVu fonts');`;
  const res = await runOk('podman', ['run', '--rm', IMAGE, 'node', '--input-type=module', '-e', probe], { env, logFile });
  if (/fontconfig/i.test(res.stderr)) throw new Error(`fontconfig complains in the image: ${res.stderr.trim()}`);
  return res.stdout.trim();
}

/** The project gone: containers, its network (podman-compose 1.0.3 leaves it) and its volumes. */
async function down(compose: (args: string[]) => Promise<unknown>, env: NodeJS.ProcessEnv): Promise<void> {
  await compose(['down', '-v', '-t', String(STOP_GRACE_S.pipeline)]);
  await run('podman', ['network', 'rm', '-f', `${PROJECT}_default`], { env, logFile });
  const left = await runOk('podman', ['ps', '-a', '--filter', `label=io.podman.compose.project=${PROJECT}`, '--format', '{{.Names}}'], { env });
  if (left.stdout.trim()) throw new Error(`containers left after down: ${left.stdout.trim()}`);
}

async function waitForProbe(base: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await fetch(`${base}${PROBE_PATH}`, { signal: AbortSignal.timeout(2_000) }).then((r) => r.status, () => 0);
    if (status === 200) return;
    if (Date.now() > deadline) throw new Error(`${base}${PROBE_PATH} did not answer 200 within ${timeoutMs / 1000} s (last: ${status})`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

main().catch((err: unknown) => {
  console.error(`[smoke] failed: ${err instanceof Error ? err.message : String(err)}`);
  console.table(timings);
  process.exit(1);
});
