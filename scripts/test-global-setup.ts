import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createDb, migrate, seedCatalog, startEmbeddedPostgres, type EmbeddedPostgres } from '@drape/db';
import { TEMPLATE_DB, withDatabase } from '@drape/db/testing';
import { testLogger } from '@drape/log/testing';

/**
 * Vitest global setup: one PostgreSQL for the whole run (embedded in a temp folder, or the
 * server of DRAPE_TEST_PG_URL), with a migrated template database that each test file copies.
 */
let embedded: EmbeddedPostgres | null = null;
let tmp: string | null = null;

export async function setup(): Promise<void> {
  let url = process.env.DRAPE_TEST_PG_URL;
  if (!url) {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'drape-test-pg-'));
    fs.chmodSync(tmp, 0o755);
    embedded = await startEmbeddedPostgres({ dataDir: tmp, port: 0 });
    url = embedded.url;
    process.env.DRAPE_TEST_PG_URL = url;
  }
  const admin = new pg.Client({ connectionString: withDatabase(url, 'postgres') });
  await admin.connect();
  await admin.query(`drop database if exists ${TEMPLATE_DB} with (force)`);
  await admin.query(`create database ${TEMPLATE_DB}`);
  await admin.end();
  const handle = createDb(withDatabase(url, TEMPLATE_DB), 1, testLogger('cli'));
  await migrate(handle.db);
  await seedCatalog(handle.db);
  await handle.close();
}

export async function teardown(): Promise<void> {
  await embedded?.stop();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
}
