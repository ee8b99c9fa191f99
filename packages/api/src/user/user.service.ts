import { verifyPassword, invalidateUserSessions, type Mailer, type RateLimits } from '@drape/auth';
import { tierPolicy, usernameMessages } from '@drape/contracts';
import { DELETION_GRACE_DAYS, authMessages, type PublicUser } from '@drape/contracts/auth';
import { generationMessages } from '@drape/contracts/generation';
import type { GeolocationPreferencesInput, UpdateProfileInput } from '@drape/contracts/user';
import type { Db, SessionRow, UserRow, UserUpdate } from '@drape/db';
import type { RequestMeta } from '../context';
import { appError, rateLimited } from '../errors';
import { catalogLookup } from '../catalog/catalog-lookup';
import { replacePassword, type PasswordChangeDeps } from '../auth/password-change';
import { toPublicUser } from './user.view';
import type { CallerFacts } from '../auth/caller';
import { endLookbookSession } from '../lookbook/lookbook-session';

type ProfileAnswer = { user: PublicUser } & PublicUser;

export async function getProfile(db: Db, user: UserRow, facts?: CallerFacts): Promise<ProfileAnswer> {
  const view = await toPublicUser(db, user, facts);
  // Both shapes: the spec's client reads the user object itself, newer screens read `.user`.
  return { ...view, user: view };
}

const blankToNull = <T extends string>(v: T | '' | null | undefined) => (v === undefined ? undefined : v === '' ? null : v);

export async function updateProfile(db: Db, user: UserRow, input: UpdateProfileInput): Promise<ProfileAnswer> {
  if (input.username !== undefined && input.username.toLowerCase() !== user.username.toLowerCase()) {
    throw appError('invalid_username', usernameMessages.cannotChange);
  }
  const patch: UserUpdate = {};
  if (input.firstName !== undefined) patch.first_name = input.firstName;
  if (input.lastName !== undefined) patch.last_name = input.lastName;
  if (input.dateOfBirth !== undefined) patch.date_of_birth = blankToNull(input.dateOfBirth) ?? null;
  if (input.gender !== undefined) patch.gender = blankToNull(input.gender) ?? null;
  if (input.country !== undefined) patch.country = blankToNull(input.country) ?? null;
  if (input.bio !== undefined) patch.bio = blankToNull(input.bio) ?? null;
  if (input.dateOfBirth) {
    const dob = new Date(`${input.dateOfBirth}T00:00:00Z`);
    const thirteen = new Date();
    thirteen.setUTCFullYear(thirteen.getUTCFullYear() - 13);
    if (dob > thirteen) throw appError('invalid_input', 'You must be at least 13 years old.');
    if (dob.getUTCFullYear() < 1900) throw appError('invalid_input', 'Enter a valid date of birth.');
  }
  const vibe = blankToNull(input.styleVibe);
  const body = blankToNull(input.bodyShape);
  const skin = blankToNull(input.skinTone);
  if ((vibe !== undefined || body !== undefined || skin !== undefined) && !tierPolicy(user.tier).personalization) {
    throw appError('tier_required', generationMessages.personalizationTier);
  }
  if (vibe !== undefined) patch.style_vibe = vibe === null ? null : (catalogLookup.styleVibe(vibe) ?? unknown('style vibe', vibe));
  if (body !== undefined) patch.body_shape = body === null ? null : (catalogLookup.bodyShape(body) ?? unknown('body shape', body));
  if (skin !== undefined) patch.skin_tone = skin === null ? null : (catalogLookup.skinTone(skin) ?? unknown('skin tone', skin));
  if (Object.keys(patch).length === 0) return getProfile(db, user);
  const row = await db.updateTable('users').set({ ...patch, updated_at: new Date() }).where('id', '=', user.id).returningAll().executeTakeFirstOrThrow();
  return getProfile(db, row);
}

function unknown(label: string, value: string): never {
  throw appError('invalid_input', `Unknown ${label}: ${value}`);
}

/**
 * A password typed to confirm a change is a guess an attacker with a stolen session could repeat:
 * limited like a login, per address and per account.
 */
async function confirmPassword(rateLimits: RateLimits, req: RequestMeta, user: UserRow, password: string): Promise<boolean> {
  const ipLimit = await rateLimits.consume('loginIp', req.ipAddress ?? 'unknown');
  if (!ipLimit.ok) throw rateLimited(ipLimit.retryAfterSeconds);
  const userLimit = await rateLimits.consume('confirmPasswordUser', user.id);
  if (!userLimit.ok) throw rateLimited(userLimit.retryAfterSeconds);
  const ok = await verifyPassword(user.password_hash, password);
  if (ok) await rateLimits.reset('confirmPasswordUser', user.id);
  return ok;
}

export async function changePassword(
  deps: PasswordChangeDeps & { rateLimits: RateLimits }, req: RequestMeta, user: UserRow, session: SessionRow, currentPassword: string, newPassword: string,
): Promise<{ success: true; message: string }> {
  if (!(await confirmPassword(deps.rateLimits, req, user, currentPassword))) throw appError('invalid_current_password');
  await replacePassword(deps, user, newPassword, session.id, req.log);
  return { success: true, message: authMessages.passwordChanged };
}

export async function deleteAccount(
  deps: { db: Db; rateLimits: RateLimits; mailer: Mailer }, req: RequestMeta, user: UserRow, password: string,
): Promise<{ success: true; message: string; purgeAfter: string }> {
  if (user.deletion_requested_at) throw appError('already_deleted');
  if (!(await confirmPassword(deps.rateLimits, req, user, password))) throw appError('invalid_password');
  const requested = await deps.db
    .updateTable('users')
    .set({ deletion_requested_at: new Date(), updated_at: new Date() })
    .where('id', '=', user.id)
    .where('deletion_requested_at', 'is', null)
    .returning('deletion_requested_at')
    .executeTakeFirst();
  if (!requested?.deletion_requested_at) throw appError('already_deleted');
  // Signed out everywhere, as by "log out of all devices": the LookBook session ends with it.
  await invalidateUserSessions(deps.db, user.id);
  await endLookbookSession(deps.db, user.id);
  const purgeAfter = new Date(requested.deletion_requested_at.getTime() + DELETION_GRACE_DAYS * 86_400_000);
  return {
    success: true,
    message: `Your account will be deleted on ${purgeAfter.toISOString().slice(0, 10)}. Log in before then to cancel.`,
    purgeAfter: purgeAfter.toISOString(),
  };
}

export async function setGeolocationPreferences(db: Db, userId: string, input: GeolocationPreferencesInput): Promise<{ success: true; user: PublicUser }> {
  const row = await db
    .updateTable('users')
    .set({
      geolocation_enabled: input.geolocationEnabled,
      preferred_country: input.preferredCountry,
      preferred_google_domain: input.preferredDomains.google,
      preferred_amazon_domain: input.preferredDomains.amazon,
      updated_at: new Date(),
    })
    .where('id', '=', userId)
    .returningAll()
    .executeTakeFirstOrThrow();
  return { success: true, user: await toPublicUser(db, row) };
}
