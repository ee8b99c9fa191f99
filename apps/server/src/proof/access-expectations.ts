/**
 * The authorisation matrix's expectations: for every tRPC procedure (and the REST rows that call
 * it), the status each principal gets for a well-formed call. access-matrix.test.ts reads the
 * procedures and REST rows from the code and fails on any that has no row here, so a new path
 * cannot slip in unexamined.
 *
 * Reading a row: `ok` is success (200; a REST row's declared status, 201 for a sign-up or a save);
 * a number is the refusal expected. The ids a call names are the caller's own when a signed-in
 * user calls a user path, and the owner's (a Fashion Icon nobody signs in as) for everyone else:
 * `other` is that owner's peer, so its column is the ownership rule (the owner's data unchanged is
 * checked after the run). Inputs are in access-inputs.ts, one per row, valid for the caller.
 */

export const PRINCIPALS = ['anon', 'enthusiast', 'stylist', 'collector', 'icon', 'other', 'admin', 'expiredAdmin', 'revokedAdmin', 'deniedAdmin', 'forgedAdmin'] as const;
export type Principal = (typeof PRINCIPALS)[number];

/** The principals that hold a user session (`other` is a second Fashion Icon). */
export const USER_PRINCIPALS = ['enthusiast', 'stylist', 'collector', 'icon', 'other'] as const satisfies readonly Principal[];
export type UserPrincipal = (typeof USER_PRINCIPALS)[number];
export const isUserPrincipal = (p: Principal): p is UserPrincipal => (USER_PRINCIPALS as readonly string[]).includes(p);

/**
 * Why the admin area refuses each principal but the admin (the audit log's reason, decision 0013
 * amended): no token, a user's session, and the admin tokens that do not open it (expired, minted
 * before the admin's token version moved on, logged out, signed with another key).
 */
export const REFUSAL_REASON: Record<Exclude<Principal, 'admin'>, string> = {
  anon: 'no_token', enthusiast: 'user_token', stylist: 'user_token', collector: 'user_token', icon: 'user_token', other: 'user_token',
  expiredAdmin: 'expired', revokedAdmin: 'revoked', deniedAdmin: 'denied', forgedAdmin: 'invalid',
};
/** The admin tokens that do not open the admin area: elsewhere they are no credential at all. */
const BAD_ADMIN_TOKENS = ['expiredAdmin', 'revokedAdmin', 'deniedAdmin', 'forgedAdmin'] as const;

export type Cell = 'ok' | number;
export type Statuses = Record<Principal, Cell>;

const all = (cell: Cell): Statuses => Object.fromEntries(PRINCIPALS.map((p) => [p, cell])) as Statuses;
const with_ = (base: Statuses, changes: Partial<Statuses>): Statuses => ({ ...base, ...changes });
const each = (principals: readonly Principal[], cell: Cell): Partial<Statuses> => Object.fromEntries(principals.map((p) => [p, cell]));

/** Anyone: signed out, any user, any admin token (a public path ignores a bad admin token). */
const PUBLIC = all('ok');
/** A signed-in user of any tier; an admin token is not a user session. */
const USER = with_(all('ok'), { anon: 401, admin: 401, ...each(BAD_ADMIN_TOKENS, 401) });
/** Stylist and above (wardrobe, LookBook, personalisation): an Enthusiast is refused by tier. */
const STYLIST_UP = with_(USER, { enthusiast: 403 });
/** A valid admin token only; a user's session on an admin path is no admin token. */
const ADMIN = with_(all(401), { admin: 'ok' });
/**
 * The share rule, with an admin's reading of every look (GET /api/fashion-items): a look served to
 * the caller (or saved, shared, in the LookBook) for a signed-in user; the owner's private look for
 * everyone else, which only a valid admin token reads. A bad admin token is a signed-out visitor.
 */
const OWN_LOOK = with_(all('ok'), { anon: 404, other: 404, ...each(BAD_ADMIN_TOKENS, 404) });

export interface AccessRow {
  /** The REST rows calling this procedure ('METHOD /path'); none for a tRPC-only procedure. */
  rest: string[];
  expect: Statuses;
  /** Why a row is not simply its access kind. */
  why?: string;
  /** What an allowed call answers, when not 200 (an extra path that redirects). */
  status?: number;
}

const row = (rest: string | string[], expect: Statuses, why?: string): AccessRow => ({ rest: typeof rest === 'string' ? [rest] : rest, expect, ...(why ? { why } : {}) });

