import { createSession, hashPassword, passwordProblem, type BotCheck, type RateLimits } from '@drape/auth';
import {
  isReservedUsername, promoteForReferrals, usernameMessages, usernameProblem, type AuthAnswer, type RegisterInput, type Tier,
} from '@drape/contracts';
import type { Db } from '@drape/db';
import type { RequestMeta } from '../context';
import { appError, rateLimited } from '../errors';
import { toPublicUser } from '../user/user.view';
import { createAccount, findUserByEmail, findUserByUsername } from './accounts';
import type { SessionSettings } from './session.service';

export interface RegistrationDeps {
  db: Db;
  rateLimits: RateLimits;
  botCheck: BotCheck;
  promoCodes: ReadonlyMap<string, Tier>;
  config: SessionSettings;
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
 * A new account: every check that can fail runs before anything is written, the bot check last
 * (a solved challenge is single use, so it is spent only on an otherwise valid request).
 */
export async function register(deps: RegistrationDeps, req: RequestMeta, input: RegisterInput): Promise<AuthAnswer> {
  const limit = await deps.rateLimits.consume('registerIp', req.ipAddress ?? 'unknown');
  if (!limit.ok) throw rateLimited(limit.retryAfterSeconds);
  const weak = passwordProblem(input.password);
  if (weak) throw appError('weak_password', weak);
  if (isReservedUsername(input.username)) throw appError('invalid_username', 'This username is reserved.');

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
  if (!(await deps.botCheck.verify(input.turnstileToken, req.ipAddress))) throw appError('bot_check_failed');

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
    if (referrerId) await promoteReferrer(tx, referrerId);
    return created;
  });
  const { token } = await createSession(deps.db, user.id, req, deps.config.SESSION_MAX_DAYS);
  return { token, user: await toPublicUser(deps.db, user) };
}

/**
 * Recounts the referrer's friends under a row lock (two sign-ups at once cannot both miss the
 * threshold) and raises the tier; a tier never goes down. Returns the tier after.
 *
 * The lock is FOR NO KEY UPDATE: each sign-up's new row already holds a key-share lock on the
 * referrer (its foreign key), and FOR UPDATE would wait on the other sign-ups' key-share locks
 * while they wait on it, a deadlock.
 */
export async function promoteReferrer(tx: Db, referrerId: string): Promise<Tier | null> {
  const referrer = await tx.selectFrom('users').select(['id', 'tier']).where('id', '=', referrerId).forNoKeyUpdate().executeTakeFirst();
  if (!referrer) return null;
  const { n } = await tx
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('referred_by', '=', referrerId)
    .executeTakeFirstOrThrow();
  const next = promoteForReferrals(referrer.tier, Number(n));
  if (next !== referrer.tier) await tx.updateTable('users').set({ tier: next, updated_at: new Date() }).where('id', '=', referrerId).execute();
  return next;
}

export async function checkUsername(db: Db, raw: string): Promise<{ available: boolean; message: string }> {
  const name = raw.trim();
  const problem = usernameProblem(name);
  if (problem) return { available: false, message: problem };
  if (isReservedUsername(name)) return { available: false, message: 'This username is reserved' };
  const taken = await findUserByUsername(db, name);
  return taken ? { available: false, message: usernameMessages.taken } : { available: true, message: usernameMessages.available };
}
