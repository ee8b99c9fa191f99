import { SKIN_TONES } from '@drape/contracts';
import { describe, expect, it } from 'vitest';
import { APART_FROM_SKIN, BLENDS_WITH_SKIN, skinContrast } from './skin-contrast';

const skin = (id: string) => SKIN_TONES.find((t) => t.id === id)!.hex;

describe('skinContrast', () => {
  it('washes out a sand top on fair skin and a chocolate one on deep skin, and not the other way round', () => {
    const sand = [{ type: 'top' as const, color: { hex: '#E8CDB5' } }];
    const chocolate = [{ type: 'top' as const, color: { hex: '#5C3A28' } }];
    expect(skinContrast(sand, skin('fair')).score).toBe(0);
    expect(skinContrast(chocolate, skin('deep')).score).toBe(0);
    expect(skinContrast(sand, skin('deep')).score).toBe(1);
    expect(skinContrast(chocolate, skin('fair')).score).toBe(1);
  });

  it('reads the outer layer first, as it frames the face, then the top or the dress', () => {
    const look = [
      { type: 'top' as const, color: { hex: '#E8CDB5' } },
      { type: 'outerwear' as const, color: { hex: '#1F2A44' } },
    ];
    expect(skinContrast(look, skin('fair'))).toMatchObject({ piece: 1, score: 1 });
  });

  it('scores along the slope between blending in and standing apart', () => {
    const result = skinContrast([{ type: 'dress', color: { hex: '#8E5B3C' } }], skin('medium'));
    expect(result.distance).toBeGreaterThan(BLENDS_WITH_SKIN);
    expect(result.distance).toBeLessThan(APART_FROM_SKIN);
    expect(result.score).toBeCloseTo((result.distance! - BLENDS_WITH_SKIN) / (APART_FROM_SKIN - BLENDS_WITH_SKIN), 10);
  });

  it('has nothing to judge without a piece near the face', () => {
    expect(skinContrast([{ type: 'shoes', color: { hex: '#F6D7C3' } }], skin('fair'))).toEqual({ score: 1, piece: null, distance: null });
  });
});
