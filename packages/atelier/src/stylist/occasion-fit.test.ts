import { describe, expect, it } from 'vitest';
import { occasionFit } from './occasion-fit';

describe('occasionFit', () => {
  it('fits pieces inside the brief, half fits one a step out, not one further out', () => {
    const office = [2, 3] as const;
    expect(occasionFit([{ formality: [2, 3] }, { formality: [1, 2] }], office)).toEqual({ score: 1, outOfRegister: [], coherent: true });
    expect(occasionFit([{ formality: [1, 2] }, { formality: [1, 1] }], office).score).toBeCloseTo(0.75, 10);
    expect(occasionFit([{ formality: [0, 0] }], office)).toMatchObject({ score: 0, outOfRegister: [0] });
  });

  it('marks down pieces that share no formality, even inside a wide brief', () => {
    // A hoodie (0-1) with a pencil skirt (2-3) for a brief that takes both.
    const result = occasionFit([{ formality: [0, 1] }, { formality: [2, 3] }], [0, 3]);
    expect(result.coherent).toBe(false);
    expect(result.score).toBeCloseTo(0.7, 10);
  });

  it('scores nothing without pieces', () => {
    expect(occasionFit([], [1, 2]).score).toBe(0);
  });
});
