import { randomUUID } from 'node:crypto';
import { SignJWT, errors, jwtVerify, type JWTPayload } from 'jose';
import { sharedSecret, type Db } from '@drape/db';

/**
 * Admin tokens: short-lived HS256 JWTs, keyed by a secret all processes share through the
 * database. Each names its admin and the admin's token version: a token stops working when the
 * admin is removed or its password is reset, not only when it expires. Each also has an id
 * (`jti`): logging out puts that id on a deny list until the token would have expired, which ends
 * this token alone (the admin's other browsers stay signed in).
 */
export const ADMIN_TOKEN_HOURS = 8;
const AUDIENCE = 'drape-admin';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function key(db: Db): Promise<Uint8Array> {
  return new TextEncoder().encode(await sharedSecret(db, 'admin-jwt'));
}

export async function signAdminToken(db: Db, admin: { id: string; adminKey: string; tokenVersion: number }): Promise<{ token: string; expiresAt: string }> {
  const exp = Math.floor(Date.now() / 1000) + ADMIN_TOKEN_HOURS * 3600;
  const token = await new SignJWT({ key: admin.adminKey, ver: admin.tokenVersion })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(admin.id)
    .setJti(randomUUID())
    .setIssuedAt()
    .setExpirationTime(exp)
    .setAudience(AUDIENCE)
    .sign(await key(db));
  return { token, expiresAt: new Date(exp * 1000).toISOString() };
}

/** A token that opens the admin area: its admin, and its id and expiry (for the deny list). */
export interface AdminIdentity {
  adminId: string;
  adminKey: string;
  tokenId: string;
  expiresAt: Date;
}

/**
 * Why a token was refused. `expired`, `revoked` (the admin is gone or its token version moved on)
 * and `denied` (logged out) are tokens we signed, so the admin they name is known; `invalid` is
 * anything else (a forged or malformed token, another audience, no id).
 */
export type AdminTokenRefusal = 'invalid' | 'expired' | 'revoked' | 'denied';

export type AdminTokenVerdict =
  | { ok: true; admin: AdminIdentity }
  | { ok: false; reason: AdminTokenRefusal; adminKey: string | null };

const claimedKey = (payload: JWTPayload): string | null => (typeof payload.key === 'string' ? payload.key.slice(0, 100) : null);

/** Checks an admin token and says why it is refused (the audit log records refusals). */
export async function inspectAdminToken(db: Db, token: string): Promise<AdminTokenVerdict> {
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, await key(db), { audience: AUDIENCE, algorithms: ['HS256'] }));
  } catch (err) {
    // jose checks the signature before the claims: an expired token is one we signed.
    if (err instanceof errors.JWTExpired) return { ok: false, reason: 'expired', adminKey: claimedKey(err.payload) };
    return { ok: false, reason: 'invalid', adminKey: null };
  }
  const { sub, jti, exp } = payload;
  if (!sub || !UUID.test(sub) || !jti || !UUID.test(jti) || typeof exp !== 'number') return { ok: false, reason: 'invalid', adminKey: null };
  const row = await db
    .selectFrom('admins')
    .select((eb) => [
      'admin_key', 'token_version',
      eb.exists(eb.selectFrom('admin_token_denylist').select('jti').where('jti', '=', jti)).as('denied'),
    ])
    .where('id', '=', sub)
    .executeTakeFirst();
  if (!row || row.token_version !== payload.ver) return { ok: false, reason: 'revoked', adminKey: claimedKey(payload) };
  if (row.denied) return { ok: false, reason: 'denied', adminKey: row.admin_key };
  return { ok: true, admin: { adminId: sub, adminKey: row.admin_key, tokenId: jti, expiresAt: new Date(exp * 1000) } };
}

export async function verifyAdminToken(db: Db, token: string): Promise<AdminIdentity | null> {
  const verdict = await inspectAdminToken(db, token);
  return verdict.ok ? verdict.admin : null;
}

/** Ends one admin token (logout): its id is refused until the token would have expired anyway. */
export async function denyAdminToken(db: Db, admin: AdminIdentity): Promise<void> {
  await db
    .insertInto('admin_token_denylist')
    .values({ jti: admin.tokenId, admin_id: admin.adminId, expires_at: admin.expiresAt })
    .onConflict((oc) => oc.column('jti').doNothing())
    .execute();
}

/** Deny-list entries of tokens that have expired by now (the hourly maintenance sweeps them). */
export async function deleteExpiredDeniedTokens(db: Db): Promise<number> {
  const res = await db.deleteFrom('admin_token_denylist').where('expires_at', '<=', new Date()).executeTakeFirst();
  return Number(res.numDeletedRows);
}
