import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { checkMigrationLevel, DatabaseLoadRefused, loadIntoEmptyDatabase, tablesIn, type Db } from '@drape/db';
import { assertStorageKey, STORAGE_AREAS, type Storage } from '@drape/storage';
import {
  BACKUP_FORMAT, BACKUP_FORMAT_VERSION, BackupError, IMAGES_DIR, MANIFEST_FILE, imageEntrySchema, manifestSchema,
  type BackupManifest, type ImageEntry,
} from './backup-manifest';
import { cancelBatch } from './batch';
import { digestFile, digestOf, eachLimited } from './file-digest';

/**
 * `npm run drape -- restore DIR`: a backup brought back into an empty database and an empty image
 * store (docs/decisions/0021-backups.md). Everything is checked before anything is changed: the
 * manifest, the migration level, that both targets are empty, and every file's size and checksum.
 * Then the images are stored, and last the database is loaded in one transaction, so that when
 * its rows appear every file they name is there; a failure removes the images it stored and rolls
 * the database back, leaving both targets empty again.
 */
export type RestorePhase = 'verify' | 'images' | 'tables';

export interface RestoreOptions {
  /** The database to fill: reachable, and empty (no tables). */
  url: string;
  /** The image store to fill: empty. */
  storage: Storage;
  dir: string;
  onProgress?: (phase: RestorePhase, done: number, total: number) => void;
}

export interface RestoreSummary {
  manifest: BackupManifest;
  rows: number;
  images: number;
  /** Batches that were running when the backup was taken: their queued steps are not in a backup. */
  batchesCancelled: number;
  /** Generations in flight when the backup was taken, whose reservations were released. */
  reservationsReleased: number;
}

const IMAGE_LANES = 8;

export async function readManifest(dir: string): Promise<BackupManifest> {
  let text: string;
  try {
    text = await fsp.readFile(path.join(dir, MANIFEST_FILE), 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new BackupError(`${dir} has no ${MANIFEST_FILE}: it is not a Drape backup, or a backup that did not finish.`);
    }
    throw err;
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new BackupError(`${path.join(dir, MANIFEST_FILE)} is not valid JSON: the backup is damaged.`);
  }
  const head = raw as { format?: unknown; formatVersion?: unknown };
  if (head?.format !== BACKUP_FORMAT) throw new BackupError(`${path.join(dir, MANIFEST_FILE)} is not the manifest of a Drape backup.`);
  if (head.formatVersion !== BACKUP_FORMAT_VERSION) {
    throw new BackupError(`The backup is in format ${String(head.formatVersion)}; this version of Drape reads format ${BACKUP_FORMAT_VERSION}.`);
  }
  const parsed = manifestSchema.safeParse(raw);
  if (!parsed.success) {
    throw new BackupError(`${path.join(dir, MANIFEST_FILE)} is damaged: ${parsed.error.issues.slice(0, 3).map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}.`);
  }
  return parsed.data;
}

/** A file of the backup, refused if its name would lead out of the backup's folder. */
function inside(dir: string, file: string): string {
  const root = path.resolve(dir);
  const full = path.resolve(root, file);
  if (!full.startsWith(`${root}${path.sep}`)) throw new BackupError(`The manifest names a file outside the backup: ${file}.`);
  return full;
}

async function checkFile(dir: string, entry: { file: string; bytes: number; sha256: string }): Promise<void> {
  let found;
  try {
    found = await digestFile(inside(dir, entry.file));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new BackupError(`The backup is missing ${entry.file}.`);
    throw err;
  }
  if (found.bytes !== entry.bytes || found.sha256 !== entry.sha256) {
    throw new BackupError(`${entry.file} does not match its checksum in the manifest: the backup is damaged.`);
  }
}

async function readImageIndex(dir: string, manifest: BackupManifest): Promise<ImageEntry[]> {
  const lines = (await fsp.readFile(inside(dir, manifest.images.index.file), 'utf8')).split('\n').filter(Boolean);
  const entries = lines.map((line, i) => {
    let raw: unknown;
    try {
      raw = JSON.parse(line);
    } catch {
      raw = null;
    }
    const parsed = imageEntrySchema.safeParse(raw);
    if (!parsed.success) throw new BackupError(`${manifest.images.index.file}, line ${i + 1}, is not an image entry.`);
    // The index names files of the backup and objects of the store: each key must be a storage key.
    assertStorageKey(parsed.data.key);
    return parsed.data;
  });
  const bytes = entries.reduce((n, e) => n + e.bytes, 0);
  if (entries.length !== manifest.images.count || bytes !== manifest.images.bytes) {
    throw new BackupError(`${manifest.images.index.file} lists ${entries.length} images (${bytes} bytes) where the manifest says ${manifest.images.count} (${manifest.images.bytes} bytes).`);
  }
  return entries;
}