/**
 * Keyed by procedure path; `path#case` is a second call of the same procedure with another input
 * (both doors again), for a rule the first input does not reach.
 */
export const ACCESS: Record<string, AccessRow> = {
  // Accounts (user-area §7)
  'auth.botCheck': row('GET /api/auth/bot-check', PUBLIC),
  'auth.register': row('POST /api/auth/register', PUBLIC),
  'auth.login': row('POST /api/auth/login', PUBLIC),
  'auth.refresh': row('POST /api/auth/refresh', USER),
  'auth.logout': row('POST /api/auth/logout', USER, 'each call ends a fresh session of the caller'),
  'auth.logoutAllDevices': row('POST /api/auth/logout-all-devices', USER, "each call ends a throwaway account's sessions: another user's never end (owner check)"),
  'auth.sessions': row('GET /api/auth/sessions', USER),
  'auth.checkUsername': row('GET /api/auth/check-username/:username', PUBLIC),
  'auth.searchUsers': row('GET /api/auth/search-users', PUBLIC),
  'auth.forgotPassword': row('POST /api/auth/forgot-password', PUBLIC),
  'auth.resetPassword': row('POST /api/auth/reset-password', all(400), 'public; an unknown reset token is invalid_token for everyone'),
  'user.profile': row('GET /api/user/profile', USER),
  'user.updateProfile': row('PATCH /api/user/profile', USER),
  'user.changePassword': row('POST /api/user/change-password', USER, 'on a throwaway account of the caller'),
  'user.deleteAccount': row('DELETE /api/user/delete-account', USER, 'on a throwaway account of the caller'),
  'user.geolocationPreferences': row('POST /api/user/geolocation-preferences', USER),
  // Shopping
  'shopping.localizedDomains': row('GET /api/user/localized-domains', USER),
  'shopping.trackClick': row('POST /api/fashion-items/:id/track-click', with_(USER, { other: 404 }), "a piece of a look the caller may not see is not found (the share rule)"),
  // Catalog
  'catalog.monthlyTrends': row('GET /api/monthly-trends', PUBLIC),
  'catalog.seasons': row('GET /api/seasons', PUBLIC),
  'catalog.occasions': row('GET /api/occasions', PUBLIC),
  'catalog.styleVibes': row('GET /api/style-vibes', STYLIST_UP),
  'catalog.bodyShapes': row('GET /api/body-shapes', STYLIST_UP),
  'catalog.skinTones': row('GET /api/skin-tones', PUBLIC),
  'catalog.trendConversion': row('GET /api/trend-conversion', PUBLIC),
  'catalog.landingShowcase': row('GET /api/landing/showcase', PUBLIC),
  'catalog.lookbookStats': row('GET /api/lookbook/stats', PUBLIC),
  // Generation
  'generate.outfit': row('POST /api/generate-outfit', USER),
  'generate.outfit#personalised': row('POST /api/generate-outfit', with_(USER, { enthusiast: 400 }), 'a style vibe is personalisation: Stylist and above (the spec answers 400, not 403)'),
  'generate.fashionItems': row('GET /api/fashion-items/:imageId', OWN_LOOK, "a look served to the caller; the owner's for the rest: not found but to an admin token (the admin gallery)"),
  'generate.fashionItems#saved': row('GET /api/fashion-items/:imageId', OWN_LOOK, "a look the caller saved; the owner's saved look for the rest"),
  'generate.fashionItems#shared': row('GET /api/fashion-items/:imageId', PUBLIC, "the owner's shared look: its link is public"),
  'generate.fashionItems#lookbook': row('GET /api/fashion-items/:imageId', PUBLIC, 'a LookBook look: public'),
  'generate.fashionItems#archived': row('GET /api/fashion-items/:imageId', with_(all(404), { admin: 'ok' }), 'a look served to the caller (the owner, for the rest), then archived: only an admin reads it'),
  'generate.fashionItems#unknown': row('GET /api/fashion-items/:imageId', all(404), 'an id no look has, for an admin too'),
  // Sharing
  'share.create': row('POST /api/share/outfit', with_(USER, { other: 404 }), "another user's served look does not exist for the caller"),
  'share.outfit': row('GET /api/share/outfit/:imageId', PUBLIC, 'a shared look: its link is public'),
  'share.outfit#unshared': row('GET /api/share/outfit/:imageId', all(404), 'a served look nobody shared: no link opens it, not even its owner\'s'),
  'share.track': row('POST /api/user/track-share', with_(USER, { other: 404 })),
  // Wardrobe and LookBook
  'wardrobe.list': row('GET /api/siims/wardrobe', STYLIST_UP),
  'wardrobe.collections': row('GET /api/siims/wardrobe/collections', STYLIST_UP),
  'wardrobe.save': row('POST /api/siims/wardrobe', with_(STYLIST_UP, { other: 404 }), "another user's served look does not exist for the caller"),
  'wardrobe.remove': row('DELETE /api/siims/wardrobe/:imageId', STYLIST_UP, "another user's saved look: removed is false (the spec's answer for a look not in your wardrobe); the owner keeps it"),
  'wardrobe.notes': row('PATCH /api/siims/wardrobe/:id/notes', with_(STYLIST_UP, { other: 404 })),
  'wardrobe.contains': row([], USER, "any tier; another user's saved ids answer none saved"),
  'lookbook.list': row('GET /api/siims/lookbook', STYLIST_UP),
  'lookbook.list#filtered': row('GET /api/siims/lookbook', with_(STYLIST_UP, { stylist: 403, collector: 403 }), 'filters are a Fashion Icon feature'),
  'meta.version': row('GET /api/version', PUBLIC),
  'meta.platform': row('GET /api/platform', PUBLIC),
  // Administrators (settings-and-admin §7.2)
  'admin.login': row('POST /api/admin/login', PUBLIC),
  'admin.logout': row('POST /api/admin/logout', ADMIN, "each call ends a fresh sign-in of the admin's: the admin token of the run stays valid"),
  'admin.me': row('GET /api/admin/me', ADMIN),
  'admin.audit.list': row('GET /api/admin/audit-log', ADMIN),
  'admin.analytics.stats': row('GET /api/admin/stats', ADMIN),
  'admin.analytics.inventoryStats': row('GET /api/admin/inventory-stats', ADMIN),
  'admin.severity.inventory': row('GET /api/admin/inventory-severity', ADMIN),
  'admin.severity.queueStatus': row('GET /api/admin/sev-queue-status', ADMIN),
  'admin.severity.sevStats': row('GET /api/admin/sev-stats', ADMIN),
  'admin.severity.pods': row('GET /api/admin/runpods-status', ADMIN),
  'admin.inventory.matrix': row('GET /api/admin/combo-matrix', ADMIN),
  'admin.inventory.combination': row('GET /api/admin/inventory/:combinationCode', ADMIN),
  'admin.settings.get': row('GET /api/admin/settings', ADMIN),
  'admin.settings.update': row('PATCH /api/admin/settings', ADMIN),
  'admin.prompts.regenerate': row('POST /api/admin/regenerate-enhanced-prompts', ADMIN),
  'admin.prompts.verify': row('GET /api/admin/verify-prompts', ADMIN),
  'admin.prompts.samples': row('GET /api/admin/sample-prompts', ADMIN),
  'admin.performance.get': row('GET /api/admin/performance-mode', ADMIN),
  'admin.performance.set': row('POST /api/admin/optimize-runpod-performance', ADMIN),
  'admin.gallery.list': row('GET /api/admin/images', ADMIN),
  'admin.gallery.filterOptions': row('GET /api/admin/filter-options', ADMIN),
  'admin.gallery.comboDetails': row('GET /api/admin/combo-details/:combinationCode', ADMIN),
  'admin.gallery.makePublic': row('POST /api/admin/images/:id/make-public', ADMIN),
  'admin.gallery.remove': row('DELETE /api/admin/images/:id', ADMIN),
  'admin.gallery.cleanupLowQuality': row('POST /api/admin/cleanup-low-quality', ADMIN),
  'admin.users.createTestUsers': row('POST /api/admin/create-test-users', ADMIN),
  'admin.users.list': row('GET /api/admin/users', ADMIN),
  'admin.users.endSessions': row('POST /api/admin/users/:userId/end-sessions', ADMIN, "the admin ends a throwaway user's sessions; refused callers name the owner's id"),
  // Held referrals (docs/decisions/0015): `userId` is the friend who signed up.
  'admin.users.referrals': row('GET /api/admin/users/:userId/referrals', ADMIN, "a fresh referrer's list; refused callers name the owner"),
  'admin.users.releaseReferral': row('POST /api/admin/users/:userId/referral/release', ADMIN, "a fresh held referral; refused callers name the owner's, which stays held"),
  'admin.users.releaseReferral#decided': row('POST /api/admin/users/:userId/referral/release', with_(ADMIN, { admin: 409 }), 'a revoked referral: decided once (referral_not_held)'),
  'admin.users.revokeReferral': row('POST /api/admin/users/:userId/referral/revoke', ADMIN, "a fresh held referral; refused callers name the owner's, which stays held"),
  'admin.users.revokeReferral#decided': row('POST /api/admin/users/:userId/referral/revoke', with_(ADMIN, { admin: 409 }), 'a released referral: decided once (referral_not_held)'),
  'admin.generator.options': row('GET /api/admin/generator/options', ADMIN),
  'admin.generator.generate': row('POST /api/admin/generator/generate', with_(ADMIN, { admin: 400 }), 'past the gate the service asks for a selection: a render is admin-generator.test.ts\'s business'),
  'admin.blocked.list': row('GET /api/admin/blocked-images', ADMIN),
  'admin.blocked.stats': row('GET /api/admin/blocked-images/stats', ADMIN),
  'admin.blocked.restore': row('POST /api/admin/blocked-images/:id/restore', ADMIN),
  'admin.blocked.review': row('POST /api/admin/blocked-images/:id/review', ADMIN),
  'admin.blocked.cleanup': row('POST /api/admin/blocked-images/cleanup', ADMIN),
  'admin.batch.list': row('GET /api/admin/batch-jobs', ADMIN),
  'admin.batch.startSequential': row('POST /api/admin/batch-generate-sequential', ADMIN),
  'admin.batch.generate': row('POST /api/admin/batch-generate', ADMIN),
  'admin.batch.cancel': row('POST /api/admin/batch-jobs/:id/cancel', ADMIN),
  'admin.batch.clearPipeline': row('POST /api/admin/clear-pipeline', ADMIN),
  'admin.batch.initQueue': row('POST /api/admin/sev-queue-init', ADMIN),
  'admin.showcase.lookbookImages': row('GET /api/admin/lookbook-images', ADMIN),
  'admin.showcase.items': row('GET /api/admin/showcase-items', ADMIN),
  'admin.showcase.add': row('POST /api/admin/add-to-showcase', ADMIN),
  'admin.showcase.remove': row('DELETE /api/admin/showcase-items/:imageId', ADMIN),
  'admin.showcase.removeFromLookbook': row('DELETE /api/admin/lookbook-images/:imageId', ADMIN),
};

