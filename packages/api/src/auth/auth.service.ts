import {
  burnPasswordCheck, consumeResetToken, createResetToken, createSession, extendSession, hashPassword,
  invalidateSession, invalidateUserSessions, listUserSessions, verifyPassword,
} from '@drape/auth';
import {
  authMessages, isReservedUsername, isStrongPassword, promoteForReferrals, usernameMessages, usernameProblem,
  USER_SEARCH_LIMIT, USER_SEARCH_MIN, type AuthAnswer, type LoginInput, type RegisterInput, type SessionInfo, type Tier,
} from '@drape/contracts';
import type { Db, SessionRow, UserRow } from '@drape/db';
import { sql } from 'kysely';
import type { Context } from '../context';
import { appError, rateLimited } from '../errors';
import { tierOf, toPublicUser } from '../user/user.view';

type Ctx = Context;

async function findByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where(sql`lower(email)`, '=', email.toLowerCase()).executeTakeFirst();
}

async function findByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where(sql`lower(username)`, '=', username.toLowerCase()).executeTakeFirst();
}

async function startSession(ctx: Ctx, user: UserRow): Promise<string> {
  const { token, session } = await createSession(ctx.db, user.id, ctx.req);
  ctx.setSessionCookie(token, session.expires_at);
  return token;
}

/** Referral from the referrer search (an id), a ?ref= username, or a promo field holding a username. */
async function resolveReferrer(db: Db, input: RegisterInput, promoIsUsername: string | null): Promise<string | null> {
  if (input.referredByUserId) {
    const row = await db.selectFrom('users').select('id').where('id', '=', input.referredByUserId).where('deletion_requested_at', 'is', null).executeTakeFirst();
    if (!row) throw appError('user_not_found', 'The friend who referred you was not found.');
    return row.id;
  }
  const name = input.ref?.trim() || promoIsUsername;
  if (!name) return null;
  const row = await findByUsername(db, name);
  return row && !row.deletion_requested_at ? row.id : null;
}

export async function register(ctx: Ctx, input: RegisterInput): Promise<AuthAnswer> {
  const limit = await ctx.rateLimits.consume('registerIp', ctx.req.ipAddress ?? 'unknown');
  if (!limit.ok) throw rateLimited(limit.retryAfterSeconds);
  if (!isStrongPassword(input.password)) throw appError('weak_password');
  if (isReservedUsername(input.username)) throw appError('invalid_username', 'This username is reserved.');

  // A promo code field may carry a referrer's username (the spec pre-fills it from ?ref=).
  const promo = input.promoCode?.trim() || null;
  let promoTier: Tier | null = null;
  let promoIsUsername: string | null = null;
  if (promo) {
    promoTier = ctx.promoCodes.get(promo.toUpperCase()) ?? null;
    if (!promoTier) {
      if (!usernameProblem(promo) && (await findByUsername(ctx.db, promo))) promoIsUsername = promo;
      else throw appError('invalid_promo');
    }
  }
  if (await findByEmail(ctx.db, input.email)) throw appError('user_exists');
  if (await findByUsername(ctx.db, input.username)) throw appError('username_taken');
  const referrerId = await resolveReferrer(ctx.db, input, promoIsUsername);

  // Checked last: a solved challenge is single use, so it is spent only on an otherwise valid request.
  if (!(await ctx.botCheck.verify(input.turnstileToken, ctx.req.ipAddress))) throw appError('bot_check_failed');

  const passwordHash = await hashPassword(input.password);
  const user = await ctx.db.transaction().execute(async (tx) => {
    const created = await tx
      .insertInto('users')
      .values({
        email: input.email,
        username: input.username,
        first_name: input.firstName,
        last_name: input.lastName,
        password_hash: passwordHash,
        tier: promoTier ?? 'enthusiast',
        referred_by: referrerId,
      })
      .onConflict((oc) => oc.doNothing())
      .returningAll()
      .executeTakeFirst();
    // A concurrent registration took the email or username between the checks and the insert.
    if (!created) throw appError('user_exists', 'An account with this email or username already exists.');
    if (referrerId) await promoteReferrer(tx, referrerId);
    return created;
  });
  const token = await startSession(ctx, user);
  return { token, user: await toPublicUser(ctx.db, user) };
}

/** Recounts the referrer's friends under a row lock and raises the tier; a tier never goes down. */
async function promoteReferrer(db: Db, referrerId: string): Promise<void> {
  const referrer = await db.selectFrom('users').select(['id', 'tier']).where('id', '=', referrerId).forUpdate().executeTakeFirst();
  if (!referrer) return;
  const { n } = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('referred_by', '=', referrerId)
    .executeTakeFirstOrThrow();
  const next = promoteForReferrals(tierOf(referrer), Number(n));
  if (next !== referrer.tier) await db.updateTable('users').set({ tier: next, updated_at: new Date() }).where('id', '=', referrerId).execute();
}

