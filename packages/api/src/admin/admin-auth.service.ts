import { signAdminToken, verifyAdmin, type RateLimits } from '@drape/auth';
import type { Db } from '@drape/db';
import type { RequestMeta } from '../context';
import { appError, rateLimited } from '../errors';

/** Admin sign-in: limited per address and per key (a guessed key is locked, whoever tries it). */
export async function adminLogin(deps: { db: Db; rateLimits: RateLimits }, req: RequestMeta, adminKey: string, password: string): Promise<{ token: string; expiresAt: string }> {
  const ipLimit = await deps.rateLimits.consume('adminLoginIp', req.ipAddress ?? 'unknown');
  if (!ipLimit.ok) throw rateLimited(ipLimit.retryAfterSeconds);
  const keyLimit = await deps.rateLimits.consume('adminLoginKey', adminKey);
  if (!keyLimit.ok) throw rateLimited(keyLimit.retryAfterSeconds, 'account_locked');
  const admin = await verifyAdmin(deps.db, adminKey, password);
  if (!admin) throw appError('invalid_admin_credentials');
  await deps.rateLimits.reset('adminLoginKey', adminKey);
  return signAdminToken(deps.db, admin);
}