const imageFile = (dir: string, e: ImageEntry) => inside(dir, path.join(IMAGES_DIR, e.area, e.key));

/** Every file against the manifest, before anything is changed. */
async function verify(dir: string, manifest: BackupManifest, onProgress: RestoreOptions['onProgress']): Promise<ImageEntry[]> {
  await checkFile(dir, manifest.images.index);
  const images = await readImageIndex(dir, manifest);
  const total = manifest.database.tables.length + images.length;
  let done = 0;
  onProgress?.('verify', 0, total);
  for (const table of manifest.database.tables) {
    await checkFile(dir, table);
    onProgress?.('verify', ++done, total);
  }
  await eachLimited(images, IMAGE_LANES, async (e) => {
    await checkFile(dir, { file: path.relative(dir, imageFile(dir, e)), bytes: e.bytes, sha256: e.sha256 });
    onProgress?.('verify', ++done, total);
  });
  return images;
}

async function refuseUnlessEmpty(url: string, storage: Storage): Promise<void> {
  for (const area of STORAGE_AREAS) {
    for await (const page of storage.list(area)) {
      if (page.length > 0) {
        throw new BackupError(`The image store is not empty (${area} area: ${page[0]!.key}, ...): restore into an empty DATA_DIR or an empty bucket prefix.`);
      }
    }
  }
  const tables = await tablesIn(url);
  if (tables.length > 0) {
    throw new BackupError(`The database is not empty (${tables.length} tables, such as ${tables.slice(0, 3).join(', ')}): restore into a new, empty database (a fresh DATA_DIR, or an empty DATABASE_URL).`);
  }
}

/** What was in flight at the backup: its pg-boss jobs are not in a backup (decision 21). */
async function settleInFlight(db: Db): Promise<{ batchesCancelled: number; reservationsReleased: number }> {
  const batchesCancelled = await cancelBatch(db);
  const released = await db.updateTable('daily_usage').set({ reserved: 0 }).where('reserved', '>', 0).executeTakeFirst();
  return { batchesCancelled, reservationsReleased: Number(released.numUpdatedRows) };
}

export async function restoreBackup(opts: RestoreOptions): Promise<RestoreSummary> {
  const { dir, storage, onProgress } = opts;
  const manifest = await readManifest(dir);
  try {
    checkMigrationLevel(manifest.database.migrations);
  } catch (err) {
    if (err instanceof DatabaseLoadRefused) throw new BackupError(err.message);
    throw err;
  }
  await refuseUnlessEmpty(opts.url, storage);
  const images = await verify(dir, manifest, onProgress);

  const stored: ImageEntry[] = [];
  try {
    let done = 0;
    onProgress?.('images', 0, images.length);
    await eachLimited(images, IMAGE_LANES, async (e) => {
      const data = await fsp.readFile(imageFile(dir, e));
      // Checked a moment ago; checked again as read, since it is what goes into the store.
      const found = digestOf(data);
      if (found.sha256 !== e.sha256) throw new BackupError(`${e.area}/${e.key} changed while the restore ran.`);
      stored.push(e);
      await storage.put(e.area, e.key, data);
      onProgress?.('images', ++done, images.length);
    });
    let settled = { batchesCancelled: 0, reservationsReleased: 0 };
    const { rows } = await loadIntoEmptyDatabase(opts.url, {
      migrations: manifest.database.migrations,
      tables: manifest.database.tables.map((t) => ({
        name: t.name,
        columns: t.columns,
        rows: t.rows,
        open: () => {
          const rows = createGunzip();
          // A read error reaches the load through the gunzip stream it destroys.
          pipeline(fs.createReadStream(inside(dir, t.file)), rows).catch(() => {});
          return rows;
        },
      })),
      sequences: manifest.database.sequences,
      onRows: (d, total) => onProgress?.('tables', d, total),
      afterLoad: async (db) => {
        settled = await settleInFlight(db);
      },
    });
    return { manifest, rows, images: images.length, ...settled };
  } catch (err) {
    // Leave the store as empty as it was found.
    await eachLimited(stored, IMAGE_LANES, (e) => storage.delete(e.area, e.key)).catch(() => {});
    if (err instanceof DatabaseLoadRefused) throw new BackupError(err.message);
    throw err;
  }
}
