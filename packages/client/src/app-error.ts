import { isAppErrorCode, type AppErrorCode } from '@drape/contracts';
import { authMessages } from '@drape/contracts/auth';
import { TRPCClientError } from '@trpc/client';

/** What the API's error formatter puts in every refusal's `data`. */
interface RefusalData {
  appCode?: unknown;
  httpStatus?: unknown;
  retryAfterSeconds?: unknown;
}

function dataOf(error: unknown): RefusalData | undefined {
  if (!(error instanceof TRPCClientError)) return undefined;
  const data: unknown = error.data;
  return data && typeof data === 'object' ? (data as RefusalData) : undefined;
}

/** The application code of a server refusal (`username_taken`, `admin_unauthorized`...), or undefined. */
export function appErrorCode(error: unknown): AppErrorCode | undefined {
  const code = dataOf(error)?.appCode;
  return isAppErrorCode(code) ? code : undefined;
}

/** The HTTP status the server answered with, or undefined when there was no answer. */
export function httpStatus(error: unknown): number | undefined {
  const status = dataOf(error)?.httpStatus;
  return typeof status === 'number' ? status : undefined;
}

/** How long a rate-limited caller should wait, when the server said so. */
export function retryAfterSeconds(error: unknown): number | undefined {
  const seconds = dataOf(error)?.retryAfterSeconds;
  return typeof seconds === 'number' ? seconds : undefined;
}

/** True when no answer came back from the server at all (offline, connection refused, a proxy's page). */
export function isNetworkError(error: unknown): boolean {
  if (error instanceof TRPCClientError) return !error.data && !error.shape;
  // fetch rejects with a TypeError when the request never got an answer.
  return error instanceof TypeError;
}

/**
 * The message to show for a failed call: the network message when nothing answered, the server's
 * own message for a refusal it explained (it carries an application code), else the caller's fallback.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (isNetworkError(error)) return authMessages.networkError;
  if (error instanceof TRPCClientError && typeof dataOf(error)?.appCode === 'string' && error.message) return error.message;
  return fallback;
}
