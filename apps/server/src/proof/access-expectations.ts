import { procedureList, type Access } from '@drape/api';

/**
 * The authorisation matrix's expectations: for every tRPC procedure (and the REST row it declares),
 * the status each principal gets for a well-formed call. The rows are generated from the router
 * (issue 17): a procedure's expectation is its builder's access (public, signed-in user, admin),
 * unless RULES below says otherwise and why; a new procedure gets its row from its builder, and
 * access-matrix.test.ts fails until access-inputs.ts gives it a valid call.
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
  /** The REST row calling this procedure ('METHOD /path'); none for a tRPC-only procedure. */
  rest: string[];
  expect: Statuses;
  /** Why a row is not simply its access kind. */
  why?: string;
  /** What an allowed call answers, when not 200 (an extra path that redirects). */
  status?: number;
}

const row = (rest: string | string[], expect: Statuses, why?: string): AccessRow => ({ rest: typeof rest === 'string' ? [rest] : rest, expect, ...(why ? { why } : {}) });

/** What each access kind of the builders admits ('viewer': public, knowing a signed-in caller). */
const BY_ACCESS: Record<Access, Statuses> = { public: PUBLIC, viewer: PUBLIC, user: USER, admin: ADMIN };

/**
 * Where a procedure's expectation is not its access kind's, or its call needs saying: keyed by
 * procedure path; `path#case` is a second call of the same procedure with another input (both
 * doors again), for a rule the first input does not reach.
 */
const RULES: Record<string, { expect?: Statuses; why: string }> = {
  'auth.logout': { why: 'each call ends a fresh session of the caller' },
  'auth.logoutAllDevices': { why: "each call ends a throwaway account's sessions: another user's never end (owner check)" },
  'auth.resetPassword': { expect: all(400), why: 'public; an unknown reset token is invalid_token for everyone' },
  'user.changePassword': { why: 'on a throwaway account of the caller' },
  'user.deleteAccount': { why: 'on a throwaway account of the caller' },
  'shopping.trackClick': { expect: with_(USER, { other: 404 }), why: 'a piece of a look the caller may not see is not found (the share rule)' },
  'catalog.styleVibes': { expect: STYLIST_UP, why: 'personalisation options: Stylist and above' },
  'catalog.bodyShapes': { expect: STYLIST_UP, why: 'personalisation options: Stylist and above' },
  'generate.outfit#personalised': { expect: with_(USER, { enthusiast: 400 }), why: 'a style vibe is personalisation: Stylist and above (the spec answers 400, not 403)' },
  'generate.fashionItems': { expect: OWN_LOOK, why: "a look served to the caller; the owner's for the rest: not found but to an admin token (the admin gallery)" },
  'generate.fashionItems#saved': { expect: OWN_LOOK, why: "a look the caller saved; the owner's saved look for the rest" },
  'generate.fashionItems#shared': { expect: PUBLIC, why: "the owner's shared look: its link is public" },
  'generate.fashionItems#lookbook': { expect: PUBLIC, why: 'a LookBook look: public' },
  'generate.fashionItems#archived': { expect: with_(all(404), { admin: 'ok' }), why: 'a look served to the caller (the owner, for the rest), then archived: only an admin reads it' },
  'generate.fashionItems#unknown': { expect: all(404), why: 'an id no look has, for an admin too' },
  'share.create': { expect: with_(USER, { other: 404 }), why: "another user's served look does not exist for the caller" },
  'share.outfit': { expect: PUBLIC, why: 'a shared look: its link is public' },
  'share.outfit#unshared': { expect: all(404), why: "a served look nobody shared: no link opens it, not even its owner's" },
  'share.track': { expect: with_(USER, { other: 404 }), why: "another user's look: not found" },
  'wardrobe.list': { expect: STYLIST_UP, why: 'the wardrobe: Stylist and above' },
  'wardrobe.collections': { expect: STYLIST_UP, why: 'the wardrobe: Stylist and above' },
  'wardrobe.save': { expect: with_(STYLIST_UP, { other: 404 }), why: "another user's served look does not exist for the caller" },
  'wardrobe.remove': { expect: STYLIST_UP, why: "another user's saved look: removed is false (the spec's answer for a look not in your wardrobe); the owner keeps it" },
  'wardrobe.notes': { expect: with_(STYLIST_UP, { other: 404 }), why: "another user's wardrobe item: not found" },
  'wardrobe.contains': { why: "any tier; another user's saved ids answer none saved" },
  'closet.update': { expect: with_(USER, { other: 404 }), why: "another user's piece: not found" },
  'closet.remove': { expect: with_(USER, { other: 404 }), why: "a fresh piece of the caller's; another user's piece is not found, the owner keeps it" },
  'lookbook.list': { expect: STYLIST_UP, why: 'the LookBook: Stylist and above' },
  'lookbook.list#filtered': { expect: with_(STYLIST_UP, { stylist: 403, collector: 403 }), why: 'filters are a Fashion Icon feature' },
  'admin.logout': { why: "each call ends a fresh sign-in of the admin's: the admin token of the run stays valid" },
  'admin.users.endSessions': { why: "the admin ends a throwaway user's sessions; refused callers name the owner's id" },
  // Held referrals (docs/decisions/0015): `userId` is the friend who signed up.
  'admin.users.referrals': { why: "a fresh referrer's list; refused callers name the owner" },
  'admin.users.releaseReferral': { why: "a fresh held referral; refused callers name the owner's, which stays held" },
  'admin.users.releaseReferral#decided': { expect: with_(ADMIN, { admin: 409 }), why: 'a revoked referral: decided once (referral_not_held)' },
  'admin.users.revokeReferral': { why: "a fresh held referral; refused callers name the owner's, which stays held" },
  'admin.users.revokeReferral#decided': { expect: with_(ADMIN, { admin: 409 }), why: 'a released referral: decided once (referral_not_held)' },
  'admin.generator.generate': { expect: with_(ADMIN, { admin: 400 }), why: "past the gate the service asks for a selection: a render is admin-generator.test.ts's business" },
};

