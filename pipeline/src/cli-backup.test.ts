import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { migrate, migrateTo, MIGRATION_NAMES, tablesIn } from '@drape/db';
import { createTestDatabase, type TestDatabase } from '@drape/db/testing';

/** `npm run drape -- backup DIR` and `restore DIR` as an operator runs them (the round trip in full: apps/server). */
const here = path.dirname(fileURLToPath(import.meta.url));
const dbs: TestDatabase[] = [];
const dirs: string[] = [];
const tmp = (prefix: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};
async function database(options: { empty?: boolean } = {}) {
  const db = await createTestDatabase(options);
  dbs.push(db);
  return db;
}
afterAll(async () => {
  for (const db of dbs) await db.drop();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

function drape(where: { db: TestDatabase; dataDir: string }, ...args: string[]) {
  const res = spawnSync(process.execPath, ['--import', 'tsx', path.join(here, 'cli.ts'), ...args], {
    env: { ...process.env, DATABASE_URL: where.db.url, DATA_DIR: where.dataDir }, encoding: 'utf8', timeout: 120_000,
  });
  return { code: res.status, out: res.stdout, err: res.stderr };
}

describe('npm run drape -- backup / restore', () => {
  it('backs up a look and restores it into a new database and DATA_DIR; a folder that is no backup, and a second restore there, are refused with exit 2', async () => {
    const source = { db: await database(), dataDir: tmp('drape-cli-src-') };
    const made = drape(source, 'generate', '--gender', 'female', '--occasion', 'Office', '--seed', '11');
    expect(made.code, made.err).toBe(0);
    const file = made.out.match(/File: (\S+\.webp)/)![1]!;

    const dir = path.join(tmp('drape-cli-backups-'), 'today');
    const backup = drape(source, 'backup', dir);
    expect(backup.code, backup.err).toBe(0);
    expect(backup.out).toMatch(new RegExp(`^Backup written to ${dir}: [\\d,]+ rows in \\d+ tables \\(migration ${MIGRATION_NAMES.at(-1)}\\), 2 images \\([\\d.]+ [kKM]B\\)\\.$`, 'm'));
    expect(backup.out).toContain("Not in it: pg-boss's queue");

    const target = { db: await database({ empty: true }), dataDir: tmp('drape-cli-dst-') };
    // A folder that is no backup: refused, nothing changed.
    const nothing = tmp('drape-cli-nothing-');
    expect(drape(target, 'restore', nothing)).toMatchObject({ code: 2, err: expect.stringContaining(`error: ${nothing} has no manifest.json`) });
    expect(await tablesIn(target.db.url)).toEqual([]);
    const restore = drape(target, 'restore', dir);
    expect(restore.code, restore.err).toBe(0);
    expect(restore.out).toMatch(/^Restored .* \(made \S+ by Drape \d+\.\d+\.\d+\): [\d,]+ rows in \d+ tables at migration \S+, 2 images/m);
    const restoredFile = path.join(target.dataDir, path.relative(source.dataDir, file));
    expect(fs.readFileSync(restoredFile).equals(fs.readFileSync(file))).toBe(true);
    const looks = await target.db.db.selectFrom('generated_images').select('storage_key').execute();
    expect(looks).toEqual(await source.db.db.selectFrom('generated_images').select('storage_key').execute());

    const again = drape(target, 'restore', dir);
    expect(again).toMatchObject({ code: 2, err: expect.stringContaining('error: The image store is not empty') });
  }, 240_000);

  it('restores a backup of an older version at its level; the next start migrates it the rest of the way', async () => {
    const level = MIGRATION_NAMES.length - 2;
    const older = { db: await database({ empty: true }), dataDir: tmp('drape-cli-old-') };
    await migrateTo(older.db.db, MIGRATION_NAMES[level]!);
    const dir = path.join(tmp('drape-cli-backups-'), 'old');
    expect(drape(older, 'backup', dir).code).toBe(0);

    const target = { db: await database({ empty: true }), dataDir: tmp('drape-cli-dst-') };
    const restore = drape(target, 'restore', dir);
    expect(restore.code, restore.err).toBe(0);
    expect(restore.out).toContain(`at migration ${MIGRATION_NAMES[level]}`);
    expect(restore.out).toContain(`The next start migrates it to this version's level (${MIGRATION_NAMES.at(-1)}).`);
    expect(await migrate(target.db.db)).toEqual(MIGRATION_NAMES.slice(level + 1));
  }, 240_000);
});
