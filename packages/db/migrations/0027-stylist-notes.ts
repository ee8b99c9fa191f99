import { sql, type Kysely } from 'kysely';

/**
 * Issue 19: the stylist's note on a look ('why this works': three to five sentences from the
 * stylist's rules, docs/decisions/0033). Written by the pipeline with the look, kept on a blocked
 * attempt so that a restore puts it back, and given to looks stored before it by `drape rescore`.
 * Empty until then: the apps show no note rather than a made-up one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table generated_images add column stylist_note text[] not null default '{}'`.execute(db);
  await sql`alter table blocked_images add column stylist_note text[] not null default '{}'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table generated_images drop column if exists stylist_note`.execute(db);
  await sql`alter table blocked_images drop column if exists stylist_note`.execute(db);
}