/** The procedure of a row key (`share.outfit#unshared` -> `share.outfit`). */
export const procedureOfKey = (key: string) => key.split('#')[0]!;

const PROCEDURE_ROWS = new Map(procedureList.map((p) => [p.path, {
  rest: p.meta.rest ? [`${p.meta.rest.method} ${p.meta.rest.path}`] : [],
  expect: BY_ACCESS[p.meta.access ?? 'public'],
}]));

/**
 * Keyed by procedure path (and `path#case`): one row per procedure of the router, its REST row and
 * its builder's expectation, with RULES applied. A rule of no procedure is an error, not a row.
 */
export const ACCESS: Record<string, AccessRow> = Object.fromEntries(
  [...PROCEDURE_ROWS.keys(), ...Object.keys(RULES).filter((key) => key.includes('#'))].map((key) => {
    const base = PROCEDURE_ROWS.get(procedureOfKey(key))!;
    const rule = RULES[key];
    return [key, row(base.rest, rule?.expect ?? base.expect, rule?.why)];
  }),
);
for (const key of Object.keys(RULES)) if (!PROCEDURE_ROWS.has(procedureOfKey(key))) throw new Error(`access rule ${key} names no procedure`);

/**
 * The admin queries written to the audit log when answered (reads of personal or refused data,
 * decision 0013 amended): those that declare `meta.audit`. Every admin mutation declares it too;
 * any other query writes nothing.
 */
export const AUDITED_READS: readonly string[] = procedureList.filter((p) => p.type === 'query' && p.meta.audit).map((p) => p.path);
/** Every procedure written to the audit log once answered, from the router. */
export const AUDITED: ReadonlySet<string> = new Set(procedureList.filter((p) => p.meta.audit).map((p) => p.path));

/**
 * The server's API paths outside the REST table and /trpc, and the operator's paths at the top
 * level (Fastify's routes, listed when the app is built): each needs a row here too, or the
 * coverage test fails.
 */
export const EXTRA_PATHS: Record<string, AccessRow> = {
  'GET /api/admin/blocked-images/:id/image': row([], ADMIN, "a blocked image's private picture; refused callers ask for the owner's victim"),
  'GET /api/openapi.json': row([], PUBLIC),
  // My Pieces' file routes (closet-routes.ts): a signed-in user's, the photos their owner's only.
  'POST /api/closet/pieces': { ...row([], USER, 'a photographed piece added to the caller\'s own closet'), status: 201 },
  'GET /api/closet/pieces/:id/photo': row([], with_(USER, { other: 404 }), "a piece's private photo: another user's is not found"),
  'GET /api/closet/pieces/:id/thumbnail': row([], with_(USER, { other: 404 }), "a piece's private thumbnail: another user's is not found"),
  'GET /api/assets/logo/official': row([], PUBLIC, "the brand's logo"),
  // The API reference (Scalar's viewer of the OpenAPI document): /api/docs leads to its page.
  'GET /api/docs': { ...row([], PUBLIC, 'a redirect to the page, where the viewer\'s relative paths resolve'), status: 301 },
  'GET /api/docs/': row([], PUBLIC, 'the API reference page'),
  'GET /api/docs/js/scalar.js': row([], PUBLIC, "the viewer's script, served from our origin"),
  'GET /healthz': row([], PUBLIC, 'liveness, for the orchestrator'),
  'GET /readyz': row([], PUBLIC, 'readiness, for the orchestrator and the load balancer'),
  'GET /metrics': row([], all(401), "every call comes through the proxy (X-Forwarded-For) and no session or admin token is the metrics token: only loopback or METRICS_TOKEN (metrics.test.ts)"),
};
