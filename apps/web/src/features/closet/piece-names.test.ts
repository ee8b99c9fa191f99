import { describe, expect, it } from 'vitest';
import { pieceName } from './piece-names';

describe('pieceName', () => {
  it("keeps the user's name, trimmed", () => {
    expect(pieceName({ name: '  Linen shirt ', colorFamily: 'white', category: 'top' })).toBe('Linen shirt');
  });

  it('names a piece without a name by its colour family and category, as the server does', () => {
    expect(pieceName({ name: '', colorFamily: 'red', category: 'top' })).toBe('Red top');
    expect(pieceName({ name: '   ', colorFamily: 'navy', category: 'outerwear' })).toBe('Navy outerwear');
  });
});
