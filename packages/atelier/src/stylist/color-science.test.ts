import { describe, expect, it } from 'vitest';
import { ciede2000, familyOf, lch, readsAsNeutral } from './color-science';

describe('ciede2000', () => {
  // Sharma, Wu and Dalal (2005), supplementary test data: pairs 1, 7 and 17.
  it.each([
    [{ l: 50, a: 2.6772, b: -79.7751 }, { l: 50, a: 0, b: -82.7485 }, 2.0425],
    [{ l: 50, a: 0, b: 0 }, { l: 50, a: -1, b: 2 }, 2.3669],
    [{ l: 50, a: 2.5, b: 0 }, { l: 73, a: 25, b: -18 }, 27.1492],
  ])('gives the published difference for %o and %o', (a, b, expected) => {
    expect(ciede2000({ mode: 'lab65', ...a }, { mode: 'lab65', ...b })).toBeCloseTo(expected, 3);
  });

  it('is 0 for one colour, symmetric, and about 100 from black to white', () => {
    expect(ciede2000('#B7410E', '#B7410E')).toBe(0);
    expect(ciede2000('#1F2A44', '#F5F0E6')).toBeCloseTo(ciede2000('#F5F0E6', '#1F2A44'), 10);
    expect(ciede2000('#000000', '#FFFFFF')).toBeCloseTo(100, 0);
  });
});

describe('lch and neutrals', () => {
  it('measures lightness and chroma: grey has none, a bright red a lot', () => {
    expect(lch('#808080').c).toBeLessThan(1);
    expect(lch('#D62828').c).toBeGreaterThan(60);
    expect(lch('#FFFFFF').l).toBeCloseTo(100, 0);
  });

  it('counts navy and camel as neutrals by family, a greyed sage by its chroma, not a bright green', () => {
    expect(readsAsNeutral({ hex: '#1F2A44', family: 'navy' })).toBe(true);
    expect(readsAsNeutral({ hex: '#C19A6B', family: 'brown' })).toBe(true);
    expect(readsAsNeutral({ hex: '#9CA39A', family: 'green' })).toBe(true);
    expect(readsAsNeutral({ hex: '#2E8B57', family: 'green' })).toBe(false);
    expect(readsAsNeutral({ hex: '#D4AF37', family: 'gold' })).toBe(false);
  });
});

describe('familyOf', () => {
  it.each([
    ['#D01010', 'red'],
    ['#1F2A44', 'navy'],
    ['#7F7F7F', 'gray'],
    ['#F4ECD8', 'cream'],
    ['#101010', 'black'],
    ['#2E7D32', 'green'],
    ['#C0C4C8', 'silver'],
    ['#8B5A2B', 'brown'],
  ])('names %s a %s', (hex, family) => {
    expect(familyOf(hex).family).toBe(family);
  });
});
