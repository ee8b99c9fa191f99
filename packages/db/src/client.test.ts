import net from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureLog, testLogger } from '@drape/log/testing';
import { createDb, DB_CONNECT_TIMEOUT_MS } from './client';
import { isDatabaseUnavailable } from './database-unavailable';
import { createTestDatabase, type TestDatabase } from './testing';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());

/** What a query on a connection whose backend was ended by the server rejects with. */
async function caught(fn: () => Promise<unknown>): Promise<unknown> {
  try {
    await fn();
  } catch (err) {
    return err;
  }
  throw new Error('expected a rejection');
}

describe('the pool of createDb', () => {
  it('survives the server ending a connection that is checked out (57P01, as a restart or fail-over does), and logs it', async () => {
    const { log, lines } = captureLog();
    const handle = createDb(db.url, 2, log);
    try {
      await handle.db.connection().execute(async (conn) => {
        const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(conn);
        // From another connection, the way `pg_ctl restart -m fast` ends every session: the
        // backend sends FATAL 57P01 to a client that is between queries.
        await sql`select pg_terminate_backend(${rows[0]!.pid})`.execute(db.db);
        await new Promise((r) => setTimeout(r, 300));
        const err = await caught(() => sql`select 1`.execute(conn));
        expect(isDatabaseUnavailable(err)).toBe(true);
      });
      // Once, with the server's error (not again for the socket's end that follows it).
      expect(lines).toEqual([expect.objectContaining({ level: 'warn', msg: 'database connection failed; the pool drops it', err: expect.objectContaining({ code: '57P01' }) })]);
      // The dead client left the pool: the next query gets a fresh connection.
      const { rows } = await sql<{ one: number }>`select 1 as one`.execute(handle.db);
      expect(rows[0]!.one).toBe(1);
    } finally {
      await handle.close();
    }
  });

  it('logs an idle connection that the server ends, with the error, and lives on', async () => {
    const { log, lines } = captureLog();
    const handle = createDb(db.url, 2, log);
    try {
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(handle.db);
      // Back in the pool, idle: the pool's own listener hears its end.
      await sql`select pg_terminate_backend(${rows[0]!.pid})`.execute(db.db);
      for (let i = 0; i < 40 && lines.length === 0; i++) await new Promise((r) => setTimeout(r, 50));
      await new Promise((r) => setTimeout(r, 200));
      expect(lines).toEqual([expect.objectContaining({ level: 'warn', msg: 'database connection failed; the pool drops it', err: expect.objectContaining({ code: '57P01' }) })]);
      const again = await sql<{ one: number }>`select 1 as one`.execute(handle.db);
      expect(again.rows[0]!.one).toBe(1);
    } finally {
      await handle.close();
    }
  });

  it('fails a query that waits for a connection after the connect timeout, as unavailable, rather than hanging', async () => {
    const handle = createDb(db.url, 1, testLogger());
    try {
      await handle.db.connection().execute(async () => {
        const started = Date.now();
        const err = await caught(() => sql`select 1`.execute(handle.db));
        expect(Date.now() - started).toBeLessThan(DB_CONNECT_TIMEOUT_MS + 2000);
        expect(isDatabaseUnavailable(err)).toBe(true);
      });
    } finally {
      await handle.close();
    }
  });
});

describe('isDatabaseUnavailable', () => {
  it('is true for a refused connection and for what wraps it', async () => {
    // A port nobody listens on: bind one, note it, close it.
    const port = await new Promise<number>((resolve) => {
      const srv = net.createServer().listen(0, '127.0.0.1', () => {
        const { port: p } = srv.address() as net.AddressInfo;
        srv.close(() => resolve(p));
      });
    });
    const handle = createDb(`postgres://drape:x@127.0.0.1:${port}/drape`, 1, testLogger());
    try {
      const err = await caught(() => sql`select 1`.execute(handle.db));
      expect(isDatabaseUnavailable(err)).toBe(true);
      expect(isDatabaseUnavailable(new Error('procedure failed', { cause: err }))).toBe(true);
    } finally {
      await handle.close();
    }
  });

  it('is false for errors of the query or of the code', async () => {
    expect(isDatabaseUnavailable(await caught(() => sql`select from nowhere_at_all`.execute(db.db)))).toBe(false);
    expect(isDatabaseUnavailable(await caught(() => sql`select 1/0`.execute(db.db)))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });
});
