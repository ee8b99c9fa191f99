import { sql } from 'kysely';
import type { Db, UserRow } from '@drape/db';

/** Users by the keys people type: both compared without regard to case. */
export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where(sql`lower(email)`, '=', email.toLowerCase()).executeTakeFirst();
}

export async function findUserByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where(sql`lower(username)`, '=', username.toLowerCase()).executeTakeFirst();
}
