import { isDisposableEmail, signupNetwork } from '@drape/auth';
import { promoteForReferrals, referralStanding, REFERRAL_NETWORK_WINDOW_DAYS, type ReferralStanding, type Tier } from '@drape/contracts';
import type { AdminReferralRow } from '@drape/contracts/admin';
import type { ExpressionBuilder } from 'kysely';
import type { Database, Db } from '@drape/db';
import { appError } from '../errors';

/** The statuses that count toward a tier (referralCounts in contracts). */
const COUNTING = ['counted', 'released'] as const;

/** The referrals that count toward a user's tier: the profile's invitesSent and referralCount. */
export async function countingReferrals(db: Db, referrerId: string): Promise<number> {
  const row = await db
    .selectFrom('referrals')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('referrer_id', '=', referrerId)
    .where('status', 'in', COUNTING)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The same count as a subquery of a statement that has `users` in scope (the caller's lookup). */
export function countingReferralsOfUser(eb: ExpressionBuilder<Database, 'users'>) {
  return eb
    .selectFrom('referrals')
    .select((sub) => sub.fn.countAll<number>().as('n'))
    .whereRef('referrals.referrer_id', '=', 'users.id')
    .where('referrals.status', 'in', COUNTING);
}

/**
 * Locks the referrer's row: the referral rule reads the earlier referrals and the count under it,
 * so two sign-ups at once are judged one after the other (two from one network cannot both count).
 *
 * FOR NO KEY UPDATE: each sign-up's new rows already hold key-share locks on the referrer (their
 * foreign keys), and FOR UPDATE would wait on the other sign-ups' key-share locks while they wait
 * on it, a deadlock.
 */
async function lockReferrer(tx: Db, referrerId: string): Promise<{ id: string; tier: Tier } | undefined> {
  return tx.selectFrom('users').select(['id', 'tier']).where('id', '=', referrerId).forNoKeyUpdate().executeTakeFirst();
}

/**
 * Recounts the referrer's counting referrals and raises the tier; a tier never goes down. Returns
 * the tier after. Run inside a transaction.
 */
export async function promoteReferrer(tx: Db, referrerId: string): Promise<Tier | null> {
  const referrer = await lockReferrer(tx, referrerId);
  return referrer ? promoteLocked(tx, referrer) : null;
}

/** promoteReferrer for a referrer this transaction has locked already. */
async function promoteLocked(tx: Db, referrer: { id: string; tier: Tier }): Promise<Tier> {
  const next = promoteForReferrals(referrer.tier, await countingReferrals(tx, referrer.id));
  if (next !== referrer.tier) await tx.updateTable('users').set({ tier: next, updated_at: new Date() }).where('id', '=', referrer.id).execute();
  return next;
}

/**
 * A sign-up through a referral, inside the sign-up's transaction: the referral is judged against
 * the referrer's earlier ones from the same network (docs/decisions/0015-referral-holds.md),
 * stored with its standing, and the referrer's tier raised when it counts.
 */
export async function recordReferral(
  tx: Db,
  referral: { userId: string; referrerId: string; email: string; ipAddress: string | null },
): Promise<ReferralStanding> {
  const referrer = await lockReferrer(tx, referral.referrerId);
  if (!referrer) throw appError('user_not_found', 'The friend who referred you was not found.');
  const now = new Date();
  const network = signupNetwork(referral.ipAddress);
  const earlier = network
    ? await tx
      .selectFrom('referrals')
      .select(['network', 'created_at'])
      .where('referrer_id', '=', referral.referrerId)
      .where('network', '=', network)
      .where('created_at', '>', new Date(now.getTime() - REFERRAL_NETWORK_WINDOW_DAYS * 86_400_000))
      .execute()
    : [];
  const standing = referralStanding(
    { network, disposableEmail: isDisposableEmail(referral.email), at: now },
    earlier.map((e) => ({ network: e.network, createdAt: e.created_at })),
  );
  await tx
    .insertInto('referrals')
    .values({
      user_id: referral.userId,
      referrer_id: referral.referrerId,
      network,
      status: standing.status,
      hold_reason: standing.status === 'held' ? standing.reason : null,
      created_at: now,
    })
    .execute();
  if (standing.status === 'counted') await promoteLocked(tx, referrer);
  return standing;
}

/** The referrals a user made, newest first, with the friends' names (the admin's review). */
export async function listReferrals(db: Db, referrerId: string): Promise<{ referrals: AdminReferralRow[] }> {
  const referrer = await db.selectFrom('users').select('id').where('id', '=', referrerId).executeTakeFirst();
  if (!referrer) throw appError('user_not_found');
  const rows = await db
    .selectFrom('referrals as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select(['r.user_id', 'u.username', 'u.email', 'r.network', 'r.status', 'r.hold_reason', 'r.created_at', 'r.decided_at', 'r.decided_by'])
    .where('r.referrer_id', '=', referrerId)
    .orderBy('r.created_at', 'desc')
    .orderBy('r.user_id', 'desc')
    .limit(REFERRAL_REVIEW_LIMIT)
    .execute();
  return {
    referrals: rows.map((r) => ({
      userId: r.user_id,
      username: r.username,
      email: r.email,
      network: r.network,
      status: r.status,
      holdReason: r.hold_reason,
      createdAt: r.created_at.toISOString(),
      decidedAt: r.decided_at?.toISOString() ?? null,
      decidedBy: r.decided_by,
    })),
  };
}

/** The admin's review shows a referrer's newest referrals; a farm past this many is plain already. */
const REFERRAL_REVIEW_LIMIT = 200;

/**
 * An admin's word on a held referral: released, it counts (and may raise the referrer's tier at
 * once); revoked, it never counts. Only a held referral can be decided, once.
 */
export async function decideReferral(
  db: Db,
  userId: string,
  decision: 'released' | 'revoked',
  adminKey: string,
): Promise<{ userId: string; referrerId: string; status: 'released' | 'revoked'; referrerTier: Tier }> {
  return db.transaction().execute(async (tx) => {
    const referral = await tx.selectFrom('referrals').select(['referrer_id', 'status']).where('user_id', '=', userId).forUpdate().executeTakeFirst();
    if (!referral) throw appError('not_found', 'This user did not sign up through a referral.');
    if (referral.status !== 'held') throw appError('referral_not_held');
    await tx.updateTable('referrals').set({ status: decision, decided_at: new Date(), decided_by: adminKey }).where('user_id', '=', userId).execute();
    const tier = decision === 'released'
      ? await promoteReferrer(tx, referral.referrer_id)
      : (await tx.selectFrom('users').select('tier').where('id', '=', referral.referrer_id).executeTakeFirst())?.tier ?? null;
    if (!tier) throw appError('user_not_found');
    return { userId, referrerId: referral.referrer_id, status: decision, referrerTier: tier };
  });
}
