import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { installUnhandledAuthRejections, isAuthRejection } from './unhandled-auth-rejections';

function refusal(appCode: string, httpStatus: number) {
  return TRPCClientError.from({ error: { code: -32600, message: appCode, data: { appCode, httpStatus } } });
}

/** An unhandledrejection event as the browser fires it (Node has no PromiseRejectionEvent). */
function rejection(reason: unknown): Event {
  return Object.assign(new Event('unhandledrejection', { cancelable: true }), { reason });
}

describe('unhandled 401/403 rejections', () => {
  it('recognises 401 and 403 refusals, and errors carrying such a status', () => {
    expect(isAuthRejection(refusal('unauthorized', 401))).toBe(true);
    expect(isAuthRejection(refusal('tier_required', 403))).toBe(true);
    expect(isAuthRejection(Object.assign(new Error('Forbidden'), { status: 403 }))).toBe(true);
    expect(isAuthRejection(refusal('rate_limited', 429))).toBe(false);
    expect(isAuthRejection(new Error('boom'))).toBe(false);
    expect(isAuthRejection(undefined)).toBe(false);
    expect(isAuthRejection({ status: '401' })).toBe(false);
  });

  it('suppresses and logs them, leaves every other rejection to the browser, and uninstalls', () => {
    const target = new EventTarget();
    const logged: unknown[] = [];
    const uninstall = installUnhandledAuthRejections(target, (_message, reason) => logged.push(reason));
    const expired = refusal('unauthorized', 401);
    const auth = rejection(expired);
    target.dispatchEvent(auth);
    expect(auth.defaultPrevented).toBe(true);
    expect(logged).toEqual([expired]);

    const other = rejection(new Error('boom'));
    target.dispatchEvent(other);
    expect(other.defaultPrevented).toBe(false);
    expect(logged).toHaveLength(1);

    uninstall();
    const after = rejection(refusal('forbidden', 403));
    target.dispatchEvent(after);
    expect(after.defaultPrevented).toBe(false);
  });
});
