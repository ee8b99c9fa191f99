import { text } from './text';

/** Username rules and messages, exactly as user-area §5 words them. */
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 20;

export const usernameMessages = {
  tooShort: 'Username must be at least 3 characters',
  tooLong: 'Username must be 20 characters or less',
  badCharacters: 'Username can only contain letters, numbers, underscores, and hyphens',
  badEdges: 'Username cannot start or end with underscore or hyphen',
  required: 'Username is required',
  available: 'Username is available',
  taken: 'Username is already taken',
  checkFailed: 'Error checking username availability',
  cannotChange: 'Username cannot be changed after account creation',
} as const;

/** The first rule a username breaks, or null when it is well formed. */
export function usernameProblem(raw: string): string | null {
  const name = raw.trim();
  if (name.length < USERNAME_MIN) return usernameMessages.tooShort;
  if (name.length > USERNAME_MAX) return usernameMessages.tooLong;
  if (!/^[A-Za-z0-9_-]+$/.test(name)) return usernameMessages.badCharacters;
  if (/^[_-]|[_-]$/.test(name)) return usernameMessages.badEdges;
  return null;
}

export const usernameSchema = text()
  .max(200)
  .transform((s) => s.trim())
  .superRefine((name, ctx) => {
    const problem = usernameProblem(name);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** Paths of the web app that can never be a referral username (user-area §2). */
export const RESERVED_ROUTE_WORDS = [
  'auth', 'signup', 'dashboard', 'wardrobe', 'lookbook', 'profile', 'settings', 'tiers', 'about',
  'privacy', 'terms', 'admin', 'admin-login', 'logo-preview',
] as const;

export function isReservedUsername(name: string): boolean {
  return (RESERVED_ROUTE_WORDS as readonly string[]).includes(name.toLowerCase());
}
