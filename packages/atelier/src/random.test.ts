import { describe, expect, it } from 'vitest';
import { createRng, hashSeed } from './random';

describe('random', () => {
  it('repeats its sequence for the same seed and differs for another', () => {
    const a = createRng(7);
    const b = createRng(7);
    const c = createRng(8);
    const seqA = Array.from({ length: 20 }, () => a.next());
    expect(Array.from({ length: 20 }, () => b.next())).toEqual(seqA);
    expect(Array.from({ length: 20 }, () => c.next())).not.toEqual(seqA);
    for (const v of seqA) expect(v >= 0 && v < 1).toBe(true);
  });

  it('hashes strings and numbers stably into 32 bits', () => {
    expect(hashSeed('female.trend.polka', 1)).toBe(hashSeed('female.trend.polka', 1));
    expect(hashSeed('a', 1)).not.toBe(hashSeed('a', 2));
    expect(hashSeed('x')).toBeGreaterThanOrEqual(0);
    expect(hashSeed('x')).toBeLessThan(2 ** 32);
  });

  it('never picks a zero-weight item while others weigh something', () => {
    const rng = createRng(3);
    for (let i = 0; i < 500; i++) expect(rng.weighted(['a', 'b', 'c'], (x) => (x === 'b' ? 0 : 1))).not.toBe('b');
  });
});