/** The procedure of a row key (`share.outfit#unshared` -> `share.outfit`). */
export const procedureOfKey = (key: string) => key.split('#')[0]!;

/**
 * The admin queries written to the audit log when answered (adminAuditedReadProcedure: reads of
 * personal or refused data, decision 0013 amended). Every admin mutation is written too; any other
 * query writes nothing.
 */
export const AUDITED_READS = ['admin.users.list', 'admin.blocked.list', 'admin.users.referrals'] as const;

/**
 * The server's API paths outside the REST table and /trpc, and the operator's paths at the top
 * level (Fastify's routes, listed when the app is built): each needs a row here too, or the
 * coverage test fails.
 */
export const EXTRA_PATHS: Record<string, AccessRow> = {
  'GET /api/admin/blocked-images/:id/image': row([], ADMIN, "a blocked image's private picture; refused callers ask for the owner's victim"),
  'GET /api/openapi.json': row([], PUBLIC),
  'GET /api/assets/logo/official': row([], PUBLIC, "the brand's logo"),
  // The API reference (Scalar's viewer of the OpenAPI document): /api/docs leads to its page.
  'GET /api/docs': { ...row([], PUBLIC, 'a redirect to the page, where the viewer\'s relative paths resolve'), status: 301 },
  'GET /api/docs/': row([], PUBLIC, 'the API reference page'),
  'GET /api/docs/js/scalar.js': row([], PUBLIC, "the viewer's script, served from our origin"),
  'GET /healthz': row([], PUBLIC, 'liveness, for the orchestrator'),
  'GET /readyz': row([], PUBLIC, 'readiness, for the orchestrator and the load balancer'),
  'GET /metrics': row([], all(401), "every call comes through the proxy (X-Forwarded-For) and no session or admin token is the metrics token: only loopback or METRICS_TOKEN (metrics.test.ts)"),
};
