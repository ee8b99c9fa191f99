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
  reserved: 'This username is reserved',
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

/** The admin app's hidden base path unless ADMIN_BASE_PATH says another; its sign-in page is `{base}-login`. */
export const DEFAULT_ADMIN_BASE_PATH = '/backstage';

/**
 * Every top-level path of the web app, the server and the admin app (at its default base): a
 * username equal to one would make its referral link `/{username}` open that page instead
 * (user-area §2's reserved words, grown to every route). Sign-up refuses them. Tests in each app
 * fail when a route is added without its word here (apps/web/src/app/route-names.test.ts,
 * apps/admin/src/route-names.test.ts, apps/server/src/route-names.test.ts).
 */
export const RESERVED_USERNAMES = [
  // The web app (apps/web/src/app/router.tsx).
  'auth', 'login', 'signup', 'reset-password', 'auth-demo', 'dashboard', 'outfit-result', 'outfit', 'wardrobe', 'lookbook',
  'profile', 'settings', 'tiers', 'about', 'privacy', 'terms', 'logo-preview', 'admin', 'admin-login', '404',
  // My Pieces (issue 19, section 3), the signed-in navigation's fourth item.
  'pieces',
  // The server: the API, tRPC, looks, the probes and metrics, the built apps' files (hashed assets, brand files).
  'api', 'trpc', 'media', 'healthz', 'readyz', 'metrics', 'assets', 'brand',
  // The admin app at the default base path (a configured one is refused too: isReservedUsername's second argument).
  DEFAULT_ADMIN_BASE_PATH.slice(1), `${DEFAULT_ADMIN_BASE_PATH.slice(1)}-login`,
] as const;

/** The usernames of an admin base path: its own word and its sign-in page's. */
function adminBaseWords(adminBasePath: string): string[] {
  const base = adminBasePath.replace(/^\/+/, '').toLowerCase();
  return [base, `${base}-login`];
}

/**
 * Whether a username is a route (any case: the web router matches without case). With the
 * server's ADMIN_BASE_PATH, its words are reserved too; the web app, which is not told the hidden
 * path, checks the fixed list.
 */
export function isReservedUsername(name: string, adminBasePath?: string): boolean {
  const word = name.trim().toLowerCase();
  if ((RESERVED_USERNAMES as readonly string[]).includes(word)) return true;
  return adminBasePath !== undefined && adminBaseWords(adminBasePath).includes(word);
}

/**
 * A member's referral link path: `/{username}` (user-area §2), or, for an account that holds a
 * route's name (made before the name was reserved), the page that link would lead to,
 * `/auth?ref={username}`, since `/{username}` would open the route.
 */
export function referralPath(username: string): string {
  return isReservedUsername(username) ? `/auth?ref=${encodeURIComponent(username)}` : `/${encodeURIComponent(username)}`;
}
