import type { PatternKey } from '@drape/contracts';
import { PATTERN_KEYS } from '@drape/contracts';
import { describe, expect, it } from 'vitest';
import { PRINT_SCALE, patternMixing } from './pattern-mixing';

const look = (...patterns: (PatternKey | null)[]) => patterns.map((pattern) => ({ pattern }));

describe('patternMixing', () => {
  it('is at ease with no print or one, and does not count denim or a bright solid as prints', () => {
    expect(patternMixing(look(null, null))).toMatchObject({ score: 1, verdict: 'plain' });
    expect(patternMixing(look('florals', null, 'denim', 'solid_bright'))).toMatchObject({ score: 1, verdict: 'one print', printed: [0] });
  });

  it('likes two prints at different scales or a matching set, not two of one scale', () => {
    const mixed = patternMixing(look('florals', 'stripes'));
    const matching = patternMixing(look('check', 'check'));
    const clash = patternMixing(look('animal', 'waves'));
    expect(mixed.verdict).toBe('scales mixed');
    expect(matching.verdict).toBe('matching prints');
    expect(clash.verdict).toBe('scales clash');
    expect(clash.score).toBeLessThan(mixed.score);
  });

  it('marks three prints as too many', () => {
    expect(patternMixing(look('florals', 'stripes', 'animal'))).toMatchObject({ verdict: 'too many prints', printed: [0, 1, 2] });
  });

  it('knows a scale, or that it is no print, for every pattern of the catalogue', () => {
    expect(Object.keys(PRINT_SCALE).sort()).toEqual([...PATTERN_KEYS].sort());
  });
});
