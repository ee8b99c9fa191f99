import { RESET_TOKEN_MINUTES } from '@drape/contracts/auth';
import type { Db } from '@drape/db';
import { generateSessionToken, sessionIdOf } from './session';

/** Password reset tokens: random, stored as SHA-256, single use, one hour. */
export async function createResetToken(db: Db, userId: string): Promise<string> {
  const token = generateSessionToken();
  await db
    .insertInto('password_reset_tokens')
    .values({ id: sessionIdOf(token), user_id: userId, expires_at: new Date(Date.now() + RESET_TOKEN_MINUTES * 60_000) })
    .execute();
  return token;
}

/** Marks the token used and returns its user, or null when unknown, used or expired. Atomic: one use only. */
export async function consumeResetToken(db: Db, token: string): Promise<string | null> {
  const row = await db
    .updateTable('password_reset_tokens')
    .set({ used_at: new Date() })
    .where('id', '=', sessionIdOf(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id ?? null;
}

export async function deleteExpiredResetTokens(db: Db): Promise<number> {
  const res = await db
    .deleteFrom('password_reset_tokens')
    .where((eb) => eb.or([eb('expires_at', '<=', new Date()), eb('used_at', 'is not', null)]))
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}

/** Voids every outstanding reset link of the user (after a reset or a change of password). */
export async function voidResetTokens(db: Db, userId: string): Promise<number> {
  const res = await db.deleteFrom('password_reset_tokens').where('user_id', '=', userId).where('used_at', 'is', null).executeTakeFirst();
  return Number(res.numDeletedRows);
}
