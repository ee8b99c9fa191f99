import { signAdminToken, verifyAdmin, type RateLimits } from '@drape/auth';
import type { Db } from '@drape/db';
import type { RequestMeta } from '../context';
import { appError, rateLimited } from '../errors';

export async function adminLogin(deps: { db: Db; rateLimits: RateLimits }, req: RequestMeta, adminKey: string, password: string): Promise<{ token: string; expiresAt: string }> {
  const limit = await deps.rateLimits.consume('loginIp', `admin:${req.ipAddress ?? 'unknown'}`);
  if (!limit.ok) throw rateLimited(limit.retryAfterSeconds);
  const admin = await verifyAdmin(deps.db, adminKey, password);
  if (!admin) throw appError('invalid_admin_credentials');
  return signAdminToken(deps.db, admin.id, admin.adminKey);
}
