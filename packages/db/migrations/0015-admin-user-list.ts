import { sql, type Kysely } from 'kysely';

/**
 * The admin user list (newest sign-ups first, searched by username or email prefix, filtered by
 * tier or test users): each of its queries walks one index in order, whatever the table's size.
 * The username prefix already has `users_username_prefix` (0001).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index users_email_prefix on users (lower(email) text_pattern_ops)`.execute(db);
  await sql`create index users_signed_up on users (created_at desc, id desc)`.execute(db);
  await sql`create index users_tier_signed_up on users (tier, created_at desc, id desc)`.execute(db);
  await sql`create index users_test_signed_up on users (created_at desc, id desc) where is_test`.execute(db);
}
