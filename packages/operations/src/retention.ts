import { sql } from 'kysely';
import { DELETION_GRACE_DAYS } from '@drape/contracts/auth';
import { QUALITY_KEEP, QUALITY_KEEP_FEMALE_FAIR } from '@drape/contracts/generation';
import type { Db } from '@drape/db';
import type { Storage } from '@drape/storage';
import { deleteImages } from './image-deletion';

/** Terms: generated images are deleted after 181 days unless saved (user-area §1, §9). */
export const RETENTION_DAYS = 181;
const CHUNK = 1000;

export interface DeletionReport {
  images: number;
  files: number;
  dryRun: boolean;
}

export type Progress = (done: number, total: number) => void;

/** Images a user or the product still shows: in a wardrobe, in the LookBook, or in the showcase. */
function unkept(eb: any) {
  // A showcase look is a LookBook look (migration 0013's trigger), so the status covers both.
  return eb.and([
    eb('gi.status', '!=', 'lookbook'),
    eb.not(eb.exists(eb.selectFrom('wardrobe_items as w').select(sql`1`.as('one')).whereRef('w.image_id', '=', 'gi.id'))),
  ]);
}

export async function deleteExpiredImages(db: Db, storage: Storage, opts: { dryRun?: boolean; now?: Date; onProgress?: Progress } = {}): Promise<DeletionReport> {
  const cutoff = new Date((opts.now ?? new Date()).getTime() - RETENTION_DAYS * 86_400_000);
  const base = () => db.selectFrom('generated_images as gi').where('gi.created_at', '<', cutoff).where(unkept);
  const { n: total, cards } = await base().select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.count<number>('gi.preview_key').as('cards')]).executeTakeFirstOrThrow();
  // Picture and thumbnail each, and the link-preview card of those that were shared.
  if (opts.dryRun) return { images: Number(total), files: Number(total) * 2 + Number(cards), dryRun: true };
  const report: DeletionReport = { images: 0, files: 0, dryRun: false };
  for (;;) {
    const ids = (await base().select('gi.id').orderBy('gi.created_at').limit(CHUNK).execute()).map((r) => r.id);
    if (ids.length === 0) break;
    const done = await deleteImages(db, storage, ids);
    report.images += done.deleted.length;
    report.files += done.files;
    opts.onProgress?.(report.images, Number(total));
    if (done.deleted.length === 0) break;
  }
  return report;
}

/**
 * Accounts 30 days after their deletion request are deleted with everything that is theirs: the
 * rows that cascade from the user, the mail sent to its address (kept by address, not by id), and
 * with `storage`, the photos of their pieces (private area; files after the rows, as every
 * deletion: a crash between leaves files no row names, which `drape check --repair` removes). The
 * accounts are locked first, so a piece cannot be added to one while its files are listed.
 */
export async function purgeDeletedAccounts(
  db: Db, opts: { dryRun?: boolean; now?: Date; storage?: Storage } = {},
): Promise<{ accounts: number; mails: number; dryRun: boolean; closetFiles?: number }> {
  const cutoff = new Date((opts.now ?? new Date()).getTime() - DELETION_GRACE_DAYS * 86_400_000);
  const due = db.selectFrom('users').where('deletion_requested_at', '<', cutoff);
  if (opts.dryRun) {
    const { n } = await due.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return { accounts: Number(n), mails: 0, dryRun: true };
  }
  const done = await db.transaction().execute(async (tx) => {
    const ids = (await tx.selectFrom('users').select('id').where('deletion_requested_at', '<', cutoff).forUpdate().execute()).map((u) => u.id);
    if (ids.length === 0) return { accounts: 0, mails: 0, files: [] as string[] };
    const pieces = await tx.deleteFrom('closet_pieces').where('user_id', 'in', ids).returning(['photo_key', 'thumbnail_key']).execute();
    const users = await tx.deleteFrom('users').where('id', 'in', ids).returning('email').execute();
    const emails = users.map((u) => u.email.toLowerCase());
    const mails = emails.length
      ? Number((await tx.deleteFrom('mail_outbox').where(sql`lower(recipient)`, 'in', emails).executeTakeFirst()).numDeletedRows)
      : 0;
    return { accounts: users.length, mails, files: pieces.flatMap((p) => [p.photo_key, p.thumbnail_key]) };
  });
  const storage = opts.storage;
  if (!storage) return { accounts: done.accounts, mails: done.mails, dryRun: false };
  for (const key of done.files) await storage.delete('private', key);
  return { accounts: done.accounts, mails: done.mails, dryRun: false, closetFiles: done.files.length };
}

