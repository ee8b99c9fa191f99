import type { ClosetCategory } from '@drape/contracts/closet';
import { describe, expect, it } from 'vitest';
import { groupPieces } from './piece-groups';

const piece = (id: string, category: ClosetCategory) => ({ id, category });

describe('groupPieces', () => {
  it("puts the groups in the contract's order whatever order the pieces came in", () => {
    const groups = groupPieces([piece('a', 'shoes'), piece('b', 'top'), piece('c', 'accessory'), piece('d', 'dress')]);
    expect(groups.map((g) => g.label)).toEqual(['Tops', 'Dresses', 'Shoes', 'Accessories']);
  });

  it('shows only the categories that hold a piece', () => {
    expect(groupPieces([piece('a', 'bag')]).map((g) => g.category)).toEqual(['bag']);
    expect(groupPieces([])).toEqual([]);
  });

  it("keeps the list's order inside a group (newest first)", () => {
    const groups = groupPieces([piece('new', 'top'), piece('coat', 'outerwear'), piece('old', 'top')]);
    expect(groups.map((g) => g.pieces.map((p) => p.id))).toEqual([['new', 'old'], ['coat']]);
  });
});
