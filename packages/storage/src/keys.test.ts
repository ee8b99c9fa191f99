import { describe, expect, it } from 'vitest';
import { StorageKeyError, assertStorageArea, assertStorageKey, contentTypeOf, isStorageKey, normalizePrefix } from './keys';

describe('storage keys', () => {
  it('accepts the keys the pipeline writes', () => {
    for (const key of ['looks/0b6f4c1e-8a7d-4f0e-9a55-1c2d3e4f5a6b.webp', 'looks/job-1.thumb.webp', 'blocked/attempt_9.webp', 'a.png']) {
      expect(() => assertStorageKey(key)).not.toThrow();
      expect(isStorageKey(key)).toBe(true);
    }
  });

  it.each([
    ['', 'empty'],
    ['../etc/passwd.png', 'parent segment'],
    ['looks/../../x.webp', 'parent segment inside'],
    ['./looks/x.webp', 'dot segment'],
    ['/looks/x.webp', 'absolute'],
    ['looks//x.webp', 'empty segment'],
    ['looks/x.webp/', 'trailing slash'],
    ['looks\\x.webp', 'backslash'],
    ['looks/.x.webp', 'hidden name (partial files)'],
    ['looks/x y.webp', 'space'],
    ['looks/%2e%2e.webp', 'percent'],
    ['looks/é.webp', 'non-ASCII'],
    ['looks/x.webp\u0000', 'NUL'],
    ['looks/x', 'no extension'],
    ['looks/x.svg', 'SVG (can carry script)'],
    ['looks/x.html', 'not an image'],
    [`looks/${'a'.repeat(600)}.webp`, 'too long'],
  ])('refuses %j (%s)', (key) => {
    expect(() => assertStorageKey(key)).toThrow(StorageKeyError);
    expect(isStorageKey(key)).toBe(false);
  });

  it('refuses a key that is not a string', () => {
    expect(() => assertStorageKey(42)).toThrow(StorageKeyError);
    expect(() => assertStorageKey(undefined)).toThrow(StorageKeyError);
  });

  it('names the content type by the extension, whatever its case', () => {
    expect(contentTypeOf('looks/a.webp')).toBe('image/webp');
    expect(contentTypeOf('looks/a.thumb.WEBP')).toBe('image/webp');
    expect(contentTypeOf('x/a.jpg')).toBe('image/jpeg');
    expect(contentTypeOf('x/a.jpeg')).toBe('image/jpeg');
    expect(contentTypeOf('x/a.png')).toBe('image/png');
  });

  it('knows the two areas only', () => {
    expect(() => assertStorageArea('public')).not.toThrow();
    expect(() => assertStorageArea('private')).not.toThrow();
    expect(() => assertStorageArea('media')).toThrow(StorageKeyError);
  });

  it('normalises an S3 prefix and refuses a bad one', () => {
    expect(normalizePrefix(undefined)).toBe('');
    expect(normalizePrefix('')).toBe('');
    expect(normalizePrefix('drape')).toBe('drape/');
    expect(normalizePrefix('env/prod/')).toBe('env/prod/');
    expect(() => normalizePrefix('../x')).toThrow(StorageKeyError);
    expect(() => normalizePrefix('/abs')).toThrow(StorageKeyError);
  });
});
