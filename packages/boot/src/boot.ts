import { bootstrapAdmin, DEFAULT_ADMIN_KEY } from '@drape/auth';
import { loadConfig, readEnvFile, withConcretePort, type Config } from '@drape/config';
import { createDb, migrate, resolveDatabase, seedCatalog, withSetupLock, type Db, type DbHandle, type EmbeddedPostgres } from '@drape/db';
import { noChattierThan, type Logger } from '@drape/log';
import { moveLegacyBlockedImages, type Storage } from '@drape/storage';
import { ensureMatrix } from './matrix';
import { openStorage } from './storage';

/**
 * The start of every Drape process (`npm start`, the server, a pipeline worker, the CLI): the
 * configuration, read once; the database, embedded or DATABASE_URL; and the preparation that must
 * happen once per start: migrations, the catalog seed, the bootstrapped admin and the combination
 * matrix. `npm start` prepares, then tells the processes it starts (PREPARED_ENV) so that they do
 * not repeat it; a process started on its own (a fleet) prepares itself, under a lock, so that N
 * processes starting together do it one at a time and the later ones find nothing to do.
 */
export type Role = 'start' | 'server' | 'pipeline' | 'cli';

/** Set by `npm start` in its children's environment: the database they share is prepared. */
export const PREPARED_ENV = 'DRAPE_PREPARED';

const POOL: Record<Role, number> = { start: 2, server: 20, pipeline: 10, cli: 5 };

export interface Booted {
  config: Config;
  url: string;
  db: DbHandle;
  embedded: EmbeddedPostgres | null;
  /** Where images live (DATA_DIR or S3_BUCKET). */
  storage: Storage;
  /** Closes the pool and the store, then stops the embedded PostgreSQL when this process started it. */
  stop(): Promise<void>;
}

export interface BootOptions {
  role: Role;
  /** The process's logger (made before the boot, so that a failed boot is logged in its form). */
  log: Logger;
  env?: NodeJS.ProcessEnv;
  /** Leave out the embedded PostgreSQL's progress lines (the CLI prints only its answer). */
  quietDatabase?: boolean;
  /**
   * Prepare the database (migrations, seed, admin, matrix) unless told it is prepared. Off for
   * the commands that must find it as it is: a backup reads it, a restore needs it empty.
   */
  prepare?: boolean;
}

export async function boot({ role, log, env = process.env, quietDatabase = false, prepare: prepares = true }: BootOptions): Promise<Booted> {
  // Every process starts here: `.env` in the folder it starts in is read first, the environment winning.
  if (env === process.env) readEnvFile();
  const config = loadConfig(await withConcretePort(env));
  const { url, embedded } = await resolveDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir }, quietDatabase ? noChattierThan(log, 'warn') : log);
  const db = createDb(url, POOL[role], log);
  const storage = openStorage(config);
  const stop = async () => {
    // Closing goes on past a part that fails to close, and says which.
    await storage.close().catch((err: unknown) => log.warn({ err }, 'the image store did not close cleanly'));
    await db.close().catch((err: unknown) => log.warn({ err }, 'the database pool did not close cleanly'));
    await embedded?.stop();
  };
  try {
    if (prepares && env[PREPARED_ENV] !== '1') await prepare(db, config, storage, log);
  } catch (err) {
    await stop();
    throw err;
  }
  return { config, url, db, embedded, storage, stop };
}

async function prepare(handle: DbHandle, config: Config, storage: Storage, log: Logger): Promise<void> {
  if (storage.kind === 'local') {
    // Installs from before the private area kept refused images under the public /media folder.
    const { moved } = await moveLegacyBlockedImages(config.dataDir);
    if (moved) log.info(`moved ${moved} blocked images out of the public media folder`);
  }
  await withSetupLock(handle.db, 'drape-boot', async () => {
    const applied = await migrate(handle.db);
    if (applied.length) log.info(`migrated: ${applied.join(', ')}`);
    await seedCatalog(handle.db);
    const admin = await bootstrapAdmin(handle.db, config.ADMIN_KEY, config.ADMIN_PASSWORD);
    // At warn: printed once, it must reach an operator who logs warnings only.
    if (admin) log.warn(`admin created: key "${admin.adminKey}", password "${admin.password}" (printed once; set ADMIN_KEY and ADMIN_PASSWORD to choose your own)`);
    const warning = await defaultAdminKeyWarning(handle.db, config);
    if (warning) log.warn(warning);
    const matrix = await ensureMatrix(handle.db);
    if (matrix.added) log.info(`combination matrix: ${matrix.total} combinations (${matrix.added} new)`);
  });
}

/**
 * In production mode with no ADMIN_KEY, an admin under the default key `admin` is half of its
 * credentials given away: every guess at it is a guess at the password alone.
 */
export async function defaultAdminKeyWarning(db: Db, config: Pick<Config, 'production' | 'ADMIN_KEY'>): Promise<string | null> {
  if (!config.production || config.ADMIN_KEY) return null;
  const admin = await db.selectFrom('admins').select('id').where('admin_key', '=', DEFAULT_ADMIN_KEY).executeTakeFirst();
  if (!admin) return null;
  return `warning: production mode (NODE_ENV=production) with the default admin key "${DEFAULT_ADMIN_KEY}" and no ADMIN_KEY: `
    + `set ADMIN_KEY and ADMIN_PASSWORD to your own, or make another admin (\`npm run drape -- admin create <key>\`) and remove this one (\`npm run drape -- admin remove ${DEFAULT_ADMIN_KEY}\`)`;
}
