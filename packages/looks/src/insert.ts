import type { Insertable } from 'kysely';
import type { BlockedPiece, Database, Db } from '@drape/db';
import type { LookChange } from './status';

/** The public keys of a look's picture, thumbnail and link-preview card, named by the job that made it. */
export function lookKeys(jobId: string): { key: string; thumbKey: string; previewKey: string } {
  return { key: `looks/${jobId}.webp`, thumbKey: `looks/${jobId}.thumb.webp`, previewKey: `looks/${jobId}.preview.jpg` };
}

/**
 * A new look's row as its maker gives it. It always enters the inventory as viewable: a look
 * reaches the LookBook, the showcase or the archive only by a status change (status.ts).
 */
export type NewLookRow = Omit<Insertable<Database['generated_images']>, 'status' | 'in_showcase' | 'showcase_at' | 'lookbook_at' | 'curated_by'>;

export interface NewLook {
  row: NewLookRow;
  /** Its pieces, in order. */
  pieces: readonly BlockedPiece[];
  /** Its combination's row, made when the look is the combination's first (inactive: not in any batch). */
  combination: { enhancedPrompt: string; active?: boolean };
}

/**
 * The one insert of a look: its combination when new, the row, its pieces. The pipeline's generate
 * job, an admin's restore of a blocked image and the test factory (makeLook) all store a look
 * through here. Idempotent by job id: a second insert of the same job keeps the first look
 * (`inserted: false`, its id). Call it inside the caller's transaction when other rows must commit
 * with the look (the job's outcome).
 */
export async function insertLook(tx: Db, look: NewLook): Promise<{ id: string; inserted: boolean; change: LookChange }> {
  const r = look.row;
  await tx
    .insertInto('combinations')
    .values({
      code: r.combination_code, gender: r.gender, selection_kind: r.selection_kind, selection_id: r.selection_id,
      style_vibe: r.style_vibe ?? null, body_shape: r.body_shape ?? null, skin_tone: r.skin_tone ?? null,
      enhanced_prompt: look.combination.enhancedPrompt, active: look.combination.active ?? false,
    })
    .onConflict((oc) => oc.column('code').doNothing())
    .execute();
  const row = await tx.insertInto('generated_images').values(r).onConflict((oc) => oc.column('job_id').doNothing()).returning('id').executeTakeFirst();
  if (!row) {
    // A concurrent run of the same job committed first: keep its look.
    const existing = await tx.selectFrom('generated_images').select('id').where('job_id', '=', r.job_id).executeTakeFirstOrThrow();
    return { id: existing.id, inserted: false, change: { action: 'insert', looks: [] } };
  }
  if (look.pieces.length > 0) {
    await tx.insertInto('fashion_items').values(look.pieces.map((p, position) => ({ ...p, image_id: row.id, position }))).execute();
  }
  return { id: row.id, inserted: true, change: newLookChange(row.id, 'gone') };
}

function newLookChange(id: string, from: 'gone' | 'blocked'): LookChange {
  return { action: from === 'blocked' ? 'restoreBlocked' : 'insert', looks: [{ id, from: { status: from, inShowcase: false }, to: { status: 'viewable', inShowcase: false } }] };
}

export interface BlockedReviewer {
  reviewer: string;
  notes: string | null;
}

/**
 * A pending blocked image becomes a viewable look of its combination, in one transaction: the
 * look's rows (insertLook) and the blocked row marked restored, pointing at it. Null when the
 * blocked row is no longer pending (reviewed or restored meanwhile): nothing is written. The
 * caller has written the look's files before, and removes the private one after.
 */
export async function restoreBlocked(db: Db, blockedId: string, look: NewLook, review: BlockedReviewer): Promise<{ imageId: string; change: LookChange } | null> {
  return db.transaction().execute(async (tx) => {
    const current = await tx.selectFrom('blocked_images').select('admin_review_status').where('id', '=', blockedId).forUpdate().executeTakeFirst();
    if (current?.admin_review_status !== 'pending') return null;
    const { id } = await insertLook(tx, look);
    // combinations.image_count follows by trigger (migration 0011).
    await tx
      .updateTable('blocked_images')
      .set({ admin_review_status: 'restored', admin_reviewer: review.reviewer, reviewed_at: new Date(), admin_notes: review.notes, storage_key: null, restored_image_id: id })
      .where('id', '=', blockedId)
      .execute();
    return { imageId: id, change: newLookChange(id, 'blocked') };
  });
}
