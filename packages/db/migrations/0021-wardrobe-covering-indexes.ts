import { sql, type Kysely } from 'kysely';

/**
 * A 5,000-look wardrobe's pages under 20 ms (issue 17 §4; docs/decisions/0011, amended):
 * - `wardrobe_items_user_saved` now carries every column a page, a filter or a count reads
 *   besides the notes (the look, its gender, selection and vibe): the page's entries, the total
 *   under any filter and the saved count come from the index alone, never from the user's rows.
 * - `wardrobe_items_user_style_vibe` makes the style-vibe filter, its count and the vibe
 *   collections' previews ranges of their own, as the selection's index does for trends and
 *   occasions.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop index wardrobe_items_user_saved`.execute(db);
  await sql`
    create index wardrobe_items_user_saved on wardrobe_items (user_id, created_at desc, id desc)
      include (image_id, gender, selection_kind, selection_id, style_vibe)`.execute(db);
  await sql`create index wardrobe_items_user_style_vibe on wardrobe_items (user_id, style_vibe, created_at desc, id desc) include (image_id, gender)`.execute(db);
}
