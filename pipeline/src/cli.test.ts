import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyAdmin } from '@drape/auth';
import { createTestDatabase, type TestDatabase } from '@drape/db/testing';

const here = path.dirname(fileURLToPath(import.meta.url));
let db: TestDatabase;
let dataDir: string;

beforeAll(async () => {
  db = await createTestDatabase();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'drape-cli-'));
});
afterAll(async () => {
  await db.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function drape(...args: string[]) {
  const res = spawnSync(process.execPath, ['--import', 'tsx', path.join(here, 'cli.ts'), ...args], {
    env: { ...process.env, DATABASE_URL: db.url, DATA_DIR: dataDir }, encoding: 'utf8', timeout: 60_000,
  });
  return { code: res.status, out: res.stdout, err: res.stderr };
}

describe('npm run drape', () => {
  it('refuses bad arguments with a message and a non-zero exit', () => {
    expect(drape('generate', '--gender', 'alien', '--trend', 'Denim')).toMatchObject({ code: 2, err: expect.stringContaining('--gender is female or male') });
    expect(drape('generate', '--gender', 'female', '--trend', 'Denim', '--occasion', 'Office')).toMatchObject({ code: 2, err: expect.stringContaining('exactly one of') });
    expect(drape('generate', '--gender', 'female', '--trend', 'Grunge')).toMatchObject({ code: 2, err: expect.stringContaining('Unknown trend "Grunge"') });
    expect(drape('batch', 'start', '--cycles', 'many')).toMatchObject({ code: 1, err: expect.stringContaining('--cycles must be a whole number') });
    expect(drape('nonsense').code).not.toBe(0);
    expect(drape('admin', 'create', 'ops', '--password', 'short')).toMatchObject({ code: 2 });
  }, 120_000);

  it('creates an admin and resets its password', async () => {
    expect(drape('admin', 'create', 'ops', '--password', 'first-password')).toMatchObject({ code: 0 });
    expect(drape('admin', 'create', 'ops', '--password', 'again-password')).toMatchObject({ code: 2, err: expect.stringContaining('exists') });
    expect(drape('admin', 'reset-password', 'ops', '--password', 'second-password')).toMatchObject({ code: 0 });
    expect(await verifyAdmin(db.db, 'ops', 'first-password')).toBeNull();
    expect(await verifyAdmin(db.db, 'ops', 'second-password')).not.toBeNull();
  }, 120_000);

  it('generates one look and reports it', () => {
    const res = drape('generate', '--gender', 'male', '--palette', 'Minimal Heat', '--seed', '7');
    expect(res.code).toBe(0);
    expect(res.out).toMatch(/Image [0-9a-f-]{36} \(male\.palette\.minimal_heat\./);
    const file = res.out.match(/File: (\S+\.webp)/)?.[1];
    expect(file && fs.existsSync(file)).toBe(true);
  }, 120_000);

  it('seeds looks, LookBook looks and users, and prints the summary', async () => {
    expect(drape('seed', 'looks', '--looks', '10', '--lookbook', '11')).toMatchObject({ code: 2, err: expect.stringContaining('--lookbook cannot exceed --looks') });
    const res = drape('seed', 'looks', '--looks', '300', '--lookbook', '100', '--users', '12', '--heavy-saves', '20', '--originals', '3');
    expect(res.code).toBe(0);
    expect(res.out).toMatch(/Seeded in [\d.]+ s\./);
    const lookbook = await db.db.selectFrom('generated_images').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 'lookbook').executeTakeFirstOrThrow();
    expect(Number(lookbook.n)).toBe(100);
    const users = await db.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).where('username', 'like', 'seed_%').executeTakeFirstOrThrow();
    expect(Number(users.n)).toBe(13);
  }, 120_000);
});
