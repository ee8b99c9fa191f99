import type { Db } from './client';

/**
 * The one way a look enters a wardrobe: the row copies the look's gender, selection and style
 * vibe (they never change on a look), so the wardrobe filters and groups by its own indexes.
 * Nothing is inserted for an unknown look; a second save of the same look inserts nothing.
 * Returns the new row's id, or undefined.
 */
export async function insertWardrobeItem(db: Db, userId: string, imageId: string): Promise<string | undefined> {
  const row = await db
    .insertInto('wardrobe_items')
    .columns(['user_id', 'image_id', 'gender', 'selection_kind', 'selection_id', 'style_vibe'])
    .expression((eb) =>
      eb.selectFrom('generated_images as gi')
        .select((s) => [s.val(userId).as('user_id'), 'gi.id', 'gi.gender', 'gi.selection_kind', 'gi.selection_id', 'gi.style_vibe'])
        .where('gi.id', '=', imageId),
    )
    .onConflict((oc) => oc.columns(['user_id', 'image_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}
