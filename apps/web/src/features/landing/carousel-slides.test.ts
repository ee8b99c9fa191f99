import { describe, expect, it } from 'vitest';
import { toSlides, wrapSlide } from './carousel-slides';

describe('wrapSlide', () => {
  it('moves forward and back within the slides', () => {
    expect(wrapSlide(0, 1, 3)).toBe(1);
    expect(wrapSlide(1, 1, 3)).toBe(2);
    expect(wrapSlide(2, -1, 3)).toBe(1);
  });

  it('wraps from the last slide to the first and from the first to the last', () => {
    expect(wrapSlide(2, 1, 3)).toBe(0);
    expect(wrapSlide(0, -1, 3)).toBe(2);
    expect(wrapSlide(1, 7, 3)).toBe(2);
    expect(wrapSlide(0, -4, 3)).toBe(2);
  });

  it('stays at 0 with no slides', () => {
    expect(wrapSlide(0, 1, 0)).toBe(0);
  });
});

describe('toSlides', () => {
  it('cuts fifteen items into three slides of five', () => {
    const slides = toSlides(Array.from({ length: 15 }, (_, i) => i), 3, 5, () => -1);
    expect(slides).toEqual([[0, 1, 2, 3, 4], [5, 6, 7, 8, 9], [10, 11, 12, 13, 14]]);
  });

  it('fills the missing places and drops what does not fit', () => {
    expect(toSlides(['a', 'b'], 2, 2, (p) => `fill${p}`)).toEqual([['a', 'b'], ['fill2', 'fill3']]);
    expect(toSlides(['a', 'b', 'c'], 1, 2, () => '-')).toEqual([['a', 'b']]);
  });
});
