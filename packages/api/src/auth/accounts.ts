import { sql } from 'kysely';
import type { Tier } from '@drape/contracts';
import type { Db, UserRow } from '@drape/db';
import { appError } from '../errors';

/** Users by the keys people type: both compared without regard to case. */
export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where(sql`lower(email)`, '=', email.toLowerCase()).executeTakeFirst();
}

export async function findUserByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where(sql`lower(username)`, '=', username.toLowerCase()).executeTakeFirst();
}

export interface NewAccount {
  email: string;
  username: string;
  firstName: string;
  lastName: string;
  passwordHash: string;
  tier: Tier;
  referredBy?: string | null;
  isTest?: boolean;
}

/**
 * The one insert of an account (sign-up and the admin's test users). A concurrent sign-up that took
 * the email or username between the caller's checks and this insert is `user_exists`.
 */
export async function createAccount(db: Db, account: NewAccount): Promise<UserRow> {
  const created = await db
    .insertInto('users')
    .values({
      email: account.email,
      username: account.username,
      first_name: account.firstName,
      last_name: account.lastName,
      password_hash: account.passwordHash,
      tier: account.tier,
      referred_by: account.referredBy ?? null,
      is_test: account.isTest ?? false,
    })
    .onConflict((oc) => oc.doNothing())
    .returningAll()
    .executeTakeFirst();
  if (!created) throw appError('user_exists', 'An account with this email or username already exists.');
  return created;
}
