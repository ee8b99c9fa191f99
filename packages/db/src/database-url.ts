import type { Config } from './config';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './embedded-postgres';

/** DATABASE_URL when set; otherwise an embedded PostgreSQL in DATA_DIR, started by the caller. */
export async function resolveDatabase(config: Config, log: (s: string) => void): Promise<{ url: string; embedded: EmbeddedPostgres | null }> {
  if (config.DATABASE_URL) return { url: config.DATABASE_URL, embedded: null };
  const embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, log });
  return { url: embedded.url, embedded };
}
