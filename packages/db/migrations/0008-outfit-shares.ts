import { sql, type Kysely } from 'kysely';

/**
 * Shared looks: a row makes the look's link public (GET /api/share/outfit/{imageId}, /outfit/{id}).
 * Both keys cascade: retention deletes an expired look's row and its shares go with it (the link
 * then answers not found), and a purged account takes its shares along.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table outfit_shares (
      image_id uuid not null references generated_images(id) on delete cascade,
      user_id uuid not null references users(id) on delete cascade,
      created_at timestamptz not null default now(),
      primary key (image_id, user_id)
    )`.execute(db);
  // The primary key answers "is this look shared" by image; the account purge's cascade looks up by user.
  await sql`create index outfit_shares_user on outfit_shares (user_id)`.execute(db);
}
