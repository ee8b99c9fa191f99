import type { Logger } from '@drape/log';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './embedded-postgres';

/** DATABASE_URL when set; otherwise an embedded PostgreSQL in DATA_DIR, started by the caller. */
export async function resolveDatabase(
  where: { databaseUrl: string | undefined; dataDir: string },
  log: Logger,
): Promise<{ url: string; embedded: EmbeddedPostgres | null }> {
  if (where.databaseUrl) return { url: where.databaseUrl, embedded: null };
  const embedded = await startEmbeddedPostgres({ dataDir: where.dataDir, log });
  return { url: embedded.url, embedded };
}
