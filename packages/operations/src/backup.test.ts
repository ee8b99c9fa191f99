import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { tablesIn } from '@drape/db';
import { createTestDatabase, type TestDatabase } from '@drape/db/testing';
import { openTestStorage, type TestStorage } from '@drape/storage/testing';
import { writeBackup } from './backup';
import { BackupError, MANIFEST_FILE, type BackupManifest } from './backup-manifest';
import { restoreBackup } from './restore';

/**
 * What a restore refuses, and that a refusal, or a failure half-way, leaves both targets as it
 * found them (the round trip itself: apps/server/src/backup-restore.test.ts).
 */
let source: TestDatabase;
let sourceStore: TestStorage;
let backup: string;
const made: string[] = [];
const tmp = (prefix: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  made.push(dir);
  return dir;
};

beforeAll(async () => {
  source = await createTestDatabase();
  sourceStore = await openTestStorage('local');
  const ada = await source.db.insertInto('users').values({ email: 'ada@example.com', username: 'ada', password_hash: 'x', first_name: 'Ada', last_name: 'Lovelace' }).returning('id').executeTakeFirstOrThrow();
  await source.db.insertInto('sessions').values({ id: 'a'.repeat(64), user_id: ada.id, expires_at: new Date(Date.now() + 86_400_000), device_type: 'desktop' }).execute();
  await sourceStore.storage.put('public', 'looks/a.webp', Buffer.from('a look'));
  await sourceStore.storage.put('private', 'blocked/b.webp', Buffer.from('a blocked look'));
  backup = path.join(tmp('drape-backups-'), 'nightly');
  await writeBackup({ url: source.url, storage: sourceStore.storage, dir: backup });
});
afterAll(async () => {
  await source.drop();
  await sourceStore.close();
  for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
});

/** An empty database and image store, as a new install has them. */
async function emptyTarget() {
  const db = await createTestDatabase({ empty: true });
  const store = await openTestStorage('local');
  return {
    db, store,
    async isEmpty() {
      const objects: string[] = [];
      for (const area of ['public', 'private'] as const) for await (const page of store.storage.list(area)) objects.push(...page.map((o) => o.key));
      return { tables: await tablesIn(db.url), objects };
    },
    async close() {
      await db.drop();
      await store.close();
    },
  };
}
let target: Awaited<ReturnType<typeof emptyTarget>> | null = null;
afterEach(async () => {
  await target?.close();
  target = null;
});

/** A copy of the backup to damage. */
function copyOfBackup(change: (dir: string, manifest: BackupManifest) => BackupManifest | void): string {
  const dir = path.join(tmp('drape-damaged-'), 'copy');
  fs.cpSync(backup, dir, { recursive: true });
  const file = path.join(dir, MANIFEST_FILE);
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as BackupManifest;
  const changed = change(dir, manifest);
  if (changed) fs.writeFileSync(file, JSON.stringify(changed));
  return dir;
}

const restoreInto = (t: NonNullable<typeof target>, dir: string) => restoreBackup({ url: t.db.url, storage: t.store.storage, dir });

describe('backup', () => {
  it('refuses a folder that is not empty, writing nothing into it', async () => {
    const dir = tmp('drape-not-empty-');
    fs.writeFileSync(path.join(dir, 'notes.txt'), 'mine');
    await expect(writeBackup({ url: source.url, storage: sourceStore.storage, dir })).rejects.toThrow(new BackupError(`${dir} is not empty: give a new or empty folder for the backup.`));
    expect(fs.readdirSync(dir)).toEqual(['notes.txt']);
  });

  it('refuses a database that was never started, writing nothing', async () => {
    const fresh = await createTestDatabase({ empty: true });
    const dir = path.join(tmp('drape-backups-'), 'none');
    try {
      await expect(writeBackup({ url: fresh.url, storage: sourceStore.storage, dir })).rejects.toThrow(new BackupError('The database has no Drape tables (it was never started): there is nothing to back up.'));
      expect(fs.existsSync(dir)).toBe(false);
    } finally {
      await fresh.drop();
    }
  });

  it('keeps it private: the folder and its files are its owner\'s alone', () => {
    expect(fs.statSync(backup).mode & 0o777).toBe(0o700);
    expect(fs.statSync(path.join(backup, MANIFEST_FILE)).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.join(backup, 'tables', 'users.copy.gz')).mode & 0o777).toBe(0o600);
  });
});

