import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, startTcpRelay, type TestDatabase } from '@drape/db/testing';
import { captureLog, testLogger } from '@drape/log/testing';
import { listenForever, LISTENER_APPLICATION } from './listener';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());

async function until(check: () => Promise<boolean> | boolean, timeoutMs: number): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return Date.now() - started;
}

describe('listenForever', () => {
  it('listens again after the server ends its connection (57P01), and hears what is sent then', async () => {
    const heard: string[] = [];
    let connections = 0;
    const listener = await listenForever(db.url, 'drape_test_channel', { onNotify: (p) => heard.push(p ?? ''), onListening: () => connections++, log: testLogger() });
    try {
      await sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${LISTENER_APPLICATION} and datname = current_database()`.execute(db.db);
      await until(() => connections === 2 && listener.listening(), 5000);
      await sql`select pg_notify('drape_test_channel', 'after')`.execute(db.db);
      await until(() => heard.includes('after'), 5000);
    } finally {
      await listener.close();
    }
  });

  it('keeps trying while the database cannot be reached, and is back within a second of its return', async () => {
    const net = await startTcpRelay(db.url);
    const logged = captureLog();
    const heard: string[] = [];
    const listener = await listenForever(net.url, 'drape_test_channel', { onNotify: (p) => heard.push(p ?? ''), retryMs: 200, log: logged.log });
    try {
      await net.cut();
      await until(() => !listener.listening(), 5000);
      // Several attempts fail while it is away.
      await new Promise((r) => setTimeout(r, 1500));
      expect(listener.listening()).toBe(false);
      await net.mend();
      const back = await until(() => listener.listening(), 5000);
      expect(back).toBeLessThan(1000);
      await sql`select pg_notify('drape_test_channel', 'back')`.execute(db.db);
      await until(() => heard.includes('back'), 5000);
      // One line for the loss (with its error), one for the return: not one per failed attempt.
      expect(logged.lines.filter((l) => l.level !== 'debug').map((l) => [l.level, l.msg])).toEqual([
        ['warn', 'LISTEN drape_test_channel: connection lost; listening again once it connects'],
        ['info', 'LISTEN drape_test_channel: listening again'],
      ]);
    } finally {
      await listener.close();
      await net.close();
    }
  });
});
