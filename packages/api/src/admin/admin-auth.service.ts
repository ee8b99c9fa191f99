import { signAdminToken, verifyAdmin } from '@drape/auth';
import type { Context } from '../context';
import { appError, rateLimited } from '../errors';

export async function adminLogin(ctx: Context, adminKey: string, password: string): Promise<{ token: string; expiresAt: string }> {
  const limit = await ctx.rateLimits.consume('loginIp', `admin:${ctx.req.ipAddress ?? 'unknown'}`);
  if (!limit.ok) throw rateLimited(limit.retryAfterSeconds);
  const admin = await verifyAdmin(ctx.db, adminKey, password);
  if (!admin) throw appError('invalid_admin_credentials');
  return signAdminToken(ctx.db, admin.id, admin.adminKey);
}
