import type { Db } from '@drape/db';

/** A piece as a picture's alternative text names it. */
export interface PieceName {
  name: string;
  color: string;
}

/**
 * The pieces (name and colour, in order) of the given looks, in one read of fashion_items'
 * (image_id, position) index: for lists whose rows are read without their pieces.
 */
export async function pieceNamesOf(db: Db, ids: readonly string[]): Promise<Map<string, PieceName[]>> {
  const out = new Map<string, PieceName[]>();
  if (ids.length === 0) return out;
  const rows = await db.selectFrom('fashion_items').select(['image_id', 'name', 'color']).where('image_id', 'in', [...ids]).orderBy('image_id').orderBy('position').execute();
  for (const r of rows) out.set(r.image_id, [...(out.get(r.image_id) ?? []), { name: r.name, color: r.color }]);
  return out;
}
