import { invalidateUserSessions, verifyPassword } from '@drape/auth';
import {
  DELETION_GRACE_DAYS, authMessages, isStrongPassword, tierPolicy, usernameMessages,
  type PublicUser, type UpdateProfileInput,
} from '@drape/contracts';
import { hashPassword } from '@drape/auth';
import type { SessionRow, UserRow, UserUpdate } from '@drape/db';
import type { z } from 'zod';
import type { geolocationPreferencesInput } from '@drape/contracts';
import type { Context } from '../context';
import { appError } from '../errors';
import { resolveCatalogId } from '../catalog/catalog.service';
import { tierOf, toPublicUser } from './user.view';

type UserCtx = Context & { user: UserRow; session: SessionRow };

export async function getProfile(ctx: UserCtx): Promise<{ user: PublicUser } & PublicUser> {
  const user = await toPublicUser(ctx.db, ctx.user);
  // Both shapes: the spec's client reads the user object itself, newer screens read `.user`.
  return { ...user, user };
}

const blankToNull = (v: string | null | undefined) => (v === undefined ? undefined : v === '' ? null : v);

export async function updateProfile(ctx: UserCtx, input: UpdateProfileInput): Promise<{ user: PublicUser } & PublicUser> {
  if (input.username !== undefined && input.username.toLowerCase() !== ctx.user.username.toLowerCase()) {
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
  for (const kind of ['styleVibe', 'bodyShape'] as const) {
    const value = blankToNull(input[kind]);
    if (value === undefined) continue;
    if (!tierPolicy(tierOf(ctx.user)).personalization) {
      throw appError('tier_required', 'Style vibe and body shape personalization starts at the Stylist tier.');
    }
    const known = value === null ? null : await resolveCatalogId(ctx.db, kind === 'styleVibe' ? 'style_vibes' : 'body_shapes', value);
    if (value !== null && !known) throw appError('invalid_input', `Unknown ${kind === 'styleVibe' ? 'style vibe' : 'body shape'}: ${value}`);
    patch[kind === 'styleVibe' ? 'style_vibe' : 'body_shape'] = known;
  }
  if (Object.keys(patch).length === 0) return getProfile(ctx);
  const row = await ctx.db
    .updateTable('users')
    .set({ ...patch, updated_at: new Date() })
    .where('id', '=', ctx.user.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return getProfile({ ...ctx, user: row });
}

export async function changePassword(ctx: UserCtx, currentPassword: string, newPassword: string): Promise<{ success: true; message: string }> {
  if (!(await verifyPassword(ctx.user.password_hash, currentPassword))) throw appError('invalid_current_password');
  if (!isStrongPassword(newPassword)) throw appError('weak_password');
  await ctx.db.updateTable('users').set({ password_hash: await hashPassword(newPassword), updated_at: new Date() }).where('id', '=', ctx.user.id).execute();
  await invalidateUserSessions(ctx.db, ctx.user.id, ctx.session.id);
  return { success: true, message: authMessages.passwordChanged };
}

export async function deleteAccount(ctx: UserCtx, password: string): Promise<{ success: true; message: string; purgeAfter: string }> {
  if (ctx.user.deletion_requested_at) throw appError('already_deleted');
  if (!(await verifyPassword(ctx.user.password_hash, password))) throw appError('invalid_password');
  const requested = await ctx.db
    .updateTable('users')
    .set({ deletion_requested_at: new Date(), updated_at: new Date() })
    .where('id', '=', ctx.user.id)
    .where('deletion_requested_at', 'is', null)
    .returning('deletion_requested_at')
    .executeTakeFirst();
  if (!requested?.deletion_requested_at) throw appError('already_deleted');
  await invalidateUserSessions(ctx.db, ctx.user.id);
  ctx.clearSessionCookie();
  const purgeAfter = new Date(requested.deletion_requested_at.getTime() + DELETION_GRACE_DAYS * 86_400_000);
  return {
    success: true,
    message: `Your account will be deleted on ${purgeAfter.toISOString().slice(0, 10)}. Log in before then to cancel.`,
    purgeAfter: purgeAfter.toISOString(),
  };
}

export async function setGeolocationPreferences(
  ctx: UserCtx,
  input: z.infer<typeof geolocationPreferencesInput>,
): Promise<{ success: true; user: PublicUser }> {
  const row = await ctx.db
    .updateTable('users')
    .set({
      geolocation_enabled: input.geolocationEnabled,
      preferred_country: input.preferredCountry,
      preferred_google_domain: input.preferredDomains.google,
      preferred_amazon_domain: input.preferredDomains.amazon,
      updated_at: new Date(),
    })
    .where('id', '=', ctx.user.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return { success: true, user: await toPublicUser(ctx.db, row) };
}
