import type { Readable } from 'node:stream';
import { sql } from 'kysely';
import { compose, enhancedPrompt, hashSeed, lookPrompt, IMAGE_HEIGHT, IMAGE_WIDTH } from '@drape/atelier';
import { parseCombinationCode, type ColorFamily } from '@drape/contracts';
import { BLOCKED_CLEANUP_AFTER_DAYS, type BlockedStats } from '@drape/contracts/admin';
import type { BlockedPiece, Db } from '@drape/db';
import type { Storage } from '@drape/storage';
import { restoreBlocked, settle } from '@drape/looks';
import { aiMarkOf } from './ai-mark';
import { lookKeys, pieceRows, thumbnailOf } from './look-files';

/**
 * The blocked images the pipeline keeps for review (pipeline/src/generate-job.ts: a row in
 * blocked_images, the picture in the private area): their counts, a review, a restore into the
 * inventory and the cleanup. The admin API and `npm run drape -- blocked` call these.
 */
export type BlockedImageErrorCode = 'not_found' | 'not_restorable' | 'not_pending';

export class BlockedImageError extends Error {
  constructor(readonly code: BlockedImageErrorCode) {
    super(code === 'not_found' ? 'No such blocked image.' : code === 'not_restorable' ? 'This image is no longer available for restoration.' : 'This image has already been reviewed.');
    this.name = 'BlockedImageError';
  }
}

/** Who reviews, and what they noted (null: no notes). */
export interface BlockedReview {
  reviewer: string;
  notes: string | null;
}

/** Rows the cleanup deletes: rejected ones, and the other reviewed ones some days after their review. */
function eligibleForCleanup(now: Date) {
  const cutoff = new Date(now.getTime() - BLOCKED_CLEANUP_AFTER_DAYS * 86_400_000);
  return sql<boolean>`(admin_review_status = 'rejected' or (admin_review_status in ('approved', 'restored') and reviewed_at < ${cutoff}))`;
}

export async function blockedStats(db: Db, now = new Date()): Promise<BlockedStats> {
  const r = await db
    .selectFrom('blocked_images')
    .select([
      sql<string>`count(*)`.as('total'),
      sql<string>`count(*) filter (where admin_review_status = 'pending')`.as('pending'),
      sql<string>`count(*) filter (where admin_review_status = 'approved')`.as('approved'),
      sql<string>`count(*) filter (where admin_review_status = 'rejected')`.as('rejected'),
      sql<string>`count(*) filter (where admin_review_status = 'restored')`.as('restored'),
      sql<string>`count(*) filter (where ${eligibleForCleanup(now)})`.as('eligible'),
    ])
    .executeTakeFirstOrThrow();
  return {
    total: Number(r.total), pending: Number(r.pending), approved: Number(r.approved), rejected: Number(r.rejected),
    restored: Number(r.restored), eligibleForCleanup: Number(r.eligible),
  };
}

/** Approves or rejects a pending image (its picture stays private until the cleanup). */
export async function reviewBlockedImage(db: Db, id: string, status: 'approved' | 'rejected', review: BlockedReview): Promise<{ id: string; status: string }> {
  const row = await db
    .updateTable('blocked_images')
    .set({ admin_review_status: status, admin_reviewer: review.reviewer, reviewed_at: new Date(), admin_notes: review.notes })
    .where('id', '=', id)
    .where('admin_review_status', '=', 'pending')
    .returning(['id', 'admin_review_status'])
    .executeTakeFirst();
  if (row) return { id: row.id, status: row.admin_review_status };
  const exists = await db.selectFrom('blocked_images').select('id').where('id', '=', id).executeTakeFirst();
  throw new BlockedImageError(exists ? 'not_pending' : 'not_found');
}

