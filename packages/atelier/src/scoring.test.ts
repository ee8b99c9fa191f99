import { describe, expect, it } from 'vitest';
import { compose } from './compose';
import { passesQuality, qualityScore, qualityThreshold, type QualityInput } from './scoring';

const palette = [{ hex: '#151515' }, { hex: '#FAFAFA' }, { hex: '#C0392B' }, { hex: '#C19A6B' }];
const outfit = (top: string, bottom: string, extra: QualityInput['pieces'] = []): QualityInput['pieces'] => [
  { type: 'top', color: { hex: top } },
  { type: 'bottom', color: { hex: bottom } },
  { type: 'shoes', color: { hex: '#151515' } },
  { type: 'accessory', color: { hex: '#C19A6B' } },
  ...extra,
];

describe('qualityScore', () => {
  it('scores a complete, on-palette, contrasting, sharp look near the top', () => {
    const r = qualityScore({ pieces: outfit('#FAFAFA', '#151515'), palette, sharpness: 1 });
    expect(r.breakdown).toEqual({ paletteAdherence: 1, contrast: 1, completeness: 1, sharpness: 1 });
    expect(r.score).toBe(100);
  });

  it('counts the share of pieces outside the palette', () => {
    const r = qualityScore({ pieces: outfit('#00FF00', '#151515'), palette, sharpness: 1 });
    expect(r.breakdown.paletteAdherence).toBeCloseTo(3 / 4);
    expect(r.score).toBeLessThan(100);
  });

  it('gives no contrast credit to a top and bottom of the same color', () => {
    const same = qualityScore({ pieces: outfit('#C0392B', '#C0392B'), palette, sharpness: 1 });
    const apart = qualityScore({ pieces: outfit('#C0392B', '#FAFAFA'), palette, sharpness: 1 });
    expect(same.breakdown.contrast).toBe(0);
    expect(apart.breakdown.contrast).toBeGreaterThan(0.5);
    expect(apart.score - same.score).toBeGreaterThanOrEqual(10);
  });

  it('marks an outfit without shoes or a bottom as incomplete', () => {
    const pieces = outfit('#FAFAFA', '#151515').filter((p) => p.type !== 'shoes' && p.type !== 'bottom');
    const r = qualityScore({ pieces, palette, sharpness: 1 });
    expect(r.breakdown.completeness).toBe(0.5);
  });

  it('clamps sharpness to 0..1 and treats NaN as 0', () => {
    expect(qualityScore({ pieces: outfit('#FAFAFA', '#151515'), palette, sharpness: 3 }).breakdown.sharpness).toBe(1);
    expect(qualityScore({ pieces: outfit('#FAFAFA', '#151515'), palette, sharpness: Number.NaN }).breakdown.sharpness).toBe(0);
    expect(qualityScore({ pieces: outfit('#FAFAFA', '#151515'), palette, sharpness: 0 }).score).toBe(80);
  });

  it('passes a freshly composed look at a typical illustration sharpness', () => {
    for (let seed = 0; seed < 50; seed++) {
      const look = compose({ gender: seed % 2 ? 'male' : 'female', palette: 'botanic_pop' }, seed);
      const { score } = qualityScore({ pieces: look.pieces, palette: look.palette.colors, sharpness: 0.6 });
      expect(score).toBeGreaterThanOrEqual(70);
    }
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
