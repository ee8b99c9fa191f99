import { describe, expect, it } from 'vitest';
import { silhouette } from './silhouette';

describe('silhouette', () => {
  it('scores the shaping pieces: one that flatters the shape fully, one it is better without not at all', () => {
    const result = silhouette([
      { type: 'bottom', flatters: ['pear'] },
      { type: 'top', avoidFor: ['pear'] },
      { type: 'shoes', flatters: ['apple'] },
    ], 'pear');
    expect(result).toEqual({ score: 0.5, flattering: [0], unflattering: [1] });
  });

  it('gives a garment that makes no claim for the shape a middle score', () => {
    expect(silhouette([{ type: 'dress' }], 'hourglass').score).toBe(0.6);
    expect(silhouette([{ type: 'dress', flatters: ['pear'] }], 'hourglass').score).toBe(0.6);
  });

  it('has nothing to judge when no piece shapes the silhouette', () => {
    expect(silhouette([{ type: 'accessory' }, { type: 'shoes' }], 'rectangle').score).toBe(1);
  });
});