export interface CleanupProgress {
  totalDeleted: number;
  femaleFairDeleted: number;
  othersDeleted: number;
}

/** The advisory lock a cleanup holds while it runs: one cleanup at a time across the cluster. */
export const CLEANUP_LOCK = 'drape-cleanup-low-quality';

/** Another cleanup is running (settings-and-admin §8: 'System is currently busy...'). */
export class OperationBusyError extends Error {
  constructor(operation: string) {
    super(`${operation} is already running`);
    this.name = 'OperationBusyError';
  }
}

/**
 * settings-and-admin §5: remove images under 65 (female, fair skin) or 70 (all others), unless kept.
 * One run at a time (the CLI's `cleanup` and the admin's button call this): a second one, from any
 * process, throws OperationBusyError at once instead of racing the first over the same rows.
 */
export async function cleanupLowQuality(db: Db, storage: Storage, opts: { dryRun?: boolean; onProgress?: Progress } = {}): Promise<CleanupProgress & { dryRun: boolean }> {
  // A session lock on a connection of its own, held while the deletions run on the pool: it
  // outlives their transactions, and a crashed process releases it with its connection.
  return db.connection().execute(async (conn) => {
    const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_lock(hashtext(${CLEANUP_LOCK})) as locked`.execute(conn);
    if (!rows[0]?.locked) throw new OperationBusyError('The low-quality cleanup');
    try {
      return await runCleanup(db, storage, opts);
    } finally {
      await sql`select pg_advisory_unlock(hashtext(${CLEANUP_LOCK}))`.execute(conn);
    }
  });
}

async function runCleanup(db: Db, storage: Storage, opts: { dryRun?: boolean; onProgress?: Progress }): Promise<CleanupProgress & { dryRun: boolean }> {
  const femaleFair = (eb: any) => eb.and([eb('gi.gender', '=', 'female'), eb('gi.skin_tone', '=', 'fair')]);
  const below = (eb: any) => eb.or([
    eb.and([femaleFair(eb), eb('gi.quality_score', '<', QUALITY_KEEP_FEMALE_FAIR)]),
    eb.and([eb.not(femaleFair(eb)), eb('gi.quality_score', '<', QUALITY_KEEP)]),
  ]);
  // A personal look (built around the user's own pieces) is made for one user, whatever it scores:
  // the stock's quality bar is not its bar, so the cleanup leaves it to retention.
  const base = () => db.selectFrom('generated_images as gi').where(below).where(unkept).where('gi.personal', '=', false);
  const counts = await base()
    .select((eb) => [eb.fn.countAll<number>().as('n'), sql<number>`count(*) filter (where gi.gender = 'female' and gi.skin_tone = 'fair')`.as('ff')])
    .executeTakeFirstOrThrow();
  const total = Number(counts.n);
  if (opts.dryRun) return { totalDeleted: total, femaleFairDeleted: Number(counts.ff), othersDeleted: total - Number(counts.ff), dryRun: true };
  const progress: CleanupProgress = { totalDeleted: 0, femaleFairDeleted: 0, othersDeleted: 0 };
  for (;;) {
    const rows = await base().select('gi.id').limit(CHUNK).execute();
    if (rows.length === 0) break;
    // Counted from what was deleted: a look saved meanwhile stays, and is not counted.
    const { deleted } = await deleteImages(db, storage, rows.map((r) => r.id));
    const ff = deleted.filter((r) => r.gender === 'female' && r.skin_tone === 'fair').length;
    progress.totalDeleted += deleted.length;
    progress.femaleFairDeleted += ff;
    progress.othersDeleted += deleted.length - ff;
    opts.onProgress?.(progress.totalDeleted, total);
    if (deleted.length === 0) break;
  }
  return { ...progress, dryRun: false };
}
