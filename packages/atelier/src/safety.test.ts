import { describe, expect, it } from 'vitest';
import { enumerateCombinations } from './combinations';
import { compose } from './compose';
import type { Look, Piece } from './look';
import { safetyVerdict } from './safety';

const base = compose({ gender: 'female', occasion: 'office' }, 4);
const withPieces = (look: Look, pieces: Piece[]): Look => ({ ...look, pieces });

describe('safetyVerdict', () => {
  it('passes every composed look', () => {
    const combos = enumerateCombinations({ activeOnly: false });
    for (const [i, c] of combos.entries()) {
      const verdict = safetyVerdict(compose(c, i));
      expect(verdict, `${c.gender} ${c.trend ?? c.palette ?? c.occasion}`).toMatchObject({ safe: true });
    }
  });

  it('blocks a look that leaves the hips uncovered', () => {
    const look = compose({ gender: 'male', trend: 'denim' }, 1);
    const v = safetyVerdict(withPieces(look, look.pieces.filter((p) => p.type !== 'bottom')));
    expect(v).toMatchObject({ safe: false, reason: 'insufficient_clothing', details: { error: 'hips_uncovered' } });
  });

  it('blocks a look that leaves the torso uncovered', () => {
    const look = compose({ gender: 'male', trend: 'denim' }, 1);
    const v = safetyVerdict(withPieces(look, look.pieces.filter((p) => p.type !== 'top')));
    expect(v).toMatchObject({ safe: false, reason: 'insufficient_clothing' });
  });

  it('blocks swimwear away from the beach', () => {
    const office = compose({ gender: 'male', occasion: 'office' }, 2);
    const swim: Piece = { key: 'swim_shorts', name: 'Swim Shorts', type: 'bottom', color: office.pieces[0]!.color, pattern: null, description: '', priceRange: 'budget' };
    const v = safetyVerdict(withPieces(office, [...office.pieces.filter((p) => p.type !== 'bottom'), swim]));
    expect(v).toMatchObject({ safe: false, reason: 'insufficient_clothing', details: { error: 'swimwear_off_beach' } });
  });

  it('flags a dress on a male look as an attribute mismatch', () => {
    const male = compose({ gender: 'male', palette: 'sunset_sorbet' }, 3);
    const dress: Piece = { key: 'wrap_dress', name: 'Wrap Midi Dress', type: 'dress', color: male.pieces[0]!.color, pattern: null, description: '', priceRange: 'mid-range' };
    const v = safetyVerdict(withPieces(male, [dress, ...male.pieces.filter((p) => p.type !== 'top' && p.type !== 'bottom')]));
    expect(v).toMatchObject({ safe: false, reason: 'attribute_mismatch', details: { error: 'gender' } });
  });

  it('flags a color outside the chosen palette', () => {
    const look = compose({ gender: 'female', palette: 'ocean_depths' }, 5);
    const [first, ...rest] = look.pieces;
    const off = { ...first!, color: { name: 'neon green', hex: '#39FF14' as const, family: 'green' as const } };
    expect(safetyVerdict(withPieces(look, [off, ...rest]))).toMatchObject({ safe: false, reason: 'attribute_mismatch', details: { error: 'palette' } });
  });

  it('flags a model that does not match the requested skin tone', () => {
    const look = compose({ gender: 'female', trend: 'polka', skinTone: 'deep' }, 1);
    expect(safetyVerdict({ ...look, model: { ...look.model, skinTone: 'fair' } })).toMatchObject({ safe: false, reason: 'attribute_mismatch' });
  });

  it('flags hot pants at the office', () => {
    const hot: Piece = { key: 'hot_pants', name: 'High-Waisted Hot Pants', type: 'bottom', color: base.pieces[0]!.color, pattern: null, description: '', priceRange: 'budget' };
    const top = compose({ gender: 'female', occasion: 'office' }, 11);
    const pieces = top.pieces.some((p) => p.type === 'dress') ? null : [...top.pieces.filter((p) => p.type !== 'bottom'), hot];
    const look = pieces ? withPieces(top, pieces) : withPieces(base, [...base.pieces.filter((p) => p.type !== 'dress' && p.type !== 'bottom'), { ...hot, key: 'shirt', type: 'top', name: 'Shirt' }, hot]);
    expect(safetyVerdict(look)).toMatchObject({ safe: false, reason: 'attribute_mismatch', details: { error: 'occasion' } });
  });
});
