import { sql, type Kysely } from 'kysely';

/**
 * A LookBook session per user (docs/decisions/0011, amended by issue 18): a capped tier (Stylist,
 * Collector) sees 50 looks per LookBook session, and the next session starts where this one
 * stopped. `window_start` is the session's first position in the LookBook's order, `viewed` how
 * many positions from there it has served, `last_active_at` its last page; null once the user
 * signed out. A session is over after 30 minutes without a page, or at sign-out; the next page
 * then opens a new one at `window_start + viewed` (wrapping at the list's end). One row per user,
 * written by one upsert per page of a capped tier; gone with the user.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table lookbook_sessions (
      user_id uuid primary key references users(id) on delete cascade,
      window_start integer not null default 0 check (window_start >= 0),
      viewed integer not null default 0 check (viewed >= 0),
      last_active_at timestamptz
    )`.execute(db);
}
