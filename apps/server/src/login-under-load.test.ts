import type { IncomingMessage, ServerResponse } from 'node:http';
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordWorkload } from '@drape/auth';
import { startTestServer, type TestServer } from './testing/harness';
import { holdThreadPool } from './testing/thread-pool';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

/**
 * Opens the server's database connections beforehand: a new connection's SCRAM handshake runs on
 * the thread pool too, and would wait behind the held pool like the password checks.
 */
async function openDatabaseConnections(): Promise<void> {
  await Promise.all(Array.from({ length: 10 }, () => s.db.pool.query('select pg_sleep(0.05)')));
}

const sessionsOf = async (userId: string) =>
  Number((await s.db.db.selectFrom('sessions').select((eb) => eb.fn.countAll().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow()).n);

// Found by the load run (issue 15): 200 users signing in at once queue their argon2 checks on the
// thread pool; a client that gave up (a timeout) still had its check run, so the clients still
// waiting waited longer and gave up too. A check still queued when its client leaves is dropped.
describe('a sign-in whose client leaves while its password check waits for a CPU', () => {
  it('is dropped with 499 before the check runs, and makes no session', async () => {
    const u = await s.register();
    const before = await sessionsOf(u.user.id);
    const responses: ServerResponse[] = [];
    const watch = (req: IncomingMessage, res: ServerResponse) => {
      if (req.url === '/api/auth/login') responses.push(res);
    };
    s.app.server.on('request', watch);
    await openDatabaseConnections();
    const pool = await holdThreadPool();
    try {
      const client = new AbortController();
      const login = fetch(`${s.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.77' },
        body: JSON.stringify({ email: u.email, password: u.password }),
        signal: client.signal,
      }).catch(() => 'left');
      await expect.poll(() => responses.length).toBe(1);
      client.abort();
      expect(await login).toBe('left');
      // The server answers the closed request while the pool is still held: the check never ran.
      await expect.poll(() => responses[0]!.writableEnded, { timeout: 10_000 }).toBe(true);
      expect(responses[0]!.statusCode).toBe(499);
    } finally {
      s.app.server.off('request', watch);
      await pool.release();
    }
    expect(await sessionsOf(u.user.id)).toBe(before);
    // The same sign-in by a client that waits is answered as ever.
    const ok = await s.call('POST', '/api/auth/login', { email: u.email, password: u.password });
    expect(ok.status).toBe(200);
    expect(await sessionsOf(u.user.id)).toBe(before + 1);
  });
});

// Found by the load run (issue 15): libuv's four threads ran four argon2 checks at once on two
// cores, taking both from the event loop that answers every other call.
describe('a burst of sign-ins', () => {
  it('runs at most cores - 1 password checks at once; the others wait their turn, then all are answered', async () => {
    const limit = Math.max(1, os.availableParallelism() - 1);
    const burst = limit + 2;
    const users = [];
    for (let i = 0; i < burst; i++) users.push(await s.register());
    await openDatabaseConnections();
    const pool = await holdThreadPool();
    let logins: Promise<number>[] = [];
    try {
      logins = users.map((u, i) => s.call('POST', '/api/auth/login', { email: u.email, password: u.password }, { ip: `198.51.100.${100 + i}` }).then((r) => r.status));
      await expect.poll(() => passwordWorkload().running + passwordWorkload().waiting, { timeout: 10_000 }).toBe(burst);
      expect(passwordWorkload()).toEqual({ running: limit, waiting: burst - limit, limit });
    } finally {
      await pool.release();
    }
    expect(await Promise.all(logins)).toEqual(users.map(() => 200));
    expect(passwordWorkload()).toMatchObject({ running: 0, waiting: 0 });
  });
});
