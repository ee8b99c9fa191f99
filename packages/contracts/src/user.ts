import { z } from './zod';
import { multilineText, text } from './domain/text';
import { anyPasswordSchema, newPasswordSchema } from './auth';
import { SHOPPING_COUNTRIES } from './shopping';

export const PROFILE_GENDERS = ['male', 'female', 'other', 'prefer_not_to_say'] as const;
export const PROFILE_COUNTRIES = [
  'United States', 'Canada', 'United Kingdom', 'Australia', 'Germany', 'France', 'Italy', 'Spain',
  'Netherlands', 'Sweden', 'Norway', 'Denmark', 'Japan', 'South Korea', 'Singapore', 'India', 'Brazil', 'Mexico',
] as const;
/**
 * The settings' preferred country: every shopping region, the spec's 18 countries (settings-and-admin
 * §3 lists 13 of them; docs/spec-notes.md).
 */
export const PREFERRED_COUNTRIES = SHOPPING_COUNTRIES;

const optionalText = (max: number) => text().trim().max(max).optional().nullable();

/**
 * PATCH /api/user/profile: the profile form, or the preferences save (styleVibe, bodyShape and
 * skinTone: each optional, an empty string clears it; ids or names from the catalog lists).
 */
export const updateProfileInput = z
  .object({
    firstName: text().trim().min(1, 'First name is required').max(50).optional(),
    lastName: text().trim().min(1, 'Last name is required').max(50).optional(),
    /** Accepted only when unchanged: usernames are fixed at sign-up. */
    username: text().trim().max(200).optional(),
    dateOfBirth: z.iso.date('Enter a valid date').optional().nullable().or(z.literal('')),
    gender: z.enum(PROFILE_GENDERS).optional().nullable().or(z.literal('')),
    country: z.enum(PROFILE_COUNTRIES).optional().nullable().or(z.literal('')),
    bio: multilineText().trim().max(500).optional().nullable(),
    styleVibe: optionalText(40),
    bodyShape: optionalText(40),
    skinTone: optionalText(40),
  })
  .strict();
export type UpdateProfileInput = z.infer<typeof updateProfileInput>;

export const changePasswordInput = z.object({ currentPassword: anyPasswordSchema, newPassword: newPasswordSchema });

export const deleteAccountInput = z.object({
  password: anyPasswordSchema,
  /** The typed word DELETE; the spec's client sends only the password, so it is optional here. */
  confirmation: z.literal('DELETE', 'Type DELETE to confirm').optional(),
});

const domainSchema = text()
  .trim()
  .max(60)
  .regex(/^[a-z0-9.-]+\.[a-z]{2,}$/i, 'Enter a domain such as google.co.uk')
  .nullable();

export const geolocationPreferencesInput = z.object({
  geolocationEnabled: z.boolean(),
  preferredCountry: z.enum(PREFERRED_COUNTRIES).nullable(),
  preferredDomains: z.object({ google: domainSchema, amazon: domainSchema }),
});
export type GeolocationPreferencesInput = z.infer<typeof geolocationPreferencesInput>;

export const userMessages = {
  preferencesSavedTitle: 'Preferences Saved',
  preferencesSaved: 'Your shopping preferences have been updated.',
  preferencesFailedTitle: 'Update Failed',
  preferencesFailed: 'Could not update your preferences. Please try again.',
  profileLoadFailed: 'Unable to load your profile. Please try again.',
  loginToContinue: 'Please log in to continue',
  profileSaved: 'Profile updated',
} as const;
export * from './user-export';
