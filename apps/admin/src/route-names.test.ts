import { DEFAULT_ADMIN_BASE_PATH, isReservedUsername } from '@drape/contracts';
import { describe, expect, it } from 'vitest';
import { routes } from './router';

/** The first segment of a route's path, when it is fixed (not a parameter or the catch-all). */
function topLevelWord(path: string | undefined): string | null {
  const first = (path ?? '').split('/')[1] ?? '';
  return /^[A-Za-z0-9_-]+$/.test(first) ? first : null;
}

describe("the admin app's routes", () => {
  it('are each a reserved username (the base path, outside a browser the default one, and its -login)', () => {
    const words = routes.map((r) => topLevelWord(r.path)).filter((w): w is string => w !== null);
    // The listing itself: the router's top-level paths as they are today.
    const base = DEFAULT_ADMIN_BASE_PATH.slice(1);
    expect(words).toEqual(expect.arrayContaining([base, `${base}-login`]));
    expect(words.filter((w) => !isReservedUsername(w))).toEqual([]);
  });
});
