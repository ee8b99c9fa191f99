import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@drape/db/testing';

const here = path.dirname(fileURLToPath(import.meta.url));
const tsx = path.resolve(here, '../../node_modules/.bin/tsx');
let db: TestDatabase;
let folder: string;

beforeAll(async () => {
  db = await createTestDatabase();
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'drape-env-file-'));
  // The settings of an install, in the .env of the folder the command starts in.
  fs.writeFileSync(path.join(folder, '.env'), `DATABASE_URL=${db.url}\nDATA_DIR=${path.join(folder, 'data')}\nLOOKBOOK_AUTOCURATE=7\n`);
});
afterAll(async () => {
  await db.drop();
  fs.rmSync(folder, { recursive: true, force: true });
});

/** The CLI as `npm run drape` starts it, in the install's folder, with nothing of ours in its environment. */
function drape(env: Record<string, string>, ...args: string[]) {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(DATABASE_URL|DATA_DIR|LOOKBOOK_AUTOCURATE)$/.test(k)));
  const res = spawnSync(tsx, [path.join(here, 'cli.ts'), ...args], { cwd: folder, env: { ...clean, ...env }, encoding: 'utf8', timeout: 60_000 });
  return { code: res.status, out: res.stdout, err: res.stderr };
}

describe('.env', () => {
  it('is read by the CLI from the folder it starts in, and the environment wins over it', () => {
    expect(drape({}, 'lookbook', 'status')).toMatchObject({ code: 0, out: expect.stringContaining('auto-curation fills it to 7 (LOOKBOOK_AUTOCURATE)') });
    expect(drape({ LOOKBOOK_AUTOCURATE: '9' }, 'lookbook', 'status')).toMatchObject({ code: 0, out: expect.stringContaining('auto-curation fills it to 9 (LOOKBOOK_AUTOCURATE)') });
  }, 120_000);
});
