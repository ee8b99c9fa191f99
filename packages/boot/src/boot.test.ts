import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@drape/db/testing';
import { captureLog, type LogLine } from '@drape/log/testing';
import { boot } from './boot';

/** A start as `npm start` makes it (boot's preparation), over a fresh database, with its log lines kept. */
let db: TestDatabase;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'drape-boot-'));
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function startLines(env: Record<string, string>): Promise<LogLine[]> {
  const { log, lines } = captureLog({ role: 'cli', level: 'info' });
  const booted = await boot({ role: 'cli', log, env: { DATABASE_URL: db.url, DATA_DIR: dataDir, ...env } });
  await booted.stop();
  return lines;
}
const startLog = async (env: Record<string, string>) => (await startLines(env)).map((l) => l.msg ?? '');

const warning = /warning: production mode .*default admin key "admin" and no ADMIN_KEY/;

describe('the start in production mode', () => {
  it('warns while the admin is the default key "admin" and ADMIN_KEY is not set', async () => {
    const first = await startLines({ NODE_ENV: 'production' });
    // Both at warn: a log kept at warnings still shows the password printed once, and the warning.
    expect(first.filter((l) => l.msg?.startsWith('admin created: key "admin"')).map((l) => l.level)).toEqual(['warn']);
    expect(first.filter((l) => warning.test(l.msg ?? '')).map((l) => l.level)).toEqual(['warn']);
    // Every start says it again, not only the one that made the admin.
    expect((await startLog({ NODE_ENV: 'production' })).some((l) => warning.test(l))).toBe(true);
  });

  it('does not warn in development mode, nor once ADMIN_KEY is set', async () => {
    expect((await startLog({})).some((l) => warning.test(l))).toBe(false);
    expect((await startLog({ NODE_ENV: 'production', ADMIN_KEY: 'night-ops', ADMIN_PASSWORD: 'a long admin passphrase' })).some((l) => warning.test(l))).toBe(false);
  });
});
