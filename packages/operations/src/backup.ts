import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { lineCounter, MIGRATION_TABLE, openSnapshot, tablesIn } from '@drape/db';
import { PG_BOSS_VERSION } from '@drape/jobs';
import { STORAGE_AREAS, type Storage, type StorageArea } from '@drape/storage';
import { appVersion } from './app-version';
import {
  BACKUP_FORMAT, BACKUP_FORMAT_VERSION, BackupError, IMAGE_INDEX_FILE, IMAGES_DIR, MANIFEST_FILE, TABLES_DIR,
  type BackupManifest, type BackupTableEntry, type ImageEntry,
} from './backup-manifest';
import { digestFile, digestTap, eachLimited } from './file-digest';

/**
 * `npm run drape -- backup DIR`: a consistent copy of the database and the image store
 * (docs/decisions/0021-backups.md). The database is read in one snapshot first, then the images
 * are copied: a look stored meanwhile is an extra file (no row names it), and a look deleted
 * meanwhile (retention, a cleanup) is counted as vanished; `check` after a restore tells both.
 */
export type BackupPhase = 'tables' | 'images';

export interface BackupOptions {
  /** The database, as the processes reach it. */
  url: string;
  storage: Storage;
  /** A new or empty folder. */
  dir: string;
  onProgress?: (phase: BackupPhase, done: number, total: number) => void;
  now?: () => Date;
}

/** Images are copied this many at a time (a round trip each on S3). */
const IMAGE_LANES = 8;

async function prepareFolder(dir: string): Promise<void> {
  const entries = await fsp.readdir(dir).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return null;
    throw err;
  });
  if (entries && entries.length > 0) throw new BackupError(`${dir} is not empty: give a new or empty folder for the backup.`);
  // Password hashes, sessions and shared secrets are in it: readable by its owner only.
  await fsp.mkdir(dir, { recursive: true, mode: 0o700 });
  await fsp.mkdir(path.join(dir, TABLES_DIR), { mode: 0o700 });
}

async function copyTables(opts: BackupOptions): Promise<Pick<BackupManifest, 'database'> & { createdAt: Date }> {
  const snapshot = await openSnapshot(opts.url);
  try {
    const createdAt = opts.now?.() ?? new Date();
    const total = snapshot.tables.reduce((n, t) => n + t.rows, 0);
    let done = 0;
    opts.onProgress?.('tables', 0, total);
    const tables: BackupTableEntry[] = [];
    for (const table of snapshot.tables) {
      const file = `${TABLES_DIR}/${table.name}.copy.gz`;
      const tap = digestTap();
      let rows = 0;
      const counter = lineCounter((n) => {
        rows += n;
        done += n;
        opts.onProgress?.('tables', done, total);
      });
      await pipeline(snapshot.copyOut(table), counter, createGzip(), tap.stream, fs.createWriteStream(path.join(opts.dir, file), { mode: 0o600 }));
      // The count and the copy read one snapshot: a difference would be a copy of two moments.
      if (rows !== table.rows) throw new Error(`${table.name}: copied ${rows} rows of the ${table.rows} counted in the same snapshot`);
      tables.push({ name: table.name, columns: table.columns, rows: table.rows, file, ...tap.digest() });
    }
    return {
      createdAt,
      database: {
        postgres: snapshot.serverVersion,
        migrations: snapshot.migrations,
        tables,
        sequences: snapshot.sequences,
        excludedSchemas: snapshot.otherSchemas,
      },
    };
  } finally {
    await snapshot.close();
  }
}

async function copyImages(opts: BackupOptions): Promise<{ entries: ImageEntry[]; vanished: number }> {
  const listed: { area: StorageArea; key: string }[] = [];
  for (const area of STORAGE_AREAS) {
    for await (const page of opts.storage.list(area)) for (const o of page) listed.push({ area, key: o.key });
  }
  const entries: (ImageEntry | null)[] = Array.from({ length: listed.length }, () => null);
  let vanished = 0;
  let done = 0;
  opts.onProgress?.('images', 0, listed.length);
  await eachLimited(listed, IMAGE_LANES, async ({ area, key }, i) => {
    const object = await opts.storage.get(area, key);
    if (!object) {
      vanished++;
    } else {
      const target = path.join(opts.dir, IMAGES_DIR, area, key);
      await fsp.mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
      const tap = digestTap();
      await pipeline(object.body, tap.stream, fs.createWriteStream(target, { mode: 0o600 }));
      entries[i] = { area, key, ...tap.digest() };
    }
    opts.onProgress?.('images', ++done, listed.length);
  });
  return { entries: entries.filter((e): e is ImageEntry => e !== null), vanished };
}

export async function writeBackup(opts: BackupOptions): Promise<BackupManifest> {
  if (!(await tablesIn(opts.url)).includes(`public.${MIGRATION_TABLE}`)) {
    throw new BackupError('The database has no Drape tables (it was never started): there is nothing to back up.');
  }
  await prepareFolder(opts.dir);
  const { createdAt, database } = await copyTables(opts);
  const { entries, vanished } = await copyImages(opts);
  const indexFile = path.join(opts.dir, IMAGE_INDEX_FILE);
  await fsp.writeFile(indexFile, entries.map((e) => `${JSON.stringify(e)}\n`).join(''), { mode: 0o600 });
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    formatVersion: BACKUP_FORMAT_VERSION,
    createdAt: createdAt.toISOString(),
    appVersion: appVersion(),
    database,
    jobs: { pgBossVersion: PG_BOSS_VERSION, included: false },
    images: {
      store: opts.storage.kind,
      index: { file: IMAGE_INDEX_FILE, ...(await digestFile(indexFile)) },
      count: entries.length,
      bytes: entries.reduce((n, e) => n + e.bytes, 0),
      vanished,
    },
  };
  // Written last, whole or not at all: a folder without it is a backup that did not finish.
  const partial = path.join(opts.dir, `.${MANIFEST_FILE}.partial`);
  await fsp.writeFile(partial, `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
  await fsp.rename(partial, path.join(opts.dir, MANIFEST_FILE));
  return manifest;
}
