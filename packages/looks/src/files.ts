import type { Db } from '@drape/db';

/**
 * What a look's row says about its files beyond the picture and thumbnail it is inserted with
 * (docs/decisions/0031): its link-preview card and whether its files carry the AI mark.
 */

/**
 * Names the look's link-preview card, once: false when the look is gone (deleted meanwhile: the
 * caller removes the file it wrote) or already has one (a concurrent share wrote the same key).
 */
export async function attachPreview(db: Db, id: string, previewKey: string): Promise<boolean> {
  const r = await db.updateTable('generated_images').set({ preview_key: previewKey }).where('id', '=', id).where('preview_key', 'is', null).executeTakeFirst();
  return r.numUpdatedRows > 0n;
}

/** A look whose files were stored before the AI mark (migration 0025): what `drape ai-mark` rewrites. */
export interface UnmarkedLook {
  id: string;
  storage_key: string;
  thumb_key: string;
  provider: string;
}

/** The next unmarked looks after `afterId`, in id order (a resumable walk: marked ones leave the list). */
export function unmarkedLooks(db: Db, afterId: string | null, limit: number): Promise<UnmarkedLook[]> {
  let q = db.selectFrom('generated_images').select(['id', 'storage_key', 'thumb_key', 'provider']).where('ai_marked', '=', false).orderBy('id').limit(limit);
  if (afterId) q = q.where('id', '>', afterId);
  return q.execute();
}

export async function countUnmarkedLooks(db: Db): Promise<number> {
  const r = await db.selectFrom('generated_images').select((eb) => eb.fn.countAll<string>().as('n')).where('ai_marked', '=', false).executeTakeFirstOrThrow();
  return Number(r.n);
}

/** The look's files now carry the mark; `bytes` is its rewritten picture's size. */
export async function markedLook(db: Db, id: string, bytes: number): Promise<void> {
  await db.updateTable('generated_images').set({ ai_marked: true, bytes }).where('id', '=', id).execute();
}
