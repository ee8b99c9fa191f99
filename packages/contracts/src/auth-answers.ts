import { z } from './zod';
import { isoTime, messageAnswer } from './domain/answers';
import { TIERS } from './domain/tier-policy';

/** The user as every auth answer and the profile call return it (user-area §3 User). */
export const publicUser = z.object({
  id: z.string(),
  email: z.string(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  tier: z.enum(TIERS),
  styleVibe: z.string().nullable(),
  bodyShape: z.string().nullable(),
  skinTone: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  gender: z.string().nullable(),
  country: z.string().nullable(),
  bio: z.string().nullable(),
  geolocationEnabled: z.boolean(),
  preferredCountry: z.string().nullable(),
  preferredDomains: z.object({ google: z.string().nullable(), amazon: z.string().nullable() }),
  dailyImagesUsed: z.number(),
  dailyImagesLimit: z.number(),
  invitesSent: z.number(),
  referralCount: z.number(),
  deletionRequestedAt: isoTime.nullable(),
  createdAt: isoTime,
});

/** The bot check's challenge: ALTCHA's fields, or Turnstile's site key. */
export const botCheckAnswer = z.object({
  provider: z.enum(['altcha', 'turnstile']),
  algorithm: z.literal('SHA-256').optional(),
  challenge: z.string().optional(),
  salt: z.string().optional(),
  signature: z.string().optional(),
  maxnumber: z.number().optional(),
  siteKey: z.string().optional(),
});

/** Register and login: the session token and the user. */
export const authAnswer = z.object({
  token: z.string(),
  user: publicUser,
  deletionCancelled: z.boolean().optional(),
  message: z.string().optional(),
});
export const refreshAnswer = z.object({ accessToken: z.string(), expiresAt: isoTime });
export const logoutAllAnswer = messageAnswer.extend({ sessionsRevoked: z.number() });
export const sessionsAnswer = z.object({
  sessions: z.array(z.object({
    id: z.string(),
    createdAt: isoTime,
    ipAddress: z.string().nullable(),
    lastActivityAt: isoTime,
    isCurrent: z.boolean(),
    deviceInfo: z.object({ userAgent: z.string().nullable(), deviceType: z.string(), browser: z.string().nullable(), os: z.string().nullable() }),
  })),
});
export const usernameCheckAnswer = z.object({ available: z.boolean(), message: z.string() });
export const userSearchAnswer = z.object({ users: z.array(z.object({ id: z.string(), firstName: z.string(), lastName: z.string(), username: z.string() })) });

/** GET and PATCH /api/user/profile: the user's fields, and the same again under `user`. */
export const profileAnswer = publicUser.extend({ user: publicUser });
/** The preferences save: the user as it now is. */
export const profileUpdateAnswer = z.object({ success: z.literal(true), user: publicUser });
export const deleteAccountAnswer = messageAnswer.extend({ purgeAfter: isoTime });
