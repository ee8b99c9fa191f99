import { SignJWT, jwtVerify } from 'jose';
import { sharedSecret, type Db } from '@drape/db';

/** Admin tokens: short-lived HS256 JWTs, keyed by a secret all processes share through the database. */
export const ADMIN_TOKEN_HOURS = 8;

async function key(db: Db): Promise<Uint8Array> {
  return new TextEncoder().encode(await sharedSecret(db, 'admin-jwt'));
}

export async function signAdminToken(db: Db, adminId: string, adminKey: string): Promise<{ token: string; expiresAt: string }> {
  const exp = Math.floor(Date.now() / 1000) + ADMIN_TOKEN_HOURS * 3600;
  const token = await new SignJWT({ key: adminKey })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(adminId)
    .setIssuedAt()
    .setExpirationTime(exp)
    .setAudience('drape-admin')
    .sign(await key(db));
  return { token, expiresAt: new Date(exp * 1000).toISOString() };
}

export async function verifyAdminToken(db: Db, token: string): Promise<{ adminId: string; adminKey: string } | null> {
  try {
    const { payload } = await jwtVerify(token, await key(db), { audience: 'drape-admin', algorithms: ['HS256'] });
    if (!payload.sub) return null;
    return { adminId: payload.sub, adminKey: String(payload.key ?? '') };
  } catch {
    return null;
  }
}
