import { isReservedUsername } from '@drape/contracts';
import { describe, expect, it } from 'vitest';
import { routes } from './router';

/** The first segment of a route's path, when it is fixed (not `/`, a parameter or the catch-all). */
function topLevelWord(path: string | undefined): string | null {
  const first = (path ?? '').split('/')[1] ?? '';
  return /^[A-Za-z0-9_-]+$/.test(first) ? first : null;
}

describe("the web app's routes", () => {
  it('are each a reserved username: a route added without its word in contracts fails here', () => {
    const words = routes.map((r) => topLevelWord(r.path)).filter((w): w is string => w !== null);
    // The listing itself: the router's routes as they are today.
    expect(words).toEqual(expect.arrayContaining(['auth', 'login', 'reset-password', 'auth-demo', 'outfit', 'outfit-result', 'pieces', '404']));
    expect(words.filter((w) => !isReservedUsername(w))).toEqual([]);
  });

  it('leave /{username} to the referral route, after every fixed path', () => {
    const referral = routes.findIndex((r) => r.path === '/:username');
    expect(referral).toBeGreaterThan(0);
    expect(routes.slice(referral + 1).map((r) => r.path)).toEqual(['*']);
  });
});
