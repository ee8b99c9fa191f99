import { hashPassword, invalidateUserSessions, passwordChangedMail, passwordProblem, voidResetTokens, type Mailer } from '@drape/auth';
import type { Config } from '@drape/config';
import type { Db, UserRow } from '@drape/db';
import type { Logger } from '@drape/log';
import { appError } from '../errors';
import type { CallerCache } from './caller-cache';
import { endLookbookSession } from '../lookbook/lookbook-session';

export interface PasswordChangeDeps {
  db: Db;
  mailer: Mailer;
  config: Pick<Config, 'publicOrigin'>;
  /** This process's kept callers: a reset by link is nobody's signed-in call, so it drops the user here. */
  callers?: Pick<CallerCache, 'dropUser'>;
}

/**
 * Sets a new password, by reset link or by the settings form alike: the old password, every
 * outstanding reset link and every other session stop working, and the owner is told by mail.
 * `log`: the request's logger, for the mail's line.
 */
export async function replacePassword(
  deps: PasswordChangeDeps, user: Pick<UserRow, 'id' | 'email' | 'first_name'>, newPassword: string, keepSessionId?: string, log?: Logger,
): Promise<void> {
  const weak = passwordProblem(newPassword);
  if (weak) throw appError('weak_password', weak);
  const passwordHash = await hashPassword(newPassword);
  await deps.db.transaction().execute(async (tx) => {
    await tx.updateTable('users').set({ password_hash: passwordHash, updated_at: new Date() }).where('id', '=', user.id).execute();
    await voidResetTokens(tx, user.id);
    await invalidateUserSessions(tx, user.id, keepSessionId);
  });
  deps.callers?.dropUser(user.id);
  // A reset by link signs out everywhere, so it ends the LookBook session as a sign-out does; a
  // change from a signed-in device keeps that device, and its session, going.
  if (!keepSessionId) await endLookbookSession(deps.db, user.id);
  await deps.mailer.send(passwordChangedMail(user, `${deps.config.publicOrigin}/auth`), log);
}
