import { TRPCClientError } from '@trpc/client';
import { authMessages, type AppErrorCode } from '@drape/contracts';

interface ErrorData {
  appCode?: AppErrorCode;
  httpStatus?: number;
  retryAfterSeconds?: number;
}

function dataOf(err: unknown): ErrorData | undefined {
  if (err instanceof TRPCClientError) return (err.data ?? undefined) as ErrorData | undefined;
  return undefined;
}

/** The application code of a server answer (`username_taken`...), or undefined. */
export function errorCode(err: unknown): AppErrorCode | undefined {
  return dataOf(err)?.appCode;
}

export function retryAfterSeconds(err: unknown): number | undefined {
  return dataOf(err)?.retryAfterSeconds;
}

/** True when no answer came back from the server at all (offline, connection refused). */
export function isNetworkError(err: unknown): boolean {
  if (err instanceof TRPCClientError) return !err.data && !err.shape;
  return err instanceof TypeError;
}

/** The message to show: the server's own message, the network message, or the fallback. */
export function errorMessage(err: unknown, fallback: string): string {
  if (isNetworkError(err)) return authMessages.networkError;
  if (err instanceof TRPCClientError && dataOf(err)?.appCode && err.message) return err.message;
  return fallback;
}

export function isSessionExpiredError(err: unknown): boolean {
  const data = dataOf(err);
  return data?.appCode === 'unauthorized';
}
