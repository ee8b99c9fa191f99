import { sha256 } from '@oslojs/crypto/sha2';
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding';
import { SESSION_DAYS } from '@drape/contracts/auth';
import type { Db, SessionRow, UserRow } from '@drape/db';
import { parseDevice } from './device';

/** Sessions after the Lucia guide: a random token; the store keeps only its SHA-256 as the id. */
const DAY = 86_400_000;
const LIFETIME = SESSION_DAYS * DAY;
/** Sliding expiry: extend when less than half the lifetime is left (one write per 15 days). */
const RENEW_WITHIN = LIFETIME / 2;
/** last_activity_at is refreshed at most once a minute: it is for the sessions list, not security. */
const ACTIVITY_GRANULARITY = 60_000;

/**
 * When a session ends unless it is used again: the sliding lifetime from now, but never past its
 * absolute end, `maxDays` after the sign-in (SESSION_MAX_DAYS). Neither a renewal nor a refresh
 * moves that end: a stolen token stops working at the latest then, however busy it is kept.
 */
export function sessionExpiry(createdAt: Date, now: number, maxDays: number): Date {
  return new Date(Math.min(now + LIFETIME, absoluteEnd(createdAt, maxDays)));
}

function absoluteEnd(createdAt: Date, maxDays: number): number {
  return createdAt.getTime() + maxDays * DAY;
}

export function generateSessionToken(): string {
  const bytes = new Uint8Array(20);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

export function sessionIdOf(token: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(token)));
}

export interface SessionMeta {
  ipAddress: string | null;
  userAgent: string | null;
}

