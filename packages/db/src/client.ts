import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { Logger } from '@drape/log';
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

/**
 * How long a query waits for a connection (a new one, or a turn in a full pool) before it fails:
 * while PostgreSQL is down or saturated a request answers 503 within this, never hangs.
 */
export const DB_CONNECT_TIMEOUT_MS = 5_000;

export function createDb(url: string, max: number, log: Logger): DbHandle {
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: DB_CONNECT_TIMEOUT_MS, keepAlive: true });
  // A connection's errors must not crash the process, and are logged once per connection (a
  // server that ends one sends a FATAL, then the socket ends: two errors of one event). An idle
  // client's error reaches the pool's listener, which drops it; a client checked out of the pool has
  // no listener of the pool's (pg-pool removes its idle listener for as long as the client is lent,
  // which is how Kysely holds one through a transaction or between the steps of a request), so a
  // FATAL then (57P01 on a restart or fail-over) or a cut connection would be an 'error' event
  // nobody hears, and Node would end the process: the listener added on connect stays for the
  // client's life. The error is also the pending or next query's rejection, and the pool drops the
  // dead client when it is released. A database outage is reported once more, by its watch.
  const reported = new WeakSet<object>();
  const report = (client: object, err: Error) => {
    if (reported.has(client)) return;
    reported.add(client);
    log.warn({ err }, 'database connection failed; the pool drops it');
  };
  pool.on('error', (err, client) => report(client, err));
  pool.on('connect', (client) => {
    client.on('error', (err) => report(client, err));
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, pool, close: () => db.destroy() };
}

/** How a pg pool is used right now: connections open, idle among them, queries waiting for one. */
export interface PoolUse {
  total: number;
  idle: number;
  waiting: number;
  max: number;
}

/** Read from any node-postgres pool (ours, or pg-boss's), without touching the database. */
export function poolUse(pool: Pick<pg.Pool, 'totalCount' | 'idleCount' | 'waitingCount'> & { options?: { max?: number } }): PoolUse {
  return { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: pool.options?.max ?? 10 };
}

export async function ping(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}

/**
 * Runs `fn` while holding a cluster-wide advisory lock: setup steps that several processes may
 * run at once (pg-boss queue creation deadlocks when two processes create partitions together).
 * `fn` gets the lock's own connection, so a step that needs a transaction of its own needs no
 * second connection from a small pool.
 */
export async function withSetupLock<T>(db: Db, name: string, fn: (conn: Db) => Promise<T>): Promise<T> {
  return db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(hashtext(${name}))`.execute(conn);
    try {
      return await fn(conn);
    } finally {
      await sql`select pg_advisory_unlock(hashtext(${name}))`.execute(conn);
    }
  });
}
