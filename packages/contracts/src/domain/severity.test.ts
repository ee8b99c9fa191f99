import { describe, expect, it } from 'vitest';
import { SEVERITY_BANDS, severityLevel, severityRank } from './severity';

describe('severityLevel', () => {
  it.each([
    [0, 'SEV-1'], [1, 'SEV-2'], [9, 'SEV-2'], [10, 'SEV-3'], [34, 'SEV-3'],
    [35, 'SEV-4'], [69, 'SEV-4'], [70, 'SEV-5'], [5000, 'SEV-5'],
  ] as const)('puts %i images at %s', (count, level) => {
    expect(severityLevel(count)).toBe(level);
  });

  it('refuses counts that are not whole and non-negative', () => {
    expect(() => severityLevel(-1)).toThrow(RangeError);
    expect(() => severityLevel(2.5)).toThrow(RangeError);
    expect(() => severityLevel(Number.NaN)).toThrow(RangeError);
  });

  it('agrees with the legend bands for every count up to 200', () => {
    for (let n = 0; n <= 200; n++) {
      const band = SEVERITY_BANDS.find((b) => n >= b.min && (b.max === null || n <= b.max));
      expect(band?.level).toBe(severityLevel(n));
    }
  });

  it('ranks SEV-1 as the most urgent', () => {
    expect(severityRank('SEV-1')).toBe(1);
    expect(severityRank('SEV-5')).toBe(5);
  });
});
