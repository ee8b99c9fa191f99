import { dailyLimit, type PublicUser } from '@drape/contracts';
import type { Db, UserRow } from '@drape/db';
import { readUsage } from '../generate/usage';

export async function referralCount(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('referred_by', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The user as every auth answer and the profile call return it. */
export async function toPublicUser(db: Db, row: UserRow): Promise<PublicUser> {
  const [referrals, usage] = await Promise.all([referralCount(db, row.id), readUsage(db, row.id)]);
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
