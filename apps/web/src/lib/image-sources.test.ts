import { describe, expect, it } from 'vitest';
import { imageSources } from './image-sources';

describe('imageSources', () => {
  const origin = 'https://drape.example';

  it('falls back from the CDN to the same path on our origin', () => {
    expect(imageSources(['https://cdn.example/media/looks/a.webp', 'https://cdn.example/media/looks/a.thumb.webp'], origin)).toEqual([
      'https://cdn.example/media/looks/a.webp', '/media/looks/a.webp',
      'https://cdn.example/media/looks/a.thumb.webp', '/media/looks/a.thumb.webp',
    ]);
  });

  it('keeps our own URLs as they are, without repeats or blanks', () => {
    expect(imageSources(['/media/looks/a.webp', '/media/looks/a.webp', null, ''], origin)).toEqual(['/media/looks/a.webp']);
  });
});
