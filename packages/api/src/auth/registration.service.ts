import { createSession, hashPassword, passwordProblem, type BotCheck, type RateLimits } from '@drape/auth';
import { isReservedUsername, usernameMessages, usernameProblem, type Tier } from '@drape/contracts';
import type { AuthAnswer, RegisterInput } from '@drape/contracts/auth';
import type { Config } from '@drape/config';
import type { Db } from '@drape/db';
import type { RequestMeta } from '../context';
import { appError, rateLimited } from '../errors';
import { recordReferral } from '../referrals/referrals.service';
import { toPublicUser } from '../user/user.view';
import { createAccount, findUserByEmail, findUserByUsername } from './accounts';
import type { SessionSettings } from './session.service';
import type { CallerCache } from './caller-cache';

export interface RegistrationDeps {
  db: Db;
  rateLimits: RateLimits;
  botCheck: BotCheck;
  promoCodes: ReadonlyMap<string, Tier>;
  config: SessionSettings & Pick<Config, 'ADMIN_BASE_PATH'>;
  /** This process's kept callers: the referrer's count changes with this sign-up. */
  callers?: Pick<CallerCache, 'dropUser'>;
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
  const row = await findUserByUsername(db, name);
  return row && !row.deletion_requested_at ? row.id : null;
}

/**
 * A new account. The order is the defence against enumeration: the per-address limit, then the
 * checks that need no lookup (password, reserved names), then the bot check, and only after it
 * anything that tells whether an email, a username or a promo code exists. A solved challenge is
 * single use, so a refusal after it asks the form for a new one (its reset on any refusal).
 */
export async function register(deps: RegistrationDeps, req: RequestMeta, input: RegisterInput): Promise<AuthAnswer> {
  const limit = await deps.rateLimits.consume('registerIp', req.ipAddress ?? 'unknown');
  if (!limit.ok) throw rateLimited(limit.retryAfterSeconds);
  const weak = passwordProblem(input.password);
  if (weak) throw appError('weak_password', weak);
  if (isReservedUsername(input.username, deps.config.ADMIN_BASE_PATH)) throw appError('invalid_username', usernameMessages.reserved);
  if (!(await deps.botCheck.verify(input.turnstileToken, req.ipAddress))) throw appError('bot_check_failed');

  // A promo code field may carry a referrer's username (the spec pre-fills it from ?ref=).
  const promo = input.promoCode?.trim() || null;
  let promoTier: Tier | null = null;
  let promoIsUsername: string | null = null;
  if (promo) {
    promoTier = deps.promoCodes.get(promo.toUpperCase()) ?? null;
    if (!promoTier) {
      if (!usernameProblem(promo) && (await findUserByUsername(deps.db, promo))) promoIsUsername = promo;
      else throw appError('invalid_promo');
    }
  }
  if (await findUserByEmail(deps.db, input.email)) throw appError('user_exists');
  if (await findUserByUsername(deps.db, input.username)) throw appError('username_taken');
  const referrerId = await resolveReferrer(deps.db, input, promoIsUsername);

  const passwordHash = await hashPassword(input.password);
  const user = await deps.db.transaction().execute(async (tx) => {
    const created = await createAccount(tx, {
      email: input.email,
      username: input.username,
      firstName: input.firstName,
      lastName: input.lastName,
      passwordHash,
      tier: promoTier ?? 'enthusiast',
      referredBy: referrerId,
    });
    if (referrerId) await recordReferral(tx, { userId: created.id, referrerId, email: input.email, ipAddress: req.ipAddress });
    return created;
  });
  // The referrer's count and tier show on this process at once, before the notification arrives.
  if (referrerId) deps.callers?.dropUser(referrerId);
  const { token } = await createSession(deps.db, user.id, req, deps.config.SESSION_MAX_DAYS);
  return { token, user: await toPublicUser(deps.db, user) };
}

/** The sign-up form's live check, limited per address: it tells who is a member. */
export async function checkUsername(deps: { db: Db; rateLimits: RateLimits; config: Pick<Config, 'ADMIN_BASE_PATH'> }, req: RequestMeta, raw: string): Promise<{ available: boolean; message: string }> {
  const limit = await deps.rateLimits.consume('checkUsernameIp', req.ipAddress ?? 'unknown');
  if (!limit.ok) throw rateLimited(limit.retryAfterSeconds);
  const db = deps.db;
  const name = raw.trim();
  const problem = usernameProblem(name);
  if (problem) return { available: false, message: problem };
  if (isReservedUsername(name, deps.config.ADMIN_BASE_PATH)) return { available: false, message: usernameMessages.reserved };
  const taken = await findUserByUsername(db, name);
  return taken ? { available: false, message: usernameMessages.taken } : { available: true, message: usernameMessages.available };
}
