import { describe, expect, it } from 'vitest';
import { isReservedUsername, referralPath, RESERVED_USERNAMES, usernameProblem, usernameSchema } from './username';

describe('username rules', () => {
  it.each([
    ['ab', 'Username must be at least 3 characters'],
    ['   ab   ', 'Username must be at least 3 characters'],
    ['abcdefghijklmnopqrstu', 'Username must be 20 characters or less'],
    ['hé_llo', 'Username can only contain letters, numbers, underscores, and hyphens'],
    ['a b', 'Username can only contain letters, numbers, underscores, and hyphens'],
    ['_abc', 'Username cannot start or end with underscore or hyphen'],
    ['abc-', 'Username cannot start or end with underscore or hyphen'],
  ])('refuses %j', (name, message) => {
    expect(usernameProblem(name)).toBe(message);
  });

  it('accepts well-formed names and trims them', () => {
    expect(usernameProblem('a_b-c9')).toBeNull();
    expect(usernameSchema.parse('  style_queen ')).toBe('style_queen');
  });

  it('reserves the app routes, in any case', () => {
    expect(isReservedUsername('Dashboard')).toBe(true);
    expect(isReservedUsername('logo-preview')).toBe(true);
    expect(isReservedUsername('dashboards')).toBe(false);
    expect(isReservedUsername('Pieces')).toBe(true);
  });

  it('reserves the server paths and the admin base path, the default one or the configured one, with its -login', () => {
    for (const word of ['login', 'reset-password', 'auth-demo', 'outfit', 'outfit-result', '404', 'healthz', 'readyz', 'metrics', 'api', 'trpc', 'media', 'backstage', 'Backstage-Login']) {
      expect(isReservedUsername(word), word).toBe(true);
    }
    expect(isReservedUsername('office-7f3k')).toBe(false);
    expect(isReservedUsername('office-7f3k', '/office-7f3k')).toBe(true);
    expect(isReservedUsername('Office-7f3k-login', '/office-7f3k')).toBe(true);
    expect(isReservedUsername('office-7f3k-x', '/office-7f3k')).toBe(false);
  });

  it('lists only words a username could be (else the list would hold a word nobody can take)', () => {
    for (const word of RESERVED_USERNAMES) expect(usernameProblem(word), word).toBeNull();
  });

  it("sends a referral link to /{username}, or straight to /auth?ref= for an account holding a route's name", () => {
    expect(referralPath('style_queen')).toBe('/style_queen');
    expect(referralPath('healthz')).toBe('/auth?ref=healthz');
    expect(referralPath('Login')).toBe('/auth?ref=Login');
  });
});
