import { describe, expect, it } from 'vitest';
import { showcaseImage } from './showcase-match';

const items = [
  { itemName: 'Boho Chic', imageUrl: '/media/boho.webp' },
  { itemName: 'Animal Print Explosion', imageUrl: '/media/animal.webp' },
  { itemName: 'Going Out', imageUrl: '/media/going-out.webp' },
  { itemName: 'Denim', imageUrl: null },
  { itemName: 'Denim Days', imageUrl: '/media/denim-days.webp' },
  { itemName: '', imageUrl: '/media/nameless.webp' },
];

describe('showcaseImage', () => {
  it('matches a name without regard to case, spaces or hyphens', () => {
    expect(showcaseImage(items, 'boho chic')).toBe('/media/boho.webp');
    expect(showcaseImage(items, 'GoingOut')).toBe('/media/going-out.webp');
    expect(showcaseImage(items, 'going-out')).toBe('/media/going-out.webp');
  });

  it('matches part of a name either way', () => {
    expect(showcaseImage(items, 'Animal Print')).toBe('/media/animal.webp');
    expect(showcaseImage(items, 'Boho Chic Summer')).toBe('/media/boho.webp');
  });

  it('skips entries without a picture, and prefers the same name to a partial one', () => {
    expect(showcaseImage(items, 'Denim')).toBe('/media/denim-days.webp');
    expect(showcaseImage([{ itemName: 'Denim', imageUrl: '/media/denim.webp' }, ...items], 'Denim')).toBe('/media/denim.webp');
  });

  it('answers null (the placeholder) when nothing matches, for a blank name, or before the showcase arrives', () => {
    expect(showcaseImage(items, 'Nautical Chic')).toBeNull();
    expect(showcaseImage(items, '  ')).toBeNull();
    expect(showcaseImage(undefined, 'Boho Chic')).toBeNull();
  });
});
