import type { TRPCError } from '@trpc/server';
import { initTRPC } from '@trpc/server';
import { ZodError } from 'zod';
import { validateSessionToken, verifyAdminToken } from '@drape/auth';
import { APP_ERRORS, type AppErrorCode } from '@drape/contracts';
import type { Context } from './context';
import { AppError, appError } from './errors';

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
  return { appCode: 'internal', status: 500, message: APP_ERRORS.internal.message };
}

const t = initTRPC.context<Context>().create({
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
export const publicProcedure = t.procedure;

/** A signed-in user: the session is checked on every call (sliding expiry). */
export const authedProcedure = t.procedure.use(async ({ ctx, next }) => {
  const valid = ctx.sessionToken ? await validateSessionToken(ctx.db, ctx.sessionToken, ctx.req) : null;
  if (!valid || valid.user.deletion_requested_at) throw appError('unauthorized');
  return next({ ctx: { ...ctx, user: valid.user, session: valid.session, sessionToken: ctx.sessionToken as string } });
});

/** An administrator, by a short-lived admin token. */
export const adminProcedure = t.procedure.use(async ({ ctx, next }) => {
  const admin = ctx.adminToken ? await verifyAdminToken(ctx.db, ctx.adminToken) : null;
  if (!admin) throw appError('admin_unauthorized');
  return next({ ctx: { ...ctx, admin } });
});
