import { describe, expect, it } from 'vitest';
import { isReservedUsername, usernameProblem, usernameSchema } from './username';

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
  });
});
