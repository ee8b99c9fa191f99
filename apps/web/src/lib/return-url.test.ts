import { describe, expect, it } from 'vitest';
import { safeReturnUrl } from './return-url';

describe('safeReturnUrl', () => {
  const origin = 'https://drape.example';

  it('keeps a path on this site, with its query and hash', () => {
    expect(safeReturnUrl('/outfit/6f1c2d3e-4a5b-4c6d-8e7f-001122334455', '/dashboard', origin)).toBe('/outfit/6f1c2d3e-4a5b-4c6d-8e7f-001122334455');
    expect(safeReturnUrl('/lookbook?gender=female#top', '/dashboard', origin)).toBe('/lookbook?gender=female#top');
  });

  it.each([
    null, '', 'dashboard', 'https://evil.example/', '//evil.example/', '/\\evil.example', '\\/evil.example', '/\t/evil.example', '/\n/evil.example', 'javascript:alert(1)',
  ])('refuses %j for the fallback', (raw) => {
    expect(safeReturnUrl(raw, '/dashboard', origin)).toBe('/dashboard');
  });
});
