import { TRPCClientError } from '@trpc/client';

interface ErrorData {
  appCode?: string;
  httpStatus?: number;
}

export const NETWORK_ERROR_MESSAGE = 'Unable to connect to the server. Please check your connection.';
export const GENERIC_ERROR_MESSAGE = 'Something went wrong. Please try again.';

function dataOf(error: unknown): ErrorData | null {
  if (!(error instanceof TRPCClientError)) return null;
  const data: unknown = error.data;
  return data && typeof data === 'object' ? (data as ErrorData) : null;
}

/** The application code the server put in `data.appCode`, if any. */
export function appCodeOf(error: unknown): string | null {
  return dataOf(error)?.appCode ?? null;
}

export function httpStatusOf(error: unknown): number | null {
  return dataOf(error)?.httpStatus ?? null;
}

export function isAdminUnauthorized(error: unknown): boolean {
  return appCodeOf(error) === 'admin_unauthorized';
}

/** A message fit to show: the server's own when it answered with one, else a network or generic one. */
export function userMessageOf(error: unknown, fallback: string = GENERIC_ERROR_MESSAGE): string {
  if (error instanceof TRPCClientError) {
    if (appCodeOf(error)) return error.message || fallback;
    // No application code: the request never reached the API (offline, proxy page, aborted).
    return NETWORK_ERROR_MESSAGE;
  }
  return fallback;
}
