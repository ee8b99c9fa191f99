import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor } from './page-cursor';

describe('page cursors', () => {
  const c = { at: '1795000000123456', id: '0193b3c4-5d6e-7f80-8123-456789abcdef', n: 150 };

  it('round-trips the key and the position, opaque and URL-safe', () => {
    const text = encodeCursor(c);
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(text)).toEqual(c);
  });

  it('refuses anything this server did not hand out with a 400', () => {
    for (const bad of ['', 'not a cursor', Buffer.from('1.2.3').toString('base64url'), Buffer.from(`x.${c.id}.1`).toString('base64url'), Buffer.from(`1.${c.id}.-1`).toString('base64url')]) {
      expect(() => decodeCursor(bad), bad).toThrow(expect.objectContaining({ appCode: 'invalid_input', status: 400 }));
    }
  });
});
