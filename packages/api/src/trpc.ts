import { initTRPC, type TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import { inspectAdminToken, validateSessionToken, verifyAdminToken, type AdminIdentity } from '@drape/auth';
import { APP_ERRORS, SERVICE_UNAVAILABLE_RETRY_SECONDS, type AppErrorCode } from '@drape/contracts';
import { AUDIT_REFUSED_CALL, type AuditRefusalReason } from '@drape/contracts/admin';
import { cachedPlatformSettings, isDatabaseUnavailable, type SessionRow, type UserRow } from '@drape/db';
import { recordAudit, recordRefusal } from '@drape/operations';
import { readCaller, type CallerFacts } from './auth/caller';
import type { Context } from './context';
import { AppError, appError } from './errors';
import type { AuditTarget, ProcedureMeta } from './procedure-meta';
import { procedureOnSurface } from './surfaces';

/** The application code, status and message of any error thrown by a procedure. */
export function describeError(error: TRPCError): { appCode: AppErrorCode; status: number; message: string; retryAfterSeconds?: number } {
  if (error instanceof AppError) {
    return { appCode: error.appCode, status: error.status, message: error.message, retryAfterSeconds: error.retryAfterSeconds };
  }
  if (error.cause instanceof ZodError) {
    const issue = error.cause.issues[0];
    const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
    return { appCode: 'invalid_input', status: 400, message: issue ? `${where}${issue.message}` : APP_ERRORS.invalid_input.message };
  }
  if (error.code === 'BAD_REQUEST' || error.code === 'PARSE_ERROR') {
    return { appCode: 'invalid_input', status: 400, message: error.message || APP_ERRORS.invalid_input.message };
  }
  if (error.code === 'NOT_FOUND') return { appCode: 'not_found', status: 404, message: APP_ERRORS.not_found.message };
  if (error.code === 'METHOD_NOT_SUPPORTED') return { appCode: 'invalid_input', status: 405, message: error.message };
  // tRPC's own refusals of a body it cannot read, before any procedure runs: the client's fault.
  if (error.code === 'UNSUPPORTED_MEDIA_TYPE') return { appCode: 'invalid_input', status: 415, message: error.message };
  if (error.code === 'PAYLOAD_TOO_LARGE') return { appCode: 'invalid_input', status: 413, message: error.message };
  if (isDatabaseUnavailable(error.cause)) return { appCode: 'service_unavailable', status: 503, message: APP_ERRORS.service_unavailable.message, retryAfterSeconds: SERVICE_UNAVAILABLE_RETRY_SECONDS };
  return { appCode: 'internal', status: 500, message: APP_ERRORS.internal.message };
}

const t = initTRPC.context<Context>().meta<ProcedureMeta>().create({
  errorFormatter({ shape, error }) {
    const d = describeError(error);
    return {
      ...shape,
      message: d.message,
      data: { ...shape.data, appCode: d.appCode, httpStatus: d.status, retryAfterSeconds: d.retryAfterSeconds, stack: undefined },
    };
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/**
 * The gate of every call, in one middleware: each middleware is a step in which tRPC copies the
 * call's options and context property by property, and a second gate cost the REST floor about a
 * fifth of its throughput (bench/README.md, issue 15).
 *
 * A listener with a surface (ADMIN_ORIGIN set) answers only its own calls: the admin area is not
 * found on the main origin, the user app's calls are not found on the admin origin.
 *
 * Maintenance Mode (docs/decisions/0014-maintenance-mode.md): while it is on, every user call,
 * tRPC or REST (the REST table calls the same procedures), answers 503 `maintenance` before
 * anything else runs. What keeps working says so in its metadata (`maintenance: 'open'`): the
 * admin area (its builders set it) and what the web app needs to show and leave the maintenance
 * page (`meta.platform`). The toggle is read through a per-process cache of a few seconds, not
 * once per request.
 */
const callGate = t.middleware(async ({ ctx, path, meta, next }) => {
  if (ctx.surface && !procedureOnSurface(ctx.surface, path, meta)) throw appError('not_found');
  if (meta?.maintenance !== 'open') await refuseDuringMaintenance(ctx);
  return next();
});

async function refuseDuringMaintenance(ctx: Context): Promise<void> {
  const platform = await cachedPlatformSettings(ctx.services.db);
  if (platform.maintenanceMode) throw appError('maintenance');
}

export const publicProcedure = t.procedure.use(callGate).meta({ access: 'public' });

/**
 * A signed-in user's call: the session checked (sliding expiry), its user and token at hand, and
 * what most calls need besides, read in the same statement (`caller`: today's usage, referral count).
 */
export type AuthedContext = Context & SignedIn;

/** An administrator's call, by a short-lived admin token that still matches a current admin. */
export type AdminContext = Context & { admin: AdminIdentity };

/** What a signed-in call knows of its caller (AuthedContext's additions). */
export interface SignedIn {
  user: UserRow;
  session: SessionRow;
  sessionToken: string;
  caller: CallerFacts;
}

/** The caller of the request's session, or 401: no session, an expired or ended one, an account being deleted. */
async function signedInCaller(ctx: Context): Promise<SignedIn> {
  const token = ctx.sessionToken;
  // From the process's cache, else one statement: the session, its user, today's usage and the referral count (docs/decisions/0029).
  const valid = token ? await readCaller(ctx.services.db, token, ctx.services.config.SESSION_MAX_DAYS, ctx.req, ctx.services.callers) : null;
  if (!token || !valid || valid.user.deletion_requested_at) throw appError('unauthorized');
  return { user: valid.user, session: valid.session, sessionToken: token, caller: valid.facts };
}

export const authedProcedure = publicProcedure.meta({ access: 'user' }).use(async ({ ctx, type, next }) => {
  const signedIn = await signedInCaller(ctx);
  const result = await next({ ctx: signedIn });
  // The caller's own change shows on this process at once, before its notification arrives.
  if (type === 'mutation') ctx.services.callers?.dropUser(signedIn.user.id);
  return result;
});

/**
 * The gate of a signed-in call that is no procedure (the closet's upload and photos: Fastify
 * routes, since they carry files): authedProcedure's, in its order, Maintenance Mode and then the
 * session; its refusals are the AppErrors a procedure's would be.
 */
export async function signedInCall(ctx: Context): Promise<SignedIn> {
  await refuseDuringMaintenance(ctx);
  return signedInCaller(ctx);
}

/**
 * A public call that knows its caller when one is signed in (`viewer`, else null): a missing,
 * expired or ended session is a signed-out visitor here, never a 401.
 */
export const viewerProcedure = publicProcedure.meta({ access: 'viewer' }).use(async ({ ctx, next }) => {
  const token = ctx.sessionToken;
  const valid = token ? await validateSessionToken(ctx.services.db, token, ctx.services.config.SESSION_MAX_DAYS, ctx.req) : null;
  return next({ ctx: { viewer: valid && !valid.user.deletion_requested_at ? valid.user : null } });
});

/**
 * A public call that also knows an administrator: `admin` when an admin token verifies, else null,
 * beside the viewer of viewerProcedure. An admin token that does not verify is a signed-out caller
 * here, never a 401.
 */
export const viewerOrAdminProcedure = viewerProcedure.use(async ({ ctx, next }) => {
  const admin = ctx.adminToken ? await verifyAdminToken(ctx.services.db, ctx.adminToken) : null;
  return next({ ctx: { admin } });
});

/**
 * An administrator's call: refused (401 `admin_unauthorized`) without a token that opens the admin
 * area, and every refusal is written to the audit log, coalesced per client address and reason
 * (operations' recordRefusal), so a flood of refused calls cannot fill the table. Open during
 * Maintenance Mode.
 *
 * A procedure that declares `audit` in its metadata (every admin change, and the reads of personal
 * or refused data) is written to the audit log once it succeeds: who, the procedure, the target
 * its metadata names, from where; of the input and the answer only the fields the action's
 * allowlist in contracts (AUDIT_KEPT_FIELDS) names. The CLI writes the same rows with the
 * procedure's name as the action. One middleware for both: each middleware is a step that copies
 * the call's options (see callGate).
 */
export const adminProcedure = publicProcedure.meta({ access: 'admin', maintenance: 'open' }).use(async ({ ctx, path, type, meta, getRawInput, next }) => {
  const verdict = ctx.adminToken ? await inspectAdminToken(ctx.services.db, ctx.adminToken) : null;
  if (!verdict?.ok) {
    // A session token (Bearer or cookie) where an admin token belongs: a user knocking on the admin area.
    const reason: AuditRefusalReason = verdict ? verdict.reason : ctx.sessionToken ? 'user_token' : 'no_token';
    await recordRefusal(ctx.services.db, {
      action: AUDIT_REFUSED_CALL, reason, adminKey: verdict?.adminKey ?? null, targetId: path,
      ipAddress: ctx.req.ipAddress, userAgent: ctx.req.userAgent,
    });
    throw appError('admin_unauthorized');
  }
  const result = await next({ ctx: { admin: verdict.admin } });
  // An admin's change (a tier, ended sessions) shows on this process at once, before its notification arrives.
  if (type === 'mutation') ctx.services.callers?.dropAll();
  if (result.ok && meta?.audit) {
    const input = await getRawInput().catch(() => undefined);
    await recordAudit(
      ctx.services.db,
      { kind: 'admin', name: verdict.admin.adminKey, ipAddress: ctx.req.ipAddress, userAgent: ctx.req.userAgent },
      { action: path, ...auditTarget(meta.audit.target, input, result.data), details: { input: input ?? null, result: result.data } },
    );
  }
  return result;
});

/** The target an audited call declares, read from its input or its answer. */
function auditTarget(target: AuditTarget, input: unknown, answer: unknown): { targetType: string | null; targetId: string | null } {
  if (!target) return { targetType: null, targetId: null };
  const source = 'input' in target ? input : answer;
  const value = source && typeof source === 'object' ? (source as Record<string, unknown>)['input' in target ? target.input : target.answer] : undefined;
  return { targetType: target.type, targetId: typeof value === 'string' || typeof value === 'number' ? String(value) : null };
}

/** Why an admin sign-in failed, for the audit log; bad input (400) is not a sign-in attempt. */
function signInRefusal(error: TRPCError): AuditRefusalReason | null {
  const { appCode } = describeError(error);
  if (appCode === 'invalid_input') return null;
  if (appCode === 'account_locked' || appCode === 'rate_limited' || appCode === 'bot_check_required') return appCode;
  return 'invalid_credentials';
}

/**
 * The admin sign-in: a success is written to the audit log under the admin's key, a refusal
 * (wrong key or password, locked, over the limit) coalesced per address like refused calls, with
 * the key that was tried and never the password.
 */
export const adminSignInProcedure = publicProcedure.meta({ maintenance: 'open' }).use(async ({ ctx, path, getRawInput, next }) => {
  const result = await next();
  const input = await getRawInput().catch(() => undefined);
  const tried = input && typeof input === 'object' ? (input as Record<string, unknown>).adminKey : undefined;
  const req = { ipAddress: ctx.req.ipAddress, userAgent: ctx.req.userAgent };
  if (result.ok) {
    const name = typeof tried === 'string' ? tried.trim() : '';
    await recordAudit(ctx.services.db, { kind: 'admin', name, ...req }, { action: path });
  } else {
    const reason = signInRefusal(result.error);
    if (reason) await recordRefusal(ctx.services.db, { action: path, reason, input, ...req });
  }
  return result;
});

/**
 * Sign-in and sign-out procedures say so here; services only return the token, and the transport
 * sets or clears the cookie from `ctx.response` once the call succeeded.
 */
const startsSession = t.middleware(async ({ ctx, next }) => {
  const result = await next();
  if (result.ok) {
    const data = result.data as { token?: unknown; accessToken?: unknown } | undefined;
    const token = typeof data?.token === 'string' ? data.token : typeof data?.accessToken === 'string' ? data.accessToken : null;
    if (token) ctx.response.session = { token };
  }
  return result;
});

const endsSession = t.middleware(async ({ ctx, next }) => {
  const result = await next();
  if (result.ok) ctx.response.session = 'clear';
  return result;
});

export const signInProcedure = publicProcedure.use(startsSession);
export const sessionRefreshProcedure = authedProcedure.use(startsSession);
export const signOutProcedure = authedProcedure.use(endsSession);
