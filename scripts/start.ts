import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bootstrapAdmin } from '@drape/auth';
import { createDb, loadConfig, migrate, resolveDatabase, seedCatalog } from '@drape/db';
import { buildApps } from './build-apps';

/**
 * `npm start`: PostgreSQL (embedded unless DATABASE_URL), migrations, seed, the two app builds,
 * then the server and one pipeline process. Ctrl-C stops everything, PostgreSQL last.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const log = (line: string) => console.log(`[drape] ${line}`);

async function main() {
  const config = loadConfig();
  const { url, embedded } = await resolveDatabase(config, log);
  const handle = createDb(url, 2);
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
    await handle.close().catch(() => {});
    await embedded?.stop();
    log('stopped');
    process.exit(code);
  };
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));

  try {
    const applied = await migrate(handle.db);
    if (applied.length) log(`migrated: ${applied.join(', ')}`);
    log(`catalog: ${await seedCatalog(handle.db)} entries`);
    const admin = await bootstrapAdmin(handle.db, config.ADMIN_KEY, config.ADMIN_PASSWORD);
    if (admin) log(`admin created: key "${admin.adminKey}", password "${admin.password}" (printed once; set ADMIN_KEY and ADMIN_PASSWORD to choose your own)`);
    buildApps(root, log);
  } catch (err) {
    console.error(err);
    return stop(1);
  }

  const env = { ...process.env, DATABASE_URL: url };
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

  server.on('message', (msg: { type?: string; port?: number }) => {
    if (msg?.type !== 'listening') return;
    const origin = config.PUBLIC_ORIGIN ?? `http://${config.HOST === '0.0.0.0' ? '127.0.0.1' : config.HOST}:${msg.port}`;
    log('Drape is running:');
    log(`  web app     ${origin}/`);
    log(`  admin app   ${origin}${config.ADMIN_BASE_PATH}-login`);
    log(`  REST docs   ${origin}/api/openapi.json`);
    log(`  health      ${origin}/healthz`);
    log(`  database    ${embedded ? `embedded PostgreSQL in ${embedded.dataDir}` : 'DATABASE_URL'}`);
    log('Press Ctrl-C to stop.');
  });
}

void main();
