import { consumeResetToken, createResetToken, passwordProblem, passwordResetMail, type RateLimits } from '@drape/auth';
import { authMessages } from '@drape/contracts/auth';
import type { RequestMeta } from '../context';
import { appError, rateLimited } from '../errors';
import { findUserByEmail } from './accounts';
import { replacePassword, type PasswordChangeDeps } from './password-change';

const SAME_ANSWER = { success: true as const, message: authMessages.resetLinkSent };

/** Mails a reset link; the answer is the same whether or not the account exists. */
export async function forgotPassword(deps: PasswordChangeDeps & { rateLimits: RateLimits }, req: RequestMeta, email: string): Promise<{ success: true; message: string }> {
  const ipLimit = await deps.rateLimits.consume('forgotIp', req.ipAddress ?? 'unknown');
  if (!ipLimit.ok) throw rateLimited(ipLimit.retryAfterSeconds);
  // Past the per-email limit the answer stays the same: it must not tell whether the account exists.
  const emailLimit = await deps.rateLimits.consume('forgotEmail', email);
  if (!emailLimit.ok) return SAME_ANSWER;
  const user = await findUserByEmail(deps.db, email);
  if (!user || user.deletion_requested_at) return SAME_ANSWER;
  const token = await createResetToken(deps.db, user.id);
  await deps.mailer.send(passwordResetMail(user, `${deps.config.publicOrigin}/reset-password?token=${token}`), req.log);
  return SAME_ANSWER;
}

/** Sets the password with a reset link (single use, one hour). */
export async function resetPassword(deps: PasswordChangeDeps, token: string, newPassword: string, req?: RequestMeta): Promise<{ success: true; message: string }> {
  // Checked before the token is spent: a weak password leaves the link usable.
  const weak = passwordProblem(newPassword);
  if (weak) throw appError('weak_password', weak);
  const userId = await consumeResetToken(deps.db, token);
  if (!userId) throw appError('invalid_token');
  const user = await deps.db.selectFrom('users').select(['id', 'email', 'first_name']).where('id', '=', userId).executeTakeFirstOrThrow();
  await replacePassword(deps, user, newPassword, undefined, req?.log);
  return { success: true, message: authMessages.resetSuccess };
}
