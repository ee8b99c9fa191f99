import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { testLogger } from '@drape/log/testing';
import { createDb, type DbHandle } from './client';

/**
 * One database per test file, copied from the migrated template that the global setup made
 * (CREATE DATABASE ... TEMPLATE is a file copy: ~20 ms instead of running migrations again).
 */
export const TEMPLATE_DB = 'drape_template';

export function serverUrl(): string {
  const url = process.env.DRAPE_TEST_PG_URL;
  if (!url) throw new Error('DRAPE_TEST_PG_URL is not set: run the tests through `npm test` or vitest with the global setup');
  return url;
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export interface TestDatabase extends DbHandle {
  url: string;
  name: string;
  drop(): Promise<void>;
}

/** `empty`: a database with no tables at all, as a new install's (what a restore fills), instead of the migrated copy. */
export async function createTestDatabase(options: { empty?: boolean } = {}): Promise<TestDatabase> {
  const name = `drape_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: withDatabase(serverUrl(), 'postgres') });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${options.empty ? 'template0' : TEMPLATE_DB}`);
  } finally {
    await admin.end();
  }
  const url = withDatabase(serverUrl(), name);
  const handle = createDb(url, 10, testLogger());
  return {
    ...handle,
    url,
    name,
    async drop() {
      await handle.close();
      const c = new pg.Client({ connectionString: withDatabase(serverUrl(), 'postgres') });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export { withDatabase };
export { startTcpRelay, type TcpRelay } from './tcp-relay';
