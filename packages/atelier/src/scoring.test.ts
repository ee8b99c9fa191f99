import { describe, expect, it } from 'vitest';
import { compose } from './compose';
import type { Look, Piece } from './look';
import { JUDGEMENT_FLOOR, passesQuality, qualityScore, qualityThreshold, stylistScale } from './scoring';
import { judgeLook } from './stylist/judge';

const look = compose({ gender: 'female', palette: 'botanic_pop' }, 3);
const without = (l: Look, types: readonly Piece['type'][]): Look => ({ ...l, pieces: l.pieces.filter((p) => !types.includes(p.type)) });

describe('qualityScore', () => {
  it('is the judgement on the stylist scale when the look is complete and sharp', () => {
    const r = qualityScore({ look, sharpness: 1 });
    expect(r.breakdown.completeness).toBe(1);
    expect(r.score).toBe(Math.round(100 * stylistScale(judgeLook(look).score)));
    expect(Object.keys(r.breakdown.rules).sort()).toEqual(['harmony', 'occasion', 'palette', 'patterns', 'silhouette', 'skin']);
  });

  it('puts the judgement floor at 0 and a look every rule passes at 100', () => {
    expect(stylistScale(JUDGEMENT_FLOOR)).toBe(0);
    expect(stylistScale(JUDGEMENT_FLOOR - 0.1)).toBe(0);
    expect(stylistScale(1)).toBe(1);
    expect(stylistScale(0.88)).toBeCloseTo(0.7);
  });

  it('uses the judgement it is given rather than judging again', () => {
    const j = judgeLook(look);
    const low = { ...j, score: 0.7 };
    expect(qualityScore({ look, judgement: low, sharpness: 1 }).score).toBe(25);
  });

  it('takes up to 30 points off for a missing bottom and shoes, and up to 20 for a blur', () => {
    const top = qualityScore({ look, sharpness: 1 }).score;
    const outfit = look.pieces.some((p) => p.type === 'dress') ? without(look, ['shoes']) : without(look, ['shoes', 'bottom']);
    const incomplete = qualityScore({ look: outfit, judgement: judgeLook(look), sharpness: 1 });
    expect(incomplete.breakdown.completeness).toBeLessThan(1);
    expect(incomplete.score).toBeLessThan(top);
    expect(incomplete.score).toBeGreaterThanOrEqual(Math.round(top * 0.7));
    expect(qualityScore({ look, sharpness: 0 }).score).toBe(Math.round(top * 0.8));
  });

  it('clamps sharpness to 0..1 and treats NaN as 0', () => {
    expect(qualityScore({ look, sharpness: 3 }).breakdown.sharpness).toBe(1);
    expect(qualityScore({ look, sharpness: Number.NaN }).breakdown.sharpness).toBe(0);
  });

  it('spreads over composed looks: not every look scores alike, and some fall under 70', () => {
    const scores = Array.from({ length: 120 }, (_, seed) =>
      qualityScore({ look: compose({ gender: seed % 2 ? 'male' : 'female', trend: seed % 3 ? 'boho_chic' : 'preppy', skinTone: 'fair' }, seed), sharpness: 1 }).score,
    );
    expect(new Set(scores).size).toBeGreaterThan(10);
    expect(scores.some((s) => s < 70)).toBe(true);
    expect(scores.some((s) => s >= 90)).toBe(true);
  });
});

describe('qualityThreshold', () => {
  it('is 65 for female + fair and 70 for everyone else', () => {
    expect(qualityThreshold('female', 'fair')).toBe(65);
    expect(qualityThreshold('female', 'medium')).toBe(70);
    expect(qualityThreshold('female', 'deep')).toBe(70);
    expect(qualityThreshold('male', 'fair')).toBe(70);
    expect(qualityThreshold('female', null)).toBe(70);
  });

  it('passes at the threshold and fails one point below', () => {
    expect(passesQuality(65, 'female', 'fair')).toBe(true);
    expect(passesQuality(64, 'female', 'fair')).toBe(false);
    expect(passesQuality(70, 'male', 'deep')).toBe(true);
    expect(passesQuality(69, 'male', 'deep')).toBe(false);
  });
});
