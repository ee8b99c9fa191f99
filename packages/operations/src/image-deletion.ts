import type { Db } from '@drape/db';
import { deleteLooks, settle } from '@drape/looks';
import type { Storage } from '@drape/storage';

/** A deleted look, as the callers count it. */
export interface DeletedImage {
  id: string;
  gender: string;
  skin_tone: string | null;
}

/**
 * Deletes the given looks, rows first (@drape/looks' deleteLooks: never one in anybody's wardrobe,
 * even if it was saved after the caller chose it), then their files, picture, thumbnail and link-preview card: a crash
 * in between leaves at worst an unreferenced file, never a row that points at nothing. The one
 * deletion of retention, the low-quality cleanup and the admin's permanent delete.
 */
export async function deleteImages(db: Db, storage: Storage, ids: readonly string[]): Promise<{ deleted: DeletedImage[]; files: number }> {
  if (ids.length === 0) return { deleted: [], files: 0 };
  const { change, deleted } = await deleteLooks(db, ids);
  settle(db, change);
  let files = 0;
  for (const r of deleted) {
    await storage.delete('public', r.storage_key);
    await storage.delete('public', r.thumb_key);
    files += 2;
    // Its link-preview card, made when it was first shared (docs/decisions/0031).
    if (r.preview_key) {
      await storage.delete('public', r.preview_key);
      files++;
    }
  }
  return { deleted: deleted.map((r) => ({ id: r.id, gender: r.gender, skin_tone: r.skin_tone })), files };
}

export type PermanentDeletion =
  | { kind: 'deleted'; files: number }
  | { kind: 'not_found' }
  /** Users keep it: the number of wardrobes holding it. */
  | { kind: 'in_wardrobes'; wardrobes: number };

/** The admin's permanent delete of one look (settings-and-admin §6), refused while a wardrobe holds it. */
export async function deleteImagePermanently(db: Db, storage: Storage, id: string): Promise<PermanentDeletion> {
  const look = await db
    .selectFrom('generated_images as gi')
    .select((eb) => eb.selectFrom('wardrobe_items as w').select((w) => w.fn.countAll<string>().as('n')).whereRef('w.image_id', '=', 'gi.id').as('wardrobes'))
    .where('gi.id', '=', id)
    .executeTakeFirst();
  if (!look) return { kind: 'not_found' };
  const wardrobes = Number(look.wardrobes ?? 0);
  if (wardrobes > 0) return { kind: 'in_wardrobes', wardrobes };
  const done = await deleteImages(db, storage, [id]);
  if (done.deleted.length > 0) return { kind: 'deleted', files: done.files };
  // Gone or saved between the two statements: say which.
  const now = await db.selectFrom('wardrobe_items').select((eb) => eb.fn.countAll<string>().as('n')).where('image_id', '=', id).executeTakeFirstOrThrow();
  return Number(now.n) > 0 ? { kind: 'in_wardrobes', wardrobes: Number(now.n) } : { kind: 'not_found' };
}
