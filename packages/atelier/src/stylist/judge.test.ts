import { PALETTES, TRENDS, type Combination } from '@drape/contracts';
import { describe, expect, it } from 'vitest';
import { compose } from '../compose';
import { judgeLook, RULE_WEIGHTS } from './judge';

describe('judgeLook', () => {
  it('applies every rule to a composed look and weighs them into one 0..1 score', () => {
    const look = compose({ gender: 'female', occasion: 'office' } satisfies Combination, 7);
    const j = judgeLook(look);
    const weighted = (Object.keys(RULE_WEIGHTS) as (keyof typeof RULE_WEIGHTS)[]).reduce((s, r) => s + j[r].score * RULE_WEIGHTS[r], 0);
    expect(j.score).toBeCloseTo(weighted, 10);
    expect(j.score).toBeGreaterThan(0);
    expect(j.score).toBeLessThanOrEqual(1);
    expect(j.palette.matches).toHaveLength(look.pieces.length);
  });

  it('weighs to 1 in all', () => {
    expect(Object.values(RULE_WEIGHTS).reduce((s, w) => s + w, 0)).toBeCloseTo(1, 10);
  });

  it('is deterministic, as the look is', () => {
    const c = { gender: 'male', trend: TRENDS[0]!.id } satisfies Combination;
    expect(judgeLook(compose(c, 'seed'))).toEqual(judgeLook(compose(c, 'seed')));
  });

  it('keeps an office look in the office register', () => {
    const looks = Array.from({ length: 10 }, (_, seed) => judgeLook(compose({ gender: 'female', occasion: 'office' } satisfies Combination, seed)));
    expect(looks.every((j) => j.occasion.coherent)).toBe(true);
    expect(Math.min(...looks.map((j) => j.occasion.score))).toBeGreaterThan(0.5);
  });

  it('judges a palette look against its own palette', () => {
    const palette = PALETTES[0]!;
    const j = judgeLook(compose({ gender: 'female', palette: palette.id } satisfies Combination, 3));
    for (const m of j.palette.matches) expect(palette.colors.map((c) => c.hex)).toContain(m.nearest.hex);
  });
});
