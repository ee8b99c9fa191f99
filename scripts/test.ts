import { fork, spawn, spawnSync, type ChildProcess, type SpawnOptions } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startSmtpSink } from '@drape/auth/testing';
import { startEmbeddedPostgres } from '@drape/db';
import { buildApps } from './build-apps';

/**
 * `npm test`: the type check and the lint first (either failing stops the run: the boundaries they
 * enforce are part of the design), then unit and integration tests (Vitest, real PostgreSQL), then
 * browser tests (Playwright with Debian's Chromium) against the built apps served by the real
 * server. Ends with one "N passed, N failed" line over both.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);
const log = (line: string) => console.log(`[test] ${line}`);
const only = process.argv[2]; // 'unit' or 'e2e' to run one half
/** After 'e2e', Playwright's file filters: `npm test -- e2e inert-text` runs that spec alone. */
const specFilters = only === 'e2e' ? process.argv.slice(3) : [];
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'drape-test-'));
fs.chmodSync(tmp, 0o755);

interface Tally { passed: number; failed: number; skipped: number }
const total: Tally = { passed: 0, failed: 0, skipped: 0 };
let exitCode = 0;

/** The type check and the lint, through the same entry as `npm run typecheck|lint`. */
function staticChecks(): boolean {
  for (const command of ['typecheck', 'lint']) {
    log(command);
    const res = spawnSync(process.execPath, [path.join(root, 'scripts', 'bootstrap.mjs'), command], { cwd: root, stdio: 'inherit' });
    if (res.status !== 0) {
      console.error(`[test] ${command} failed: fix it first (npm run ${command})`);
      return false;
    }
  }
  return true;
}

function vitest() {
  const out = path.join(tmp, 'vitest.json');
  const res = spawnSync(bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`], { cwd: root, stdio: 'inherit' });
  if (res.error) console.error(`[test] could not run vitest: ${res.error.message}`);
  if (res.status !== 0) exitCode = 1;
  if (fs.existsSync(out)) {
    const r = JSON.parse(fs.readFileSync(out, 'utf8')) as { numPassedTests: number; numFailedTests: number; numPendingTests: number; numTotalTestSuites: number };
    total.passed += r.numPassedTests;
    total.failed += r.numFailedTests;
    total.skipped += r.numPendingTests;
  } else exitCode = 1;
}

/**
 * The LookBook's browser tests need a LookBook: 150 looks, 130 clones in it across colors,
 * trends, palettes and occasions (pipeline/src/seed-looks.ts), and the 20 rendered ones in the
 * inventory (two thirds of the starter set: the pipeline makes the rest as before). Seeded once
 * the server has prepared the database, before the pipeline starts; ~15-20 s, most of it the
 * 20 renders.
 */
function seedLookbook(env: NodeJS.ProcessEnv) {
  const started = Date.now();
  const args = ['seed', 'looks', '--looks', '150', '--lookbook', '130', '--originals', '20', '--users', '0', '--heavy-saves', '0'];
  const res = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'pipeline/src/cli.ts'), ...args], { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] });
  if (res.status !== 0) throw new Error(`npm run drape -- ${args.join(' ')} failed (${res.status})`);
  log(`seeded 150 looks, 130 in the LookBook, in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  // Blocked images pending review, for the admin's Blocked Images screen (e2e/tests/admin-blocked.spec.ts).
  const blocked = ['seed', 'blocked', '--count', '4'];
  const res2 = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'pipeline/src/cli.ts'), ...blocked], { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] });
  if (res2.status !== 0) throw new Error(`npm run drape -- ${blocked.join(' ')} failed (${res2.status})`);
}

/** A child run to its end without blocking this process's event loop. */
function runToEnd(command: string, args: string[], options: SpawnOptions): Promise<{ status: number | null; error?: Error }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, options);
    child.once('error', (error) => resolve({ status: null, error }));
    child.once('exit', (status) => resolve({ status }));
  });
}

