import { combinationCode, parseCombinationCode } from '@drape/contracts';
import { describe, expect, it } from 'vitest';
import { enumerateCombinations } from './combinations';

describe('combinations', () => {
  it('enumerates the generator choices: 5 trends, 4 palettes, 6 occasions, 2 genders', () => {
    const all = enumerateCombinations({ includeUnset: false });
    // 2 genders x 15 selections x 4 vibes x 3 body shapes x 3 skin tones
    expect(all).toHaveLength(2 * 15 * 4 * 3 * 3);
  });

  it('gives every combination a unique code that parses back to it', () => {
    const all = enumerateCombinations({ activeOnly: false });
    const codes = all.map(combinationCode);
    expect(new Set(codes).size).toBe(all.length);
    for (const [i, code] of codes.entries()) {
      expect(code).toMatch(/^[a-z0-9_.]+$/);
      expect(combinationCode(parseCombinationCode(code)!)).toBe(code);
      expect(parseCombinationCode(code)?.gender).toBe(all[i]?.gender);
    }
    expect(combinationCode({ gender: 'female', trend: 'boho_chic', styleVibe: 'elegant', bodyShape: 'pear', skinTone: 'fair' }))
      .toBe('female.trend.boho_chic.elegant.pear.fair');
  });

  it('rejects codes it would not produce', () => {
    for (const bad of ['', 'female', 'robot.trend.polka.any.any.any', 'female.trend.mystery.any.any.any', 'female.palette.polka.any.any.any', 'male.trend.polka.any.any.any.extra']) {
      expect(parseCombinationCode(bad)).toBeNull();
    }
  });
});
