import { sql } from 'kysely';
import type { Db } from '@drape/db';
import { archive, settle } from '@drape/looks';
import type { Storage, StorageArea } from '@drape/storage';
import { deleteImages } from './image-deletion';
import { aiMarkOf } from './ai-mark';
import { thumbnailOf } from './look-files';

/**
 * Whether the image store and the rows that point into it agree (`npm run drape -- check`): every
 * look row has its picture and thumbnail in the public area, every blocked row that names a file
 * has it in the private area, and every file of either area belongs to a row (a closet piece's
 * photo and thumbnail, in the private area, to its piece's row). A store that failed
 * while a look was stored, a crash between writing a file and its row, or a restore from backups
 * taken apart leaves them disagreeing; `repair` mends what it finds:
 *
 * - a look whose thumbnail alone is gone gets it made again from the picture;
 * - a look whose picture is gone can never be shown: it is deleted (its views, shares and pieces
 *   go with it, as retention deletes), unless a wardrobe keeps it, where it is archived instead
 *   (out of Get My Look, the LookBook and the showcase; the owner keeps the entry and its note),
 *   and counted apart from then on;
 * - a blocked row whose file is gone keeps its record but names no file (it can no longer be
 *   restored, as the admin screen then says);
 * - a file no row names is removed, unless it was written within the grace period: a job in
 *   flight writes its files before the row that points at them.
 */

/** A file younger than this may belong to a job still storing its look: never called an orphan. */
export const ORPHAN_GRACE_MS = 60 * 60 * 1000;

const PAGE = 500;
/** Files are checked this many at a time (a stat on disk, a HEAD on S3). */
const CONCURRENCY = 16;

export type IntegrityProblemKind = 'look_without_picture' | 'look_without_thumbnail' | 'blocked_without_file' | 'file_without_row';

export interface IntegrityProblem {
  kind: IntegrityProblemKind;
  area: StorageArea;
  key: string;
  /** The look or blocked row, for the problems of a row. */
  rowId?: string;
}

export interface IntegrityReport {
  checked: { looks: number; blocked: number; pieces: number; files: number };
  found: Record<IntegrityProblemKind, number>;
  /** Files without a row that are younger than the grace period: left alone. */
  recentFiles: number;
  /**
   * Archived looks without their picture: what repair leaves of a lost look a wardrobe keeps
   * (known, and nothing more to mend short of taking it from its owner).
   */
  archivedWithoutPicture: number;
  /**
   * My Pieces whose photo or thumbnail is gone (ids): a user's own data, which repair never takes
   * and cannot make again; the owner sees the piece without its picture and can upload it anew.
   */
  piecesWithoutPhoto: string[];
  /** The first problems found, to show. */
  samples: IntegrityProblem[];
  /** What repair did (absent without repair). */
  repaired?: { thumbnailsMade: number; looksDeleted: number; looksArchived: number; blockedCleared: number; filesRemoved: number };
}

export interface IntegrityOptions {
  repair?: boolean;
  graceMs?: number;
  now?: Date;
  onProgress?: (phase: 'looks' | 'blocked' | 'pieces' | 'files', done: number, total: number) => void;
}

const SAMPLES = 20;

/** Runs `fn` over the items, `CONCURRENCY` at a time. */
async function eachLimited<T>(items: T[], fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, items.length) }, lane));
}

/** Which of the keys exist in the area (each asked once). */
async function existing(storage: Storage, area: StorageArea, keys: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  await eachLimited([...new Set(keys)], async (key) => {
    if (await storage.exists(area, key)) found.add(key);
  });
  return found;
}

