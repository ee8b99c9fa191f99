import { signAdminToken, verifyAdmin, type BotCheck, type RateLimits } from '@drape/auth';
import type { Db } from '@drape/db';
import { requireBotCheck } from '../auth/bot-check-gate';
import type { RequestMeta } from '../context';
import { appError, rateLimited } from '../errors';

/**
 * Admin sign-in: limited per address and per key, both counting failed sign-ins only. A key's limit counts failed passwords, whoever
 * tries them; past it the key is not shut to its admin: every attempt needs a solved bot check
 * (`bot_check_required` before the password is looked at), and a wrong password with one still
 * answers `account_locked`, as for a user's account (session.service.ts).
 */
export async function adminLogin(
  deps: { db: Db; rateLimits: RateLimits; botCheck: BotCheck },
  req: RequestMeta,
  input: { adminKey: string; password: string; turnstileToken?: string | undefined },
): Promise<{ token: string; expiresAt: string }> {
  const ipLimit = await deps.rateLimits.consume('adminLoginIp', req.ipAddress ?? 'unknown');
  if (!ipLimit.ok) throw rateLimited(ipLimit.retryAfterSeconds);
  const lock = await deps.rateLimits.consume('adminLoginKey', input.adminKey);
  if (!lock.ok) await requireBotCheck(deps.botCheck, req, input.turnstileToken);
  const admin = await verifyAdmin(deps.db, input.adminKey, input.password);
  if (!admin) {
    if (!lock.ok) throw rateLimited(lock.retryAfterSeconds, 'account_locked');
    throw appError('invalid_admin_credentials');
  }
  await deps.rateLimits.reset('adminLoginKey', input.adminKey);
  // The address's limit counts failed sign-ins only, like the key's.
  await deps.rateLimits.refund('adminLoginIp', req.ipAddress ?? 'unknown');
  return signAdminToken(deps.db, admin);
}
