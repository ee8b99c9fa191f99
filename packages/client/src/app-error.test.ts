import { authMessages } from '@drape/contracts/auth';
import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { appErrorCode, errorMessage, httpStatus, isNetworkError, retryAfterSeconds } from './app-error';

/** A refusal as the API sends it: code, message, and the formatter's data. */
function refusal(message: string, data: Record<string, unknown>) {
  return TRPCClientError.from({ error: { code: -32600, message, data } });
}

describe('the client error helper', () => {
  it('reads the application code, status and retry-after of a refusal', () => {
    const error = refusal('Too many attempts. Please wait and try again.', { appCode: 'rate_limited', httpStatus: 429, retryAfterSeconds: 42 });
    expect(appErrorCode(error)).toBe('rate_limited');
    expect(httpStatus(error)).toBe(429);
    expect(retryAfterSeconds(error)).toBe(42);
    expect(isNetworkError(error)).toBe(false);
  });

  it("shows the server's own message for a refusal it explained", () => {
    const error = refusal('This username is already taken.', { appCode: 'username_taken', httpStatus: 409 });
    expect(errorMessage(error, 'fallback')).toBe('This username is already taken.');
  });

  it('shows the network message when nothing answered', () => {
    const offline = TRPCClientError.from(new TypeError('Failed to fetch'));
    expect(isNetworkError(offline)).toBe(true);
    expect(isNetworkError(new TypeError('Failed to fetch'))).toBe(true);
    expect(errorMessage(offline, 'fallback')).toBe(authMessages.networkError);
    expect(appErrorCode(offline)).toBeUndefined();
  });

  it('falls back for answers without an application code and for other errors', () => {
    expect(errorMessage(refusal('Internal', { httpStatus: 500 }), 'fallback')).toBe('fallback');
    expect(errorMessage(new Error('boom'), 'fallback')).toBe('fallback');
    expect(appErrorCode(refusal('odd', { appCode: 'not_a_code' }))).toBeUndefined();
  });
});