describe('restore refuses, changing nothing', () => {
  it('a database that is not empty', async () => {
    target = await emptyTarget();
    await expect(restoreBackup({ url: source.url, storage: target.store.storage, dir: backup })).rejects.toThrow(/^The database is not empty \(\d+ tables, such as public\./);
    expect(await target.isEmpty()).toEqual({ tables: [], objects: [] });
    expect(await source.db.selectFrom('users').select('username').execute()).toEqual([{ username: 'ada' }]);
  });

  it('an image store that is not empty', async () => {
    target = await emptyTarget();
    await target.store.storage.put('public', 'looks/mine.webp', Buffer.from('mine'));
    await expect(restoreInto(target, backup)).rejects.toThrow('The image store is not empty (public area: looks/mine.webp, ...): restore into an empty DATA_DIR or an empty bucket prefix.');
    expect(await target.isEmpty()).toEqual({ tables: [], objects: ['looks/mine.webp'] });
  });

  it('a folder without a manifest, or with another format', async () => {
    target = await emptyTarget();
    const dir = tmp('drape-no-backup-');
    await expect(restoreInto(target, dir)).rejects.toThrow(`${dir} has no manifest.json: it is not a Drape backup, or a backup that did not finish.`);
    const future = copyOfBackup((_dir, m) => ({ ...m, formatVersion: 2 as never }));
    await expect(restoreInto(target, future)).rejects.toThrow('The backup is in format 2; this version of Drape reads format 1.');
    expect(await target.isEmpty()).toEqual({ tables: [], objects: [] });
  });

  it('a backup made at a migration this version does not have', async () => {
    target = await emptyTarget();
    const newer = copyOfBackup((_dir, m) => ({ ...m, database: { ...m.database, migrations: [...m.database.migrations, '0999_from_the_future'] } }));
    await expect(restoreInto(target, newer)).rejects.toThrow(/at a migration this version of Drape does not have \(0999_from_the_future\)/);
    expect(await target.isEmpty()).toEqual({ tables: [], objects: [] });
  });

  it('a damaged table file, a missing image, an image changed on disk', async () => {
    target = await emptyTarget();
    const flipped = copyOfBackup((dir) => {
      const file = path.join(dir, 'tables', 'users.copy.gz');
      const bytes = fs.readFileSync(file);
      bytes[bytes.length - 5]! ^= 0xff;
      fs.writeFileSync(file, bytes);
    });
    await expect(restoreInto(target, flipped)).rejects.toThrow('tables/users.copy.gz does not match its checksum in the manifest: the backup is damaged.');
    const missing = copyOfBackup((dir) => fs.rmSync(path.join(dir, 'images', 'private', 'blocked', 'b.webp')));
    await expect(restoreInto(target, missing)).rejects.toThrow('The backup is missing images/private/blocked/b.webp.');
    const changed = copyOfBackup((dir) => fs.writeFileSync(path.join(dir, 'images', 'public', 'looks', 'a.webp'), 'b look'));
    await expect(restoreInto(target, changed)).rejects.toThrow('images/public/looks/a.webp does not match its checksum in the manifest: the backup is damaged.');
    expect(await target.isEmpty()).toEqual({ tables: [], objects: [] });
  });

  it('a manifest that names a file outside the backup', async () => {
    target = await emptyTarget();
    const escaping = copyOfBackup((_dir, m) => ({ ...m, database: { ...m.database, tables: m.database.tables.map((t) => (t.name === 'users' ? { ...t, file: '../../etc/passwd' } : t)) } }));
    await expect(restoreInto(target, escaping)).rejects.toThrow('The manifest names a file outside the backup: ../../etc/passwd.');
    expect(await target.isEmpty()).toEqual({ tables: [], objects: [] });
  });
});

describe('restore of rows that do not hold together', () => {
  it('is refused by the foreign keys, made again after the load, and rolled back', async () => {
    target = await emptyTarget();
    // A backup consistent with its manifest, but its sessions name a user it does not have.
    const orphaned = copyOfBackup((dir, m) => {
      const file = path.join(dir, 'tables', 'users.copy.gz');
      fs.writeFileSync(file, gzipSync(''));
      const sha256 = createHash('sha256').update(fs.readFileSync(file)).digest('hex');
      return { ...m, database: { ...m.database, tables: m.database.tables.map((t) => (t.name === 'users' ? { ...t, rows: 0, bytes: fs.statSync(file).size, sha256 } : t)) } };
    });
    await expect(restoreInto(target, orphaned)).rejects.toThrow(/^The backup's rows do not hold together \(.*sessions.*\): the backup is damaged\.$/);
    expect(await target.isEmpty()).toEqual({ tables: [], objects: [] });
  });
});

describe('restore that fails half-way', () => {
  it('rolls the database back and removes the images it stored: both targets empty again, ready for another try', async () => {
    target = await emptyTarget();
    // The files are sound, but the manifest counts one user more than the file holds: found while loading, after the images are in.
    const miscounted = copyOfBackup((_dir, m) => ({ ...m, database: { ...m.database, tables: m.database.tables.map((t) => (t.name === 'users' ? { ...t, rows: t.rows + 1 } : t)) } }));
    await expect(restoreInto(target, miscounted)).rejects.toThrow(new BackupError('The backup\'s users table holds 1 row where its manifest says 2: the backup is damaged.'));
    expect(await target.isEmpty()).toEqual({ tables: [], objects: [] });
    // The same targets then take the sound backup.
    const summary = await restoreInto(target, backup);
    expect(summary).toMatchObject({ images: 2, batchesCancelled: 0, reservationsReleased: 0 });
    expect(await target.db.db.selectFrom('users').select('username').execute()).toEqual([{ username: 'ada' }]);
    const a = await target.store.storage.get('public', 'looks/a.webp');
    expect(Buffer.concat(await a!.body.toArray())).toEqual(Buffer.from('a look'));
  });
});