async function playwright() {
  buildApps(root, log);
  const pg = await startEmbeddedPostgres({ dataDir: path.join(tmp, 'e2e-data'), port: 0 });
  // The mail provider: a real SMTP server; the tests read what it received (e2e/helpers/mail.ts),
  // as the outbox keeps no mail's body.
  const mailDir = path.join(tmp, 'mail');
  const smtp = await startSmtpSink({ dir: mailDir });
  const env = {
    ...process.env,
    DATABASE_URL: pg.url,
    DATA_DIR: path.join(tmp, 'e2e-data'),
    PORT: '0',
    HOST: '127.0.0.1',
    // The pipeline is ready when it logs its worker running (info); requests are at debug.
    LOG_LEVEL: 'info',
    ALTCHA_MAX_NUMBER: '20000',
    ADMIN_KEY: 'e2e-admin',
    ADMIN_PASSWORD: 'e2e-admin-password',
    PROMO_CODES: 'E2EICON:fashion_icon,E2ESTYLE:stylist',
    // The API helpers name each test user's own client address (e2e/helpers/accounts.ts).
    TRUST_PROXY: '127.0.0.1',
    SMTP_URL: smtp.url,
  };
  const server = fork(path.join(root, 'apps/server/src/main.ts'), [], { env, execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  let pipeline: ChildProcess | null = null;
  try {
    const port = await new Promise<number>((resolve, reject) => {
      server.on('message', (m: { type?: string; port?: number }) => m?.type === 'listening' && resolve(m.port!));
      server.once('exit', (code) => reject(new Error(`server exited (${code}) before listening`)));
    });
    seedLookbook({ ...env, PORT: String(port), DRAPE_PREPARED: '1' });
    // The pipeline beside the server, as `npm start` runs it: Get My Look and the starter set need
    // a real worker. Started once the server has prepared the database, ready when it says so.
    pipeline = fork(path.join(root, 'pipeline/src/main.ts'), [], { env: { ...env, PORT: String(port), DRAPE_PREPARED: '1' }, execArgv: ['--import', 'tsx'], stdio: ['ignore', 'pipe', 'inherit', 'ipc'] });
    await new Promise<void>((resolve, reject) => {
      pipeline!.stdout!.on('data', (chunk: Buffer) => {
        process.stdout.write(chunk);
        if (/worker \S+ running/.test(chunk.toString())) resolve();
      });
      pipeline!.once('exit', (code) => reject(new Error(`pipeline exited (${code}) before running`)));
    });
    const out = path.join(tmp, 'playwright.json');
    // Playwright is a dependency of the e2e package, not of the root.
    // Not spawnSync: this process's SMTP sink must go on answering the server while the tests run.
    const res = await runToEnd(path.join(root, 'e2e', 'node_modules', '.bin', 'playwright'), ['test', '-c', 'e2e/playwright.config.ts', ...specFilters], {
      cwd: root,
      stdio: 'inherit',
      env: { ...env, E2E_BASE_URL: `http://127.0.0.1:${port}`, E2E_DATABASE_URL: pg.url, E2E_MAIL_DIR: mailDir, PLAYWRIGHT_JSON_OUTPUT_NAME: out, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
    });
    if (res.error) console.error(`[test] could not run playwright: ${res.error.message}`);
    if (res.status !== 0) exitCode = 1;
    if (fs.existsSync(out)) {
      const r = JSON.parse(fs.readFileSync(out, 'utf8')) as { stats: { expected: number; unexpected: number; flaky: number; skipped: number } };
      total.passed += r.stats.expected + r.stats.flaky;
      total.failed += r.stats.unexpected;
      total.skipped += r.stats.skipped;
    } else exitCode = 1;
  } finally {
    const stop = (child: ChildProcess | null) =>
      new Promise<void>((resolve) => {
        if (!child || child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      });
    await Promise.all([stop(pipeline), stop(server)]);
    await smtp.close();
    await pg.stop();
  }
}

async function main() {
  if (!staticChecks()) process.exit(1);
  if (only !== 'e2e') vitest();
  if (only !== 'unit') await playwright();
  fs.rmSync(tmp, { recursive: true, force: true });
  console.log(`\n${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`);
  process.exit(exitCode || (total.failed ? 1 : 0));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
