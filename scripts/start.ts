import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { boot, PREPARED_ENV } from '@drape/boot';
import { buildApps } from './build-apps';

/**
 * `npm start`: the boot (PostgreSQL, embedded unless DATABASE_URL; migrations, seed, admin,
 * combination matrix), the two app builds, then the server and one pipeline process, which find
 * the database prepared. Ctrl-C stops everything, PostgreSQL last.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const log = (line: string) => console.log(`[drape] ${line}`);

async function main() {
  let booted: Awaited<ReturnType<typeof boot>>;
  try {
    booted = await boot({ role: 'start', log });
  } catch (err) {
    console.error(err);
    process.exit(1);
  }
  const { config, url, embedded } = booted;
  let children: ChildProcess[] = [];
  let stopping = false;

  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    log('stopping');
    await Promise.all(children.map((child) => new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
    })));
    await booted.stop();
    log('stopped');
    process.exit(code);
  };
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));

  try {
    buildApps(root, log);
  } catch (err) {
    console.error(err);
    return stop(1);
  }

  // The children share this database and port, prepared already.
  const env = { ...process.env, DATABASE_URL: url, PORT: String(config.PORT), [PREPARED_ENV]: '1' };
  const spawnPart = (name: string, entry: string) => {
    const child = fork(path.join(root, entry), [], { env, execArgv: ['--import', 'tsx'], stdio: 'inherit' });
    child.on('exit', (code, signal) => {
      if (!stopping) {
        log(`${name} exited unexpectedly (${signal ?? code}); stopping everything`);
        void stop(1);
      }
    });
    return child;
  };
  const server = spawnPart('server', 'apps/server/src/main.ts');
  children = [server, spawnPart('pipeline', 'pipeline/src/main.ts')];

  server.on('message', (msg: { type?: string }) => {
    if (msg?.type !== 'listening') return;
    const origin = config.publicOrigin;
    log('Drape is running:');
    log(`  web app     ${origin}/`);
    // On its own origin when ADMIN_ORIGIN is set (recommended in production), else the hidden path.
    log(`  admin app   ${config.adminListener?.origin ?? origin}${config.ADMIN_BASE_PATH}-login`);
    log(`  REST docs   ${origin}/api/openapi.json`);
    log(`  health      ${origin}/healthz`);
    log(`  database    ${embedded ? `embedded PostgreSQL in ${embedded.dataDir}` : 'DATABASE_URL'}`);
    log('Press Ctrl-C to stop.');
  });
}

void main();
