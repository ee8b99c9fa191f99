import {
  burnPasswordCheck, createSession, extendSession, invalidateSession, invalidateUserSessions, listUserSessions, verifyPassword, type BotCheck, type RateLimits,
} from '@drape/auth';
import { authMessages, type AuthAnswer, type LoginInput, type SessionInfo } from '@drape/contracts/auth';
import type { Config } from '@drape/config';
import type { Db, SessionRow } from '@drape/db';
import type { RequestMeta } from '../context';
import { appError, rateLimited } from '../errors';
import { toPublicUser } from '../user/user.view';
import { findUserByEmail } from './accounts';
import { requireBotCheck } from './bot-check-gate';
import { endLookbookSession } from '../lookbook/lookbook-session';

/**
 * The password check of a sign-in (for an unknown email, the same cost spent on a dummy hash, so
 * timing does not tell which emails exist). A check still queued for a CPU when the client leaves
 * is dropped (499): under a burst of sign-ins, work for clients that gave up would otherwise delay
 * the ones still waiting until they give up too.
 */
async function passwordMatches(req: RequestMeta, hashed: string | null, password: string): Promise<boolean> {
  try {
    if (hashed === null) {
      await burnPasswordCheck(password, req.signal);
      return false;
    }
    return await verifyPassword(hashed, password, req.signal);
  } catch (err) {
    if (req.signal?.aborted) throw appError('client_closed');
    throw err;
  }
}

/** The setting a session's lifetime follows: its absolute end, in days after the sign-in. */
export type SessionSettings = Pick<Config, 'SESSION_MAX_DAYS'>;

/**
 * Sign-in, limited per address and per account; logging in cancels a pending deletion.
 *
 * The account's limit counts failed passwords (a success clears it). Past it the account is not
 * shut to its owner: every attempt must carry a solved bot check, asked for with
 * `bot_check_required` before the password is looked at (answering otherwise would tell a right
 * password from a wrong one), and a wrong password with a solved check still answers
 * `account_locked`. Guessing then costs a proof of work per try, while the owner signs in.
 */
export async function login(deps: { db: Db; rateLimits: RateLimits; botCheck: BotCheck; config: SessionSettings }, req: RequestMeta, input: LoginInput): Promise<AuthAnswer> {
  const ipLimit = await deps.rateLimits.consume('loginIp', req.ipAddress ?? 'unknown');
  if (!ipLimit.ok) throw rateLimited(ipLimit.retryAfterSeconds);
  // Counted before the check so that parallel guesses cannot all slip under the limit; refunded on success.
  const lock = await deps.rateLimits.consume('loginEmail', input.email);
  if (!lock.ok) await requireBotCheck(deps.botCheck, req, input.turnstileToken);

  const user = await findUserByEmail(deps.db, input.email);
  const valid = await passwordMatches(req, user?.password_hash ?? null, input.password);
  if (!user || !valid) {
    if (!lock.ok) throw rateLimited(lock.retryAfterSeconds, 'account_locked');
    throw appError('invalid_credentials');
  }
  await deps.rateLimits.reset('loginEmail', input.email);
  // The address's limit counts failed sign-ins only: people sharing an address (an office, a
  // household) who sign in correctly never lock each other out.
  await deps.rateLimits.refund('loginIp', req.ipAddress ?? 'unknown');

  let current = user;
  if (user.deletion_requested_at) {
    // Logging in during the grace period cancels the deletion (settings-and-admin §4).
    current = await deps.db
      .updateTable('users')
      .set({ deletion_requested_at: null, updated_at: new Date() })
      .where('id', '=', user.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }
  const { token } = await createSession(deps.db, current.id, req, deps.config.SESSION_MAX_DAYS);
  return {
    token,
    user: await toPublicUser(deps.db, current),
    ...(user.deletion_requested_at ? { deletionCancelled: true, message: authMessages.deletionCancelled } : {}),
  };
}

/** Restarts the session's sliding lifetime, never past its absolute end; the same token stays valid. */
export async function refresh(db: Db, config: SessionSettings, session: SessionRow, token: string): Promise<{ accessToken: string; expiresAt: string }> {
  const expires = await extendSession(db, session, config.SESSION_MAX_DAYS);
  return { accessToken: token, expiresAt: expires.toISOString() };
}

export async function logout(db: Db, session: SessionRow): Promise<{ success: true }> {
  await invalidateSession(db, session.id);
  // Sign-out ends the LookBook session too: the next one starts where this one stopped.
  await endLookbookSession(db, session.user_id);
  return { success: true };
}

export async function logoutAllDevices(db: Db, userId: string): Promise<{ success: true; message: string; sessionsRevoked: number }> {
  const n = await invalidateUserSessions(db, userId);
  await endLookbookSession(db, userId);
  return { success: true, message: authMessages.loggedOutAll, sessionsRevoked: n };
}

export async function sessions(db: Db, userId: string, current: SessionRow): Promise<{ sessions: SessionInfo[] }> {
  const rows = await listUserSessions(db, userId);
  return {
    sessions: rows.map((s) => ({
      // A prefix of the hashed id: enough to tell sessions apart, useless as a credential.
      id: s.id.slice(0, 16),
      ipAddress: s.ip_address,
      lastActivityAt: s.last_activity_at.toISOString(),
      createdAt: s.created_at.toISOString(),
      isCurrent: s.id === current.id,
      deviceInfo: { userAgent: s.user_agent, deviceType: s.device_type, browser: s.browser, os: s.os },
    })),
  };
}
