import { sql, type Kysely } from 'kysely';

/**
 * The admin Image Gallery at a million looks (settings-and-admin §2.2; the query is
 * `galleryPageIdsQuery` in packages/api/src/admin/gallery.service.ts):
 * a page's ids come from an index-only range of one index, newest or oldest first (a backward scan),
 * at the first page and deep, whatever the filter.
 *
 * - One index per single filter, `(filter, created_at desc, id desc)`: gender, skin tone, body shape,
 *   style vibe, selection (occasion, season palette, a searched trend), status, combination, and the
 *   unfiltered list.
 * - Each carries the look's combination code and status as included columns: several filters at once
 *   read the most selective filter's range and check the others (a combination code stands for all
 *   of a look's catalog columns) without visiting a single look.
 *
 * The two older indexes on (created_at desc, id) and (status, created_at desc, id) order ties by id
 * ascending, which no list asks for; the new ones answer every query those did.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists generated_images_created`.execute(db);
  await sql`drop index if exists generated_images_status_created`.execute(db);
  await sql`create index gallery_newest on generated_images (created_at desc, id desc) include (combination_code, status)`.execute(db);
  await sql`create index gallery_status on generated_images (status, created_at desc, id desc) include (combination_code)`.execute(db);
  await sql`create index gallery_combination on generated_images (combination_code, created_at desc, id desc) include (status)`.execute(db);
  await sql`create index gallery_gender on generated_images (gender, created_at desc, id desc) include (combination_code, status)`.execute(db);
  await sql`create index gallery_skin_tone on generated_images (skin_tone, created_at desc, id desc) include (combination_code, status)`.execute(db);
  await sql`create index gallery_body_shape on generated_images (body_shape, created_at desc, id desc) include (combination_code, status)`.execute(db);
  await sql`create index gallery_style_vibe on generated_images (style_vibe, created_at desc, id desc) include (combination_code, status)`.execute(db);
  await sql`create index gallery_selection on generated_images (selection_kind, selection_id, created_at desc, id desc) include (combination_code, status)`.execute(db);
}
