import { sql, type Kysely } from 'kysely';

/**
 * Issue 19, section 3: My Pieces, the user's own photographed clothes (docs/decisions/0034-closet.md).
 * - `id` is given by the server: the photo and thumbnail are written under it, in the private
 *   area, before the row that points at them.
 * - `name` null is the default name ("Red top"), made from the family and category as they are
 *   now, so that it follows a correction of either.
 * - `color_family` and `pattern` are the user's to correct; `measured_color_family` and
 *   `color_hex` are what the photo measured, kept whatever the user says (the measure's record).
 * - Deleted with the account (cascade); the purge deletes the files (operations' retention).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table closet_pieces (
      id uuid primary key,
      user_id uuid not null references users(id) on delete cascade,
      name text,
      category text not null check (category in ('top', 'bottom', 'dress', 'outerwear', 'shoes', 'bag', 'accessory')),
      color_family text not null,
      color_hex text not null,
      pattern text not null check (pattern in ('solid', 'patterned')),
      measured_color_family text not null,
      photo_key text not null,
      thumbnail_key text not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  // The list (newest first) and the cap's count read the user's range of this index.
  await sql`create index closet_pieces_user on closet_pieces (user_id, created_at desc, id desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists closet_pieces`.execute(db);
}
