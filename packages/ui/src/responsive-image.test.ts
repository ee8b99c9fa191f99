import { describe, expect, it } from 'vitest';
import { imageCandidates, srcSetOf } from './responsive-image';

const origin = 'https://drape.example';
const files = [
  { url: 'https://cdn.example/media/looks/a.thumb.webp', width: 384 },
  { url: 'https://cdn.example/media/looks/a.webp', width: 768 },
];

describe('imageCandidates', () => {
  it('offers every file from the CDN first, smallest first', () => {
    expect(srcSetOf(imageCandidates([...files].reverse(), new Set(), origin)))
      .toBe('https://cdn.example/media/looks/a.thumb.webp 384w, https://cdn.example/media/looks/a.webp 768w');
  });

  it('offers a file that failed on the CDN again from our origin, the others unchanged', () => {
    const failed = new Set(['https://cdn.example/media/looks/a.thumb.webp']);
    expect(imageCandidates(files, failed, origin)).toEqual([
      { url: '/media/looks/a.thumb.webp', width: 384 },
      { url: 'https://cdn.example/media/looks/a.webp', width: 768 },
    ]);
  });

  it('drops a file whose every address failed, then has nothing left', () => {
    const thumbGone = new Set(['https://cdn.example/media/looks/a.thumb.webp', 'https://drape.example/media/looks/a.thumb.webp']);
    expect(imageCandidates(files, thumbGone, origin)).toEqual([{ url: 'https://cdn.example/media/looks/a.webp', width: 768 }]);
    const allGone = new Set([...thumbGone, 'https://cdn.example/media/looks/a.webp', 'https://drape.example/media/looks/a.webp']);
    expect(imageCandidates(files, allGone, origin)).toEqual([]);
  });

  it('a file on our origin has one address; missing URLs and repeated widths are skipped', () => {
    expect(imageCandidates([{ url: '/media/a.thumb.webp', width: 384 }, { url: null, width: 768 }, { url: '/media/b.webp', width: 384 }], new Set(), origin))
      .toEqual([{ url: '/media/a.thumb.webp', width: 384 }]);
    expect(imageCandidates([{ url: '/media/a.webp', width: 768 }], new Set(['https://drape.example/media/a.webp']), origin)).toEqual([]);
  });
});
