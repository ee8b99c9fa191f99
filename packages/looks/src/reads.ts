import { sql } from 'kysely';
import { selectionOf, type Combination } from '@drape/contracts';
import type { Db } from '@drape/db';
import { LOOK_COLUMNS, piecesOf } from './row-mapper';

/** One look's row and its pieces in one round trip (Get My Look's hot path); undefined when gone. */
export function readLookWithPieces(db: Db, id: string) {
  return db
    .selectFrom('generated_images as gi')
    .select(LOOK_COLUMNS.map((c) => `gi.${c}` as const))
    .select((eb) => piecesOf(eb).as('items'))
    .where('gi.id', '=', id)
    .executeTakeFirst();
}

/**
 * The cards of a page: the looks of these ids with their pieces and whether `viewerId` saved each,
 * in one query (a page is the second half of a deferred join: the ids come from an index, the
 * rows from here). In no particular order; ids that no longer exist are left out.
 */
export function readLookCards(db: Db, viewerId: string, ids: readonly string[]) {
  return db
    .selectFrom('generated_images as gi')
    .select(LOOK_COLUMNS.map((c) => `gi.${c}` as const))
    .select((eb) => [
      piecesOf(eb).as('items'),
      eb.exists(eb.selectFrom('wardrobe_items as w').select(sql`1`.as('one')).where('w.user_id', '=', viewerId).whereRef('w.image_id', '=', 'gi.id')).as('saved'),
    ])
    .where('gi.id', 'in', [...ids])
    .execute();
}

/** The admin's columns beside the look's own: the gallery's and the showcase's cards. */
export function readAdminLooks(db: Db, ids: readonly string[]) {
  return db
    .selectFrom('generated_images as gi')
    .select(LOOK_COLUMNS.map((c) => `gi.${c}` as const))
    .select(['gi.watermarked', 'gi.is_premium', 'gi.in_showcase', 'gi.curated_by', 'gi.lookbook_at', 'gi.showcase_at', 'gi.personal'])
    .where('gi.id', 'in', [...ids])
    .execute();
}

/**
 * Get My Look's inventory pick: the oldest unseen viewable look of the request's combination. A
 * look serves every user once, so the pick takes only a key-share lock: other users' picks, saves
 * and shares of the same look hold the same lock and pass each other (a FOR UPDATE here made every
 * concurrent request for a pair with one look skip it and render live); only a deletion's lock
 * makes the pick pass it by. The same user's parallel requests are kept apart by the caller (the
 * usage row's lock, taken first).
 */
export async function pickUnseenViewable(tx: Db, userId: string, r: Combination): Promise<string | null> {
  const selection = selectionOf(r);
  let q = tx
    .selectFrom('generated_images as gi')
    .select('gi.id')
    .where('gi.gender', '=', r.gender)
    .where('gi.selection_kind', '=', selection.kind)
    .where('gi.selection_id', '=', selection.id)
    .where('gi.status', '=', 'viewable')
    // A look made around someone's own pieces is theirs alone: never stock for anyone.
    .where('gi.personal', '=', false)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('image_views as v').select(sql`1`.as('one')).where('v.user_id', '=', userId).whereRef('v.image_id', '=', 'gi.id'))));
  if (r.styleVibe) q = q.where('gi.style_vibe', '=', r.styleVibe);
  if (r.bodyShape) q = q.where('gi.body_shape', '=', r.bodyShape);
  if (r.skinTone) q = q.where('gi.skin_tone', '=', r.skinTone);
  const row = await q.orderBy('gi.created_at').limit(1).forKeyShare().skipLocked().executeTakeFirst();
  return row?.id ?? null;
}
