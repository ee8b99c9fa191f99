import { TRPCError } from '@trpc/server';
import { APP_ERRORS, type AppErrorCode } from '@drape/contracts';

const TRPC_CODES: Record<number, TRPCError['code']> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  422: 'UNPROCESSABLE_CONTENT',
  429: 'TOO_MANY_REQUESTS',
  499: 'CLIENT_CLOSED_REQUEST',
  500: 'INTERNAL_SERVER_ERROR',
  503: 'SERVICE_UNAVAILABLE',
};

/** A failure the client is told about: an application code, its HTTP status and a message. */
export class AppError extends TRPCError {
  readonly appCode: AppErrorCode;
  readonly status: number;
  readonly retryAfterSeconds: number | undefined;

  constructor(appCode: AppErrorCode, message?: string, retryAfterSeconds?: number) {
    const def = APP_ERRORS[appCode];
    super({ code: TRPC_CODES[def.status] ?? 'INTERNAL_SERVER_ERROR', message: message ?? def.message });
    this.appCode = appCode;
    this.status = def.status;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export function appError(code: AppErrorCode, message?: string, retryAfterSeconds?: number): AppError {
  return new AppError(code, message, retryAfterSeconds);
}

/** `reason`: what the limit is, said before the wait (by default "Too many attempts."). */
export function rateLimited(retryAfterSeconds: number, code: AppErrorCode = 'rate_limited', reason?: string): AppError {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  const wait = retryAfterSeconds < 90 ? `${retryAfterSeconds} seconds` : `${minutes} minutes`;
  const base = reason ?? (code === 'account_locked' ? 'Too many failed sign-in attempts for this account.' : 'Too many attempts.');
  return new AppError(code, `${base} Please try again in ${wait}.`, retryAfterSeconds);
}
