import { sql, type Kysely } from 'kysely';

/** Admin tokens carry this number: a password reset raises it, and older tokens stop working. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table admins add column token_version integer not null default 1`.execute(db);
}
