import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';

export type Db = Kysely<Database>;

// Dates as ISO strings, not local-midnight Date objects (DOB is a calendar date).
pg.types.setTypeParser(1082, (v: string) => v);
// bigint (counts, bigserial) as number: our counts stay far below 2^53.
pg.types.setTypeParser(20, (v: string) => Number(v));

export interface DbHandle {
  db: Db;
  pool: pg.Pool;
  close(): Promise<void>;
}

export function createDb(url: string, max = 10): DbHandle {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle client that errors (server restart) must not crash the process.
  pool.on('error', () => {});
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, pool, close: () => db.destroy() };
}

export async function ping(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}

/**
 * Runs `fn` while holding a cluster-wide advisory lock: setup steps that several processes may
 * run at once (pg-boss queue creation deadlocks when two processes create partitions together).
 */
export async function withSetupLock<T>(db: Db, name: string, fn: () => Promise<T>): Promise<T> {
  return db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(hashtext(${name}))`.execute(conn);
    try {
      return await fn();
    } finally {
      await sql`select pg_advisory_unlock(hashtext(${name}))`.execute(conn);
    }
  });
}
