import { fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { boot, PREPARED_ENV } from '@drape/boot';
import { logSettings } from '@drape/config';
import { createLogger } from '@drape/log';
import { buildApps } from './build-apps';
import { supervise, type Supervised } from './supervise';

/**
 * `npm start`: the boot (PostgreSQL, embedded unless DATABASE_URL; migrations, seed, admin,
 * combination matrix), the two app builds, then the server and one pipeline process, which find
 * the database prepared. A child that dies is started again (scripts/supervise.ts) while the other
 * keeps working. Ctrl-C stops everything, PostgreSQL last.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const settings = logSettings();
const log = createLogger({ role: 'start', ...settings });

/**
 * The addresses, for the person who typed `npm start`: on stdout as they are, whatever LOG_LEVEL
 * says (a person needs them to use the product); in production, one log line like the others.
 */
function announce(lines: string[]): void {
  if (settings.json) log.info(lines.join('\n'));
  else process.stdout.write(lines.map((line) => `[drape] ${line}\n`).join(''));
}

async function main() {
  let booted: Awaited<ReturnType<typeof boot>>;
  try {
    booted = await boot({ role: 'start', log });
  } catch (err) {
    log.fatal({ err }, 'Drape could not start');
    process.exit(1);
  }
  const { config, url, embedded } = booted;
  let children: Supervised[] = [];
  let stopping = false;

  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    log.info('stopping');
    await Promise.all(children.map((child) => child.stop()));
    await booted.stop();
    log.info('stopped');
    process.exit(code);
  };
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));

  try {
    buildApps(root, (line) => log.info(line));
  } catch (err) {
    log.fatal({ err }, 'the apps did not build');
    return stop(1);
  }

  // The children share this database and port, prepared already.
  const env = { ...process.env, DATABASE_URL: url, PORT: String(config.PORT), [PREPARED_ENV]: '1' };
  const spawnPart = (entry: string) => () => fork(path.join(root, entry), [], { env, execArgv: ['--import', 'tsx'], stdio: 'inherit' });
  const server = supervise('server', spawnPart('apps/server/src/main.ts'), {
    log,
    onStart: (child, restarts) => child.on('message', (msg: { type?: string }) => {
      if (msg?.type !== 'listening') return;
      if (restarts > 0) return log.info(`server is listening again (restart ${restarts})`);
      const origin = config.publicOrigin;
      announce([
        'Drape is running:',
        `  web app     ${origin}/`,
        // On its own origin when ADMIN_ORIGIN is set (recommended in production), else the hidden path.
        `  admin app   ${config.adminListener?.origin ?? origin}${config.ADMIN_BASE_PATH}-login`,
        `  API docs    ${origin}/api/docs (the OpenAPI document: ${origin}/api/openapi.json)`,
        `  health      ${origin}/healthz (alive), ${origin}/readyz (ready)`,
        `  metrics     ${origin}/metrics (from this machine, or with METRICS_TOKEN)`,
        `  database    ${embedded ? `embedded PostgreSQL in ${embedded.dataDir}` : 'DATABASE_URL'}`,
        'Press Ctrl-C to stop.',
      ]);
    }),
  });
  const pipeline = supervise('pipeline', spawnPart('pipeline/src/main.ts'), { log });
  children = [server, pipeline];
}

void main();
