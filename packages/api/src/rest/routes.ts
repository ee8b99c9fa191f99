/**
 * The REST adapter: one row per documented path (spec user-area §7, settings-and-admin §7).
 * Each row names the procedure it calls and how the request becomes that procedure's input;
 * the rules live in the procedures, never here.
 */
export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT';

export interface RestRequest {
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: unknown;
}

export interface RestRoute {
  method: HttpMethod;
  path: string;
  procedure: string;
  summary: string;
  /** How the request maps to input; by default GET reads query + params, others the body + params. */
  input?: (req: RestRequest) => unknown;
  /** Status of a success answer (200 unless said). */
  status?: number;
  auth: 'public' | 'user' | 'admin';
}

const none = () => undefined;

export const restRoutes: RestRoute[] = [
  { method: 'GET', path: '/api/version', procedure: 'meta.version', input: none, auth: 'public', summary: 'Server name and API version' },
  // Accounts (user-area §7)
  { method: 'GET', path: '/api/auth/bot-check', procedure: 'auth.botCheck', input: none, auth: 'public', summary: 'An ALTCHA challenge (or the Turnstile site key) for the register form' },
  { method: 'POST', path: '/api/auth/register', procedure: 'auth.register', status: 201, auth: 'public', summary: 'Create an account; answers token and user' },
  { method: 'POST', path: '/api/auth/login', procedure: 'auth.login', auth: 'public', summary: 'Sign in; answers token and user' },
  { method: 'POST', path: '/api/auth/refresh', procedure: 'auth.refresh', input: none, auth: 'user', summary: 'Extend the session; answers accessToken' },
  { method: 'POST', path: '/api/auth/logout', procedure: 'auth.logout', input: none, auth: 'user', summary: 'End this session' },
  { method: 'POST', path: '/api/auth/logout-all-devices', procedure: 'auth.logoutAllDevices', input: none, auth: 'user', summary: 'End every session of the user, this one too' },
  { method: 'POST', path: '/api/auth/forgot-password', procedure: 'auth.forgotPassword', auth: 'public', summary: 'Mail a reset link; the same answer whether or not the account exists' },
  { method: 'POST', path: '/api/auth/reset-password', procedure: 'auth.resetPassword', auth: 'public', summary: 'Set a new password with a reset token' },
  { method: 'GET', path: '/api/auth/sessions', procedure: 'auth.sessions', input: none, auth: 'user', summary: 'The active sessions of the user' },
  { method: 'GET', path: '/api/auth/check-username/:username', procedure: 'auth.checkUsername', input: (r) => ({ username: r.params.username }), auth: 'public', summary: 'Whether a username is free' },
  { method: 'GET', path: '/api/auth/search-users', procedure: 'auth.searchUsers', input: (r) => ({ q: typeof r.query.q === 'string' ? r.query.q : '' }), auth: 'public', summary: 'Referrer search by name prefix (2 characters or more)' },
  { method: 'GET', path: '/api/user/profile', procedure: 'user.profile', input: none, auth: 'user', summary: 'The signed-in user' },
  { method: 'PATCH', path: '/api/user/profile', procedure: 'user.updateProfile', auth: 'user', summary: 'Update the profile, or the style vibe and body shape preferences' },
  { method: 'POST', path: '/api/user/change-password', procedure: 'user.changePassword', auth: 'user', summary: 'Change the password; other sessions end' },
  { method: 'DELETE', path: '/api/user/delete-account', procedure: 'user.deleteAccount', auth: 'user', summary: 'Request deletion (30-day grace; logging in cancels it)' },
  { method: 'POST', path: '/api/user/geolocation-preferences', procedure: 'user.geolocationPreferences', auth: 'user', summary: 'Shopping region preferences' },
  // Catalog (user-area §7)
  { method: 'GET', path: '/api/monthly-trends', procedure: 'catalog.monthlyTrends', input: none, auth: 'public', summary: "This month's trends" },
  { method: 'GET', path: '/api/seasons', procedure: 'catalog.seasons', input: none, auth: 'public', summary: 'Seasons with their color palettes' },
  { method: 'GET', path: '/api/occasions', procedure: 'catalog.occasions', input: none, auth: 'public', summary: 'Occasions with their icon names' },
  { method: 'GET', path: '/api/style-vibes', procedure: 'catalog.styleVibes', input: none, auth: 'user', summary: 'Style vibes (Stylist and above)' },
  { method: 'GET', path: '/api/body-shapes', procedure: 'catalog.bodyShapes', input: none, auth: 'user', summary: 'Body shapes (Stylist and above)' },
  { method: 'GET', path: '/api/skin-tones', procedure: 'catalog.skinTones', input: none, auth: 'public', summary: 'Skin tones' },
  { method: 'GET', path: '/api/trend-conversion', procedure: 'catalog.trendConversion', input: none, auth: 'public', summary: 'Which names are occasions and which are trends' },
  { method: 'GET', path: '/api/landing/showcase', procedure: 'catalog.landingShowcase', input: none, auth: 'public', summary: 'One picture per trend, palette and occasion for the landing page' },
  { method: 'GET', path: '/api/lookbook/stats', procedure: 'catalog.lookbookStats', input: none, auth: 'public', summary: "The landing's LookBook blurb" },
  // Generation (user-area §7)
  { method: 'POST', path: '/api/generate-outfit', procedure: 'generate.outfit', auth: 'user', summary: 'Get My Look: an outfit from inventory, or generated live' },
  { method: 'GET', path: '/api/fashion-items/:imageId', procedure: 'generate.fashionItems', input: (r) => ({ imageId: r.params.imageId }), auth: 'public', summary: 'The pieces of one image' },
  // Administrators (settings-and-admin §7.2)
  { method: 'POST', path: '/api/admin/login', procedure: 'admin.login', auth: 'public', summary: 'Admin sign-in; answers a short-lived token' },
  { method: 'GET', path: '/api/admin/me', procedure: 'admin.me', input: none, auth: 'admin', summary: 'The admin of the token' },
];

export function defaultInput(route: RestRoute, req: RestRequest): unknown {
  if (route.input) return route.input(req);
  if (route.method === 'GET') return { ...req.query, ...req.params };
  const body = req.body ?? {};
  return Object.keys(req.params).length && typeof body === 'object' && !Array.isArray(body) ? { ...body, ...req.params } : body;
}