async function readBody(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

export interface RestoreResult {
  id: string;
  imageId: string;
  combinationCode: string;
}

/**
 * Puts a pending blocked image back into the inventory as a viewable look of its combination: the
 * picture moves from the private to the public area (with a thumbnail made as the pipeline makes
 * it), the look's row gets the pieces, prompt and scores kept when it was refused (rows blocked
 * before they were kept get their pieces composed again from the combination), the combination's
 * image count grows by one, and the blocked row is marked restored. Files are written before the
 * rows that point at them and the private file is removed only after they commit, as the pipeline
 * does: a crash leaves at worst an unreferenced file.
 */
export async function restoreBlockedImage(db: Db, storage: Storage, id: string, review: BlockedReview): Promise<RestoreResult> {
  const row = await db.selectFrom('blocked_images').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new BlockedImageError('not_found');
  if (row.admin_review_status !== 'pending' || !row.storage_key) throw new BlockedImageError('not_restorable');
  const combination = parseCombinationCode(row.combination_code);
  const file = await storage.get('private', row.storage_key);
  if (!combination || !file) {
    file?.body.destroy();
    throw new BlockedImageError('not_restorable');
  }
  const image = await readBody(file.body);

  const seed = row.seed ?? hashSeed(row.job_id) >>> 0;
  const look = row.pieces && row.prompt ? null : compose(combination, seed);
  const pieces: BlockedPiece[] = row.pieces ?? pieceRows(look!);
  const prompt = row.prompt ?? lookPrompt(look!);
  const colorFamilies = row.color_families ?? [...new Set(pieces.map((p) => p.color_family))] as ColorFamily[];
  const breakdown = row.quality ?? {};

  // Named by the blocked row, not its job: the job may have stored another attempt under its own id.
  const jobId = `restored-${row.id}`;
  const { key, thumbKey } = lookKeys(jobId);
  await storage.put('public', key, image);
  await storage.put('public', thumbKey, await thumbnailOf(image, aiMarkOf(row.provider ?? 'unknown')));

  try {
    const restored = await restoreBlocked(db, id, {
      row: {
        job_id: jobId, combination_code: row.combination_code, gender: row.gender, selection_kind: row.selection_kind, selection_id: row.selection_id,
        style_vibe: row.style_vibe, body_shape: row.body_shape, skin_tone: row.skin_tone,
        storage_key: key, thumb_key: thumbKey, width: IMAGE_WIDTH, height: IMAGE_HEIGHT, bytes: image.length,
        quality_score: row.quality_score ?? 0, quality: JSON.stringify(breakdown), safety_score: row.safety_score ?? 0,
        color_families: colorFamilies, seed, prompt, provider: row.provider ?? 'unknown', stylist_note: row.stylist_note,
        // A refused look built around someone's own piece stays theirs: never stock once restored.
        personal: pieces.some((p) => p.owned),
        // The private picture was marked by the pipeline as it was refused, the thumbnail just now.
        ai_marked: true,
      },
      pieces,
      combination: { enhancedPrompt: enhancedPrompt(combination) },
    }, review);
    if (!restored) throw new BlockedImageError('not_restorable');
    settle(db, restored.change);
    const imageId = restored.imageId;
    await storage.delete('private', row.storage_key);
    return { id, imageId, combinationCode: row.combination_code };
  } catch (err) {
    // Another restore of the same row won the race: its look uses these very files; anything else
    // (reviewed meanwhile, a failed insert) leaves them unreferenced.
    const now = await db.selectFrom('blocked_images').select('admin_review_status').where('id', '=', id).executeTakeFirst();
    if (now?.admin_review_status !== 'restored') {
      await storage.delete('public', key);
      await storage.delete('public', thumbKey);
    }
    throw err;
  }
}

/**
 * Deletes the blocked images eligible for cleanup (rejected, or reviewed more than
 * BLOCKED_CLEANUP_AFTER_DAYS ago), rows first and then their private files: a crash in between
 * leaves at worst an unreferenced file, never a row without its picture.
 */
export async function cleanupBlockedImages(db: Db, storage: Storage, opts: { dryRun?: boolean; now?: Date } = {}): Promise<{ deletedCount: number; files: number; dryRun: boolean }> {
  const now = opts.now ?? new Date();
  if (opts.dryRun) {
    const { n } = await db.selectFrom('blocked_images').select(sql<string>`count(*)`.as('n')).where(eligibleForCleanup(now)).executeTakeFirstOrThrow();
    return { deletedCount: Number(n), files: 0, dryRun: true };
  }
  const rows = await db.deleteFrom('blocked_images').where(eligibleForCleanup(now)).returning('storage_key').execute();
  let files = 0;
  for (const r of rows) {
    if (!r.storage_key) continue;
    await storage.delete('private', r.storage_key);
    files += 1;
  }
  return { deletedCount: rows.length, files, dryRun: false };
}
