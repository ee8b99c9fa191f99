import { SignJWT, jwtVerify } from 'jose';
import { sharedSecret, type Db } from '@drape/db';

/**
 * Admin tokens: short-lived HS256 JWTs, keyed by a secret all processes share through the
 * database. Each names its admin and the admin's token version: a token stops working when the
 * admin is removed or its password is reset, not only when it expires.
 */
export const ADMIN_TOKEN_HOURS = 8;

async function key(db: Db): Promise<Uint8Array> {
  return new TextEncoder().encode(await sharedSecret(db, 'admin-jwt'));
}

export async function signAdminToken(db: Db, admin: { id: string; adminKey: string; tokenVersion: number }): Promise<{ token: string; expiresAt: string }> {
  const exp = Math.floor(Date.now() / 1000) + ADMIN_TOKEN_HOURS * 3600;
  const token = await new SignJWT({ key: admin.adminKey, ver: admin.tokenVersion })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(admin.id)
    .setIssuedAt()
    .setExpirationTime(exp)
    .setAudience('drape-admin')
    .sign(await key(db));
  return { token, expiresAt: new Date(exp * 1000).toISOString() };
}

export async function verifyAdminToken(db: Db, token: string): Promise<{ adminId: string; adminKey: string } | null> {
  let payload;
  try {
    ({ payload } = await jwtVerify(token, await key(db), { audience: 'drape-admin', algorithms: ['HS256'] }));
  } catch {
    return null;
  }
  if (!payload.sub || !/^[0-9a-f-]{36}$/i.test(payload.sub)) return null;
  const admin = await db.selectFrom('admins').select(['admin_key', 'token_version']).where('id', '=', payload.sub).executeTakeFirst();
  if (!admin || admin.token_version !== payload.ver) return null;
  return { adminId: payload.sub, adminKey: admin.admin_key };
}