export async function createSession(db: Db, userId: string, meta: SessionMeta, maxDays: number): Promise<{ token: string; session: SessionRow }> {
  const token = generateSessionToken();
  const device = parseDevice(meta.userAgent);
  const now = new Date();
  const session = await db
    .insertInto('sessions')
    .values({
      id: sessionIdOf(token),
      user_id: userId,
      created_at: now,
      expires_at: sessionExpiry(now, now.getTime(), maxDays),
      ip_address: meta.ipAddress,
      user_agent: meta.userAgent?.slice(0, 512) ?? null,
      device_type: device.deviceType,
      browser: device.browser,
      os: device.os,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { token, session };
}

export interface ValidSession {
  session: SessionRow;
  user: UserRow;
}

/** The session id a token stands for (its SHA-256), or null for a string that cannot be a token. */
export function sessionIdForToken(token: string | null | undefined): string | null {
  return !token || token.length > 100 ? null : sessionIdOf(token);
}

/**
 * The Lucia guide's lookup as one statement: the session of this id (`sessionIdForToken`), joined
 * to its user. Callers may select more in the same statement (the api reads the caller's usage and
 * referral count with it: docs/decisions/0029) and hand the row, without their own columns, to
 * `acceptSession`.
 */
export function sessionLookup(db: Db, sessionId: string) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select([
      'sessions.id as s_id', 'sessions.expires_at as s_expires_at', 'sessions.created_at as s_created_at',
      'sessions.last_activity_at as s_last_activity_at', 'sessions.ip_address as s_ip_address',
      'sessions.user_agent as s_user_agent', 'sessions.device_type as s_device_type',
      'sessions.browser as s_browser', 'sessions.os as s_os',
    ])
    .where('sessions.id', '=', sessionId);
}

/** A row of `sessionLookup`. */
export type SessionLookupRow = NonNullable<Awaited<ReturnType<ReturnType<typeof sessionLookup>['executeTakeFirst']>>>;

/**
 * The session and its user for a token, or null; extends the expiry as it slides, up to the
 * session's absolute end (`maxDays` after the sign-in), where it ends whatever its expiry says.
 */
export async function validateSessionToken(db: Db, token: string, maxDays: number, meta?: SessionMeta): Promise<ValidSession | null> {
  const id = sessionIdForToken(token);
  return id ? acceptSession(db, await sessionLookup(db, id).executeTakeFirst(), maxDays, meta) : null;
}

/**
 * Judges a row of `sessionLookup` (undefined: no such session): null when the session has ended
 * (its sliding expiry or its absolute end passed; the row is deleted), else the session and its
 * user, with the expiry renewed as it slides and the activity time refreshed (at most a write a minute).
 */
export async function acceptSession(db: Db, row: SessionLookupRow | undefined, maxDays: number, meta?: SessionMeta): Promise<ValidSession | null> {
  if (!row) return null;
  const now = Date.now();
  const valid = splitLookupRow(row);
  const needs = sessionNeeds(valid.session, now, maxDays);
  if (needs === 'end') {
    await db.deleteFrom('sessions').where('id', '=', row.s_id).execute();
    return null;
  }
  if (needs === 'write') {
    const { session } = valid;
    const renewed = sessionExpiry(session.created_at, now, maxDays);
    session.last_activity_at = new Date(now);
    if (shouldRenew(session.expires_at, renewed, now)) session.expires_at = renewed;
    await db
      .updateTable('sessions')
      .set({
        last_activity_at: session.last_activity_at,
        expires_at: session.expires_at,
        ...(meta?.ipAddress ? { ip_address: meta.ipAddress } : {}),
      })
      .where('id', '=', session.id)
      .execute();
  }
  return valid;
}

/** Near its absolute end the renewed expiry is that end: once there, nothing is left to renew. */
function shouldRenew(expiresAt: Date, renewed: Date, now: number): boolean {
  return expiresAt.getTime() - now < RENEW_WITHIN && renewed.getTime() > expiresAt.getTime();
}

/**
 * What a session asks of a call now, without reading anything: `end` when its sliding expiry or
 * its absolute end (`maxDays` after the sign-in) has passed, `write` when its expiry is due to
 * slide or its activity time to be refreshed (at most once a minute), else `none`. A cached
 * session (docs/decisions/0029) is answered from memory only while this says `none`.
 */
export function sessionNeeds(session: Pick<SessionRow, 'expires_at' | 'created_at' | 'last_activity_at'>, now: number, maxDays: number): 'end' | 'write' | 'none' {
  if (session.expires_at.getTime() <= now || absoluteEnd(session.created_at, maxDays) <= now) return 'end';
  const renew = shouldRenew(session.expires_at, sessionExpiry(session.created_at, now, maxDays), now);
  return renew || now - session.last_activity_at.getTime() > ACTIVITY_GRANULARITY ? 'write' : 'none';
}

function splitLookupRow(row: SessionLookupRow): ValidSession {
  const {
    s_id, s_expires_at, s_created_at, s_last_activity_at, s_ip_address, s_user_agent, s_device_type, s_browser, s_os,
    ...user
  } = row;
  const session: SessionRow = {
    id: s_id, user_id: user.id, expires_at: s_expires_at, created_at: s_created_at,
    last_activity_at: s_last_activity_at, ip_address: s_ip_address, user_agent: s_user_agent,
    device_type: s_device_type, browser: s_browser, os: s_os,
  };
  return { session, user };
}

/** Restarts the full sliding lifetime of a session (the refresh call), never past its absolute end. */
export async function extendSession(db: Db, session: Pick<SessionRow, 'id' | 'created_at'>, maxDays: number): Promise<Date> {
  const expires = sessionExpiry(session.created_at, Date.now(), maxDays);
  await db.updateTable('sessions').set({ expires_at: expires, last_activity_at: new Date() }).where('id', '=', session.id).execute();
  return expires;
}

export async function invalidateSession(db: Db, sessionId: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
}

export async function invalidateUserSessions(db: Db, userId: string, exceptSessionId?: string): Promise<number> {
  let q = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (exceptSessionId) q = q.where('id', '!=', exceptSessionId);
  const res = await q.executeTakeFirst();
  return Number(res.numDeletedRows);
}

export async function listUserSessions(db: Db, userId: string): Promise<SessionRow[]> {
  return db
    .selectFrom('sessions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('expires_at', '>', new Date())
    .orderBy('last_activity_at', 'desc')
    .execute();
}

export async function deleteExpiredSessions(db: Db): Promise<number> {
  const res = await db.deleteFrom('sessions').where('expires_at', '<=', new Date()).executeTakeFirst();
  return Number(res.numDeletedRows);
}
