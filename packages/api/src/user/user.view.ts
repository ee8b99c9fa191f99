import { dailyLimit } from '@drape/contracts';
import type { PublicUser } from '@drape/contracts/auth';
import type { Db, UserRow } from '@drape/db';
import { readUsage } from '../generate/usage';
import { countingReferrals } from '../referrals/referrals.service';
import type { CallerFacts } from '../auth/caller';

/**
 * The user as every auth answer and the profile call return it. A signed-in call passes the facts
 * its session lookup read (docs/decisions/0029); sign-in and sign-up read them here.
 */
export async function toPublicUser(db: Db, row: UserRow, facts?: CallerFacts): Promise<PublicUser> {
  // The friends that count toward the tier: held and revoked referrals do not (docs/decisions/0015-referral-holds.md).
  const { referrals, usage } = facts ?? await readFacts(db, row.id);
  const tier = row.tier;
  return {
    id: row.id,
    email: row.email,
    username: row.username,
    firstName: row.first_name,
    lastName: row.last_name,
    tier,
    styleVibe: row.style_vibe,
    bodyShape: row.body_shape,
    skinTone: row.skin_tone,
    dateOfBirth: row.date_of_birth,
    gender: row.gender,
    country: row.country,
    bio: row.bio,
    geolocationEnabled: row.geolocation_enabled,
    preferredCountry: row.preferred_country,
    preferredDomains: { google: row.preferred_google_domain, amazon: row.preferred_amazon_domain },
    dailyImagesUsed: usage.used,
    dailyImagesLimit: dailyLimit(tier, usage.sharedToday),
    invitesSent: referrals,
    referralCount: referrals,
    deletionRequestedAt: row.deletion_requested_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
  };
}

async function readFacts(db: Db, userId: string): Promise<CallerFacts> {
  const [referrals, usage] = await Promise.all([countingReferrals(db, userId), readUsage(db, userId)]);
  return { referrals, usage };
}
