import { sql, type Kysely } from 'kysely';

/**
 * Shopping clicks (user-area §7 track-click): who opened which piece at which retailer, and the
 * region and site the link went to. The piece and its image are kept as plain ids, without a
 * foreign key: retention deletes images after 181 days and the clicks are analytics that outlive
 * them (a key would delete or blank the rows, and slow every image deletion by a lookup here).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table shopping_clicks (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null references users(id) on delete cascade,
      fashion_item_id uuid not null,
      image_id uuid not null,
      retailer text not null check (retailer in ('google', 'amazon')),
      country text not null,
      domain text not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  // A user's clicks, newest first (and the user's rows when the account is purged).
  await sql`create index shopping_clicks_user_time on shopping_clicks (user_id, created_at)`.execute(db);
}