export async function login(ctx: Ctx, input: LoginInput): Promise<AuthAnswer> {
  const ipLimit = await ctx.rateLimits.consume('loginIp', ctx.req.ipAddress ?? 'unknown');
  if (!ipLimit.ok) throw rateLimited(ipLimit.retryAfterSeconds);
  const emailLimit = await ctx.rateLimits.consume('loginEmail', input.email);
  if (!emailLimit.ok) throw rateLimited(emailLimit.retryAfterSeconds, 'account_locked');

  const user = await findByEmail(ctx.db, input.email);
  if (!user) {
    await burnPasswordCheck(input.password);
    throw appError('invalid_credentials');
  }
  if (!(await verifyPassword(user.password_hash, input.password))) throw appError('invalid_credentials');
  await ctx.rateLimits.reset('loginEmail', input.email);

  let deletionCancelled = false;
  let current = user;
  if (user.deletion_requested_at) {
    // Logging in during the grace period cancels the deletion (settings-and-admin §4).
    current = await ctx.db
      .updateTable('users')
      .set({ deletion_requested_at: null, updated_at: new Date() })
      .where('id', '=', user.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    deletionCancelled = true;
  }
  const token = await startSession(ctx, current);
  return {
    token,
    user: await toPublicUser(ctx.db, current),
    ...(deletionCancelled ? { deletionCancelled, message: authMessages.deletionCancelled } : {}),
  };
}

export async function refresh(ctx: Ctx & { session: SessionRow; sessionToken: string }): Promise<{ accessToken: string; expiresAt: string }> {
  const expires = await extendSession(ctx.db, ctx.session.id);
  ctx.setSessionCookie(ctx.sessionToken, expires);
  return { accessToken: ctx.sessionToken, expiresAt: expires.toISOString() };
}

export async function logout(ctx: Ctx & { session: SessionRow }): Promise<{ success: true }> {
  await invalidateSession(ctx.db, ctx.session.id);
  ctx.clearSessionCookie();
  return { success: true };
}

export async function logoutAllDevices(ctx: Ctx & { user: UserRow }): Promise<{ success: true; message: string; sessionsRevoked: number }> {
  const n = await invalidateUserSessions(ctx.db, ctx.user.id);
  ctx.clearSessionCookie();
  return { success: true, message: authMessages.loggedOutAll, sessionsRevoked: n };
}

export async function sessions(ctx: Ctx & { user: UserRow; session: SessionRow }): Promise<{ sessions: SessionInfo[] }> {
  const rows = await listUserSessions(ctx.db, ctx.user.id);
  return {
    sessions: rows.map((s) => ({
      id: s.id.slice(0, 16),
      ipAddress: s.ip_address,
      lastActivityAt: s.last_activity_at.toISOString(),
      createdAt: s.created_at.toISOString(),
      isCurrent: s.id === ctx.session.id,
      deviceInfo: { userAgent: s.user_agent, deviceType: s.device_type, browser: s.browser, os: s.os },
    })),
  };
}

export async function checkUsername(ctx: Ctx, raw: string): Promise<{ available: boolean; message: string }> {
  const name = raw.trim();
  const problem = usernameProblem(name);
  if (problem) return { available: false, message: problem };
  if (isReservedUsername(name)) return { available: false, message: 'This username is reserved' };
  const taken = await findByUsername(ctx.db, name);
  return taken ? { available: false, message: usernameMessages.taken } : { available: true, message: usernameMessages.available };
}

export async function searchUsers(ctx: Ctx, q: string): Promise<{ users: { id: string; firstName: string; lastName: string; username: string }[] }> {
  const term = q.trim().toLowerCase();
  if (term.length < USER_SEARCH_MIN) return { users: [] };
  const like = `${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await ctx.db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'username'])
    .where('deletion_requested_at', 'is', null)
    .where((eb) => eb.or([
      eb(sql`lower(username)`, 'like', like),
      eb(sql`lower(first_name)`, 'like', like),
      eb(sql`lower(last_name)`, 'like', like),
    ]))
    .orderBy('username')
    .limit(USER_SEARCH_LIMIT)
    .execute();
  return { users: rows.map((r) => ({ id: r.id, firstName: r.first_name, lastName: r.last_name, username: r.username })) };
}

export async function forgotPassword(ctx: Ctx, email: string): Promise<{ success: true; message: string }> {
  const ipLimit = await ctx.rateLimits.consume('forgotIp', ctx.req.ipAddress ?? 'unknown');
  if (!ipLimit.ok) throw rateLimited(ipLimit.retryAfterSeconds);
  const answer = { success: true as const, message: authMessages.resetLinkSent };
  // Past the per-email limit the answer stays the same: it must not tell whether the account exists.
  const emailLimit = await ctx.rateLimits.consume('forgotEmail', email);
  if (!emailLimit.ok) return answer;
  const user = await findByEmail(ctx.db, email);
  if (!user || user.deletion_requested_at) return answer;
  const token = await createResetToken(ctx.db, user.id);
  const link = `${ctx.config.publicOrigin}/reset-password?token=${token}`;
  await ctx.mailer.send({
    to: user.email,
    kind: 'password_reset',
    subject: 'Reset your Drape password',
    text: `Hi ${user.first_name},\n\nReset your password with this link (valid for one hour):\n${link}\n\nIf you did not ask for this, ignore this email.`,
    html: `<p>Hi ${escapeHtml(user.first_name)},</p><p><a href="${link}">Reset your password</a> (valid for one hour).</p><p>If you did not ask for this, ignore this email.</p>`,
  });
  return answer;
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export async function resetPassword(ctx: Ctx, token: string, newPassword: string): Promise<{ success: true; message: string }> {
  if (!isStrongPassword(newPassword)) throw appError('weak_password');
  const userId = await consumeResetToken(ctx.db, token);
  if (!userId) throw appError('invalid_token');
  await ctx.db.updateTable('users').set({ password_hash: await hashPassword(newPassword), updated_at: new Date() }).where('id', '=', userId).execute();
  await invalidateUserSessions(ctx.db, userId);
  return { success: true, message: authMessages.resetSuccess };
}
