import { z } from './zod';
import { text } from './domain/text';
import { usernameSchema } from './domain/username';
import { TIERS } from './domain/tier-policy';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const emailSchema = text()
  .trim()
  .max(254, 'Email is too long')
  .pipe(z.email('Enter a valid email address'))
  .transform((s) => s.toLowerCase());

/** Length is checked by the service so that a short password answers `weak_password`, not a generic 400. */
export const newPasswordSchema = text().max(PASSWORD_MAX, 'Password must be 128 characters or less.');

export function isStrongPassword(password: string): boolean {
  return password.length >= PASSWORD_MIN;
}

/** Login takes any password up to the cap: the rule that applies is "does it match". */
export const anyPasswordSchema = text().min(1, 'Password is required').max(PASSWORD_MAX);

const nameSchema = (label: string) =>
  text().trim().min(1, `${label} is required`).max(50, `${label} must be 50 characters or less`);

/** A solved bot check: an ALTCHA payload (base64 JSON) or a Turnstile token. */
export const botCheckTokenSchema = () => text().min(1, 'Security verification is required').max(4000);

export const registerInput = z.object({
  email: emailSchema,
  password: newPasswordSchema,
  username: usernameSchema,
  firstName: nameSchema('First name'),
  lastName: nameSchema('Last name'),
  promoCode: text().trim().max(40).optional().nullable(),
  referredByUserId: z.uuid().optional().nullable(),
  /** A referral username from /auth?ref=... */
  ref: text().trim().max(40).optional().nullable(),
  turnstileToken: botCheckTokenSchema(),
});
export type RegisterInput = z.infer<typeof registerInput>;

/**
 * `turnstileToken` is beyond the spec's login payload: after the failed sign-ins that lock an
 * account, the server asks for a solved bot check (`bot_check_required`) instead of refusing.
 */
export const loginInput = z.object({ email: emailSchema, password: anyPasswordSchema, turnstileToken: botCheckTokenSchema().optional() });
export type LoginInput = z.infer<typeof loginInput>;

export const forgotPasswordInput = z.object({ email: emailSchema });
export const resetPasswordInput = z.object({ token: text().min(1).max(200), newPassword: newPasswordSchema });
export const checkUsernameInput = z.object({ username: text().max(200) });
export const searchUsersInput = z.object({ q: text().trim().max(50) });

/** One match of the referrer search: exactly what the register form's field shows and submits. */
export interface ReferrerMatch {
  id: string;
  firstName: string;
  lastName: string;
  username: string;
}

export const USER_SEARCH_MIN = 2;
export const USER_SEARCH_LIMIT = 8;

export const tierSchema = z.enum(TIERS);

/** The user as every auth answer and the profile call return it. */
export interface PublicUser {
  id: string;
  email: string;
  username: string;
  firstName: string;
  lastName: string;
  tier: (typeof TIERS)[number];
  styleVibe: string | null;
  bodyShape: string | null;
  skinTone: string | null;
  dateOfBirth: string | null;
  gender: string | null;
  country: string | null;
  bio: string | null;
  geolocationEnabled: boolean;
  preferredCountry: string | null;
  preferredDomains: { google: string | null; amazon: string | null };
  dailyImagesUsed: number;
  dailyImagesLimit: number;
  invitesSent: number;
  referralCount: number;
  deletionRequestedAt: string | null;
  createdAt: string;
}

export interface AuthAnswer {
  token: string;
  user: PublicUser;
  /** Set when logging in cancelled a pending account deletion. */
  deletionCancelled?: boolean;
  message?: string;
}

export interface SessionInfo {
  id: string;
  ipAddress: string | null;
  lastActivityAt: string;
  createdAt: string;
  isCurrent: boolean;
  deviceInfo: { userAgent: string | null; deviceType: string; browser: string | null; os: string | null };
}

export interface BotCheckChallenge {
  provider: 'altcha' | 'turnstile';
  /** ALTCHA classic challenge fields (absent for Turnstile). */
  algorithm?: 'SHA-256';
  challenge?: string;
  salt?: string;
  signature?: string;
  maxnumber?: number;
  /** Turnstile site key (absent for ALTCHA). */
  siteKey?: string;
}

export { authMessages } from './auth-messages';

export const SESSION_DAYS = 30;
/**
 * How long a server process answers a signed-in call from its cached session without reading it
 * again (docs/decisions/0029): a backstop only, since every change that ends or alters a session
 * reaches every process by NOTIFY within milliseconds.
 */
export const SESSION_CACHE_MS = 5_000;
export const RESET_TOKEN_MINUTES = 60;
export const DELETION_GRACE_DAYS = 30;
export { STORAGE_PREFIX, SESSION_COOKIE } from './storage-keys';
export * from './auth-answers';
