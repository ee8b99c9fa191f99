import { sql, type Kysely } from 'kysely';

/** One spelling inside the code (docs/decisions/0007): the columns follow the wire's "color". */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table palettes rename column colours to colors`.execute(db);
  await sql`alter table generated_images rename column colour_families to color_families`.execute(db);
  await sql`alter index generated_images_colours rename to generated_images_colors`.execute(db);
}
