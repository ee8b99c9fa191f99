import { sql, type Kysely } from 'kysely';

/**
 * What an administrator needs to put a blocked image back into the inventory: the look as it was
 * composed (seed, prompt, provider, quality breakdown, pieces and their color families), kept with
 * the refused picture; and, once restored, the look it became. Rows blocked before this migration
 * have none of it: a restore composes their pieces again (docs/spec-notes.md, "Admin: blocked").
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table blocked_images
      add column seed bigint,
      add column prompt text,
      add column provider text,
      add column quality jsonb,
      add column color_families text[],
      add column pieces jsonb,
      add column restored_image_id uuid references generated_images(id) on delete set null`.execute(db);
  // No index for the list's other filters: the table holds only what the checks refused, and the
  // review index of 0003 serves the default view (pending, newest first).
}