async function readAll(storage: Storage, key: string): Promise<Buffer | null> {
  const file = await storage.get('public', key);
  if (!file) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of file.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The job id a stored file is named by (lookKeys, storeBlocked), or null for another layout. */
export function jobIdOfKey(area: StorageArea, key: string): string | null {
  const m = area === 'public' ? /^looks\/(.+?)(\.thumb)?\.webp$/.exec(key) : /^blocked\/(.+)\.webp$/.exec(key);
  return m ? m[1]! : null;
}

export async function checkStoreIntegrity(db: Db, storage: Storage, opts: IntegrityOptions = {}): Promise<IntegrityReport> {
  const graceMs = opts.graceMs ?? ORPHAN_GRACE_MS;
  const now = (opts.now ?? new Date()).getTime();
  const report: IntegrityReport = {
    checked: { looks: 0, blocked: 0, pieces: 0, files: 0 },
    found: { look_without_picture: 0, look_without_thumbnail: 0, blocked_without_file: 0, file_without_row: 0 },
    recentFiles: 0,
    archivedWithoutPicture: 0,
    piecesWithoutPhoto: [],
    samples: [],
    ...(opts.repair ? { repaired: { thumbnailsMade: 0, looksDeleted: 0, looksArchived: 0, blockedCleared: 0, filesRemoved: 0 } } : {}),
  };
  const problem = (p: IntegrityProblem) => {
    report.found[p.kind]++;
    if (report.samples.length < SAMPLES) report.samples.push(p);
  };
  const count = async (table: 'generated_images' | 'blocked_images' | 'closet_pieces') =>
    Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

  // 1. Looks: each row's picture and thumbnail, a page at a time in id order.
  const looks = await count('generated_images');
  let after: string | null = null;
  for (;;) {
    let q = db.selectFrom('generated_images').select(['id', 'storage_key', 'thumb_key', 'status', 'provider']).orderBy('id').limit(PAGE);
    if (after) q = q.where('id', '>', after);
    const rows = await q.execute();
    if (rows.length === 0) break;
    after = rows[rows.length - 1]!.id;
    const present = await existing(storage, 'public', rows.flatMap((r) => [r.storage_key, r.thumb_key]));
    const pictureless: string[] = [];
    for (const r of rows) {
      if (!present.has(r.storage_key) && r.status === 'archived') {
        report.archivedWithoutPicture++;
      } else if (!present.has(r.storage_key)) {
        problem({ kind: 'look_without_picture', area: 'public', key: r.storage_key, rowId: r.id });
        pictureless.push(r.id);
      } else if (!present.has(r.thumb_key)) {
        problem({ kind: 'look_without_thumbnail', area: 'public', key: r.thumb_key, rowId: r.id });
        if (report.repaired) {
          const picture = await readAll(storage, r.storage_key);
          if (picture) {
            await storage.put('public', r.thumb_key, await thumbnailOf(picture, aiMarkOf(r.provider)));
            report.repaired.thumbnailsMade++;
          }
        }
      }
    }
    if (report.repaired && pictureless.length) {
      // Deleted unless a wardrobe keeps it (deleteImages leaves those); those are archived.
      const { deleted } = await deleteImages(db, storage, pictureless);
      report.repaired.looksDeleted += deleted.length;
      const gone = new Set(deleted.map((d) => d.id));
      const kept = pictureless.filter((id) => !gone.has(id));
      if (kept.length) {
        const change = await archive(db, kept);
        settle(db, change);
        report.repaired.looksArchived += change.looks.length;
      }
    }
    report.checked.looks += rows.length;
    opts.onProgress?.('looks', report.checked.looks, Math.max(looks, report.checked.looks));
  }

  // 2. Blocked images that name a file in the private area.
  const blocked = await count('blocked_images');
  after = null;
  for (;;) {
    let q = db.selectFrom('blocked_images').select(['id', 'storage_key']).where('storage_key', 'is not', null).orderBy('id').limit(PAGE);
    if (after) q = q.where('id', '>', after);
    const rows = await q.execute();
    if (rows.length === 0) break;
    after = rows[rows.length - 1]!.id;
    const present = await existing(storage, 'private', rows.map((r) => r.storage_key!));
    const lost = rows.filter((r) => !present.has(r.storage_key!));
    for (const r of lost) problem({ kind: 'blocked_without_file', area: 'private', key: r.storage_key!, rowId: r.id });
    if (report.repaired && lost.length) {
      for (const r of lost) {
        // Only if it still names that file (an admin's restore may have moved it meanwhile).
        const res = await db.updateTable('blocked_images').set({ storage_key: null }).where('id', '=', r.id).where('storage_key', '=', r.storage_key).executeTakeFirst();
        report.repaired.blockedCleared += Number(res.numUpdatedRows);
      }
    }
    report.checked.blocked += rows.length;
    opts.onProgress?.('blocked', report.checked.blocked, Math.max(blocked, report.checked.blocked));
  }

  // 3. My Pieces: each piece's photo and thumbnail in the private area (reported, never mended).
  const pieces = await count('closet_pieces');
  after = null;
  for (;;) {
    let q = db.selectFrom('closet_pieces').select(['id', 'photo_key', 'thumbnail_key']).orderBy('id').limit(PAGE);
    if (after) q = q.where('id', '>', after);
    const rows = await q.execute();
    if (rows.length === 0) break;
    after = rows[rows.length - 1]!.id;
    const present = await existing(storage, 'private', rows.flatMap((r) => [r.photo_key, r.thumbnail_key]));
    for (const r of rows) if (!present.has(r.photo_key) || !present.has(r.thumbnail_key)) report.piecesWithoutPhoto.push(r.id);
    report.checked.pieces += rows.length;
    opts.onProgress?.('pieces', report.checked.pieces, Math.max(pieces, report.checked.pieces));
  }

  // 4. Files: each must be named by a row. Files are named by their job (an indexed column), so
  // most are matched through it; the rest (a seeded clone sharing its original's files) by key.
  const expectedFiles = looks * 2 + blocked + pieces * 2;
  for (const area of ['public', 'private'] as const) {
    for await (const page of storage.list(area)) {
      const old = page.filter((f) => now - f.lastModified.getTime() >= graceMs);
      report.recentFiles += page.length - old.length;
      const named = await namedByRows(db, area, old.map((f) => f.key));
      for (const f of old) {
        if (named.has(f.key)) continue;
        problem({ kind: 'file_without_row', area, key: f.key });
        if (report.repaired) {
          // Looked for again just before: a row may have come since the page was read.
          if ((await namedByRows(db, area, [f.key])).size > 0) continue;
          await storage.delete(area, f.key);
          report.repaired.filesRemoved++;
        }
      }
      report.checked.files += page.length;
      opts.onProgress?.('files', report.checked.files, Math.max(expectedFiles, report.checked.files));
    }
  }
  return report;
}

/** Which of the keys some row names. */
async function namedByRows(db: Db, area: StorageArea, keys: string[]): Promise<Set<string>> {
  const named = new Set<string>();
  if (keys.length === 0) return named;
  const jobIds = [...new Set(keys.map((k) => jobIdOfKey(area, k)).filter((j): j is string => j !== null))];
  if (jobIds.length) {
    if (area === 'public') {
      const rows = await db.selectFrom('generated_images').select(['storage_key', 'thumb_key', 'preview_key']).where('job_id', 'in', jobIds).execute();
      for (const r of rows) named.add(r.storage_key).add(r.thumb_key).add(r.preview_key ?? r.storage_key);
    } else {
      const rows = await db.selectFrom('blocked_images').select('storage_key').where('job_id', 'in', jobIds).execute();
      for (const r of rows) if (r.storage_key) named.add(r.storage_key);
    }
  }
  const rest = keys.filter((k) => !named.has(k));
  if (rest.length === 0) return named;
  if (area === 'public') {
    const rows = await db
      .selectFrom('generated_images')
      .select(['storage_key', 'thumb_key', 'preview_key'])
      .where((eb) => eb.or([eb('storage_key', '=', sql<string>`any(${sql.val(rest)})`), eb('thumb_key', '=', sql<string>`any(${sql.val(rest)})`), eb('preview_key', '=', sql<string>`any(${sql.val(rest)})`)]))
      .execute();
    for (const r of rows) named.add(r.storage_key).add(r.thumb_key).add(r.preview_key ?? r.storage_key);
  } else {
    const rows = await db.selectFrom('blocked_images').select('storage_key').where('storage_key', '=', sql<string>`any(${sql.val(rest)})`).execute();
    for (const r of rows) if (r.storage_key) named.add(r.storage_key);
    // The users' photos of their pieces (My Pieces, migration 0026): a photo and its thumbnail.
    const pieces = await db
      .selectFrom('closet_pieces')
      .select(['photo_key', 'thumbnail_key'])
      .where((eb) => eb.or([eb('photo_key', '=', sql<string>`any(${sql.val(rest)})`), eb('thumbnail_key', '=', sql<string>`any(${sql.val(rest)})`)]))
      .execute();
    for (const p of pieces) named.add(p.photo_key).add(p.thumbnail_key);
  }
  return named;
}
