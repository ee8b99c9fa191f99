import { sql, type Kysely } from 'kysely';

/**
 * Issue 18: a look's link-preview card and its machine-readable AI mark (docs/decisions/0031).
 * - `preview_key`: the 1200x630 JPEG card named as og:image by /outfit/{id}, made when the look is
 *   first shared; null until then. Deleted with the look, as its picture and thumbnail are.
 * - `ai_marked`: the look's stored files carry the XMP mark (IPTC digital source type and the
 *   generator). The pipeline and the restore write it marked; looks stored before this migration
 *   are false until `drape ai-mark` rewrites their files, which it finds by this column (resumable).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table generated_images add column preview_key text, add column ai_marked boolean not null default false`.execute(db);
  // The command's work list: only the unmarked, a shrinking minority after the first run.
  await sql`create index generated_images_unmarked on generated_images (id) where not ai_marked`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists generated_images_unmarked`.execute(db);
  await sql`alter table generated_images drop column if exists preview_key, drop column if exists ai_marked`.execute(db);
}
