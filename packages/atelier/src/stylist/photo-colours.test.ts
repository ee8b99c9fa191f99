import { describe, expect, it } from 'vitest';
import { ciede2000 } from './color-science';
import { measurePhotoColours } from './photo-colours';

type Rgb = readonly [number, number, number];
const SIZE = 32;

/** A synthetic photo: `paint(x, y)` gives each pixel's colour. */
function photo(paint: (x: number, y: number) => Rgb, channels: 3 | 4 = 3): Uint8Array {
  const out = new Uint8Array(SIZE * SIZE * channels);
  for (let y = 0; y < SIZE; y++) {
    for (let x = 0; x < SIZE; x++) {
      const [r, g, b] = paint(x, y);
      const i = (y * SIZE + x) * channels;
      out[i] = r;
      out[i + 1] = g;
      out[i + 2] = b;
      if (channels === 4) out[i + 3] = 255;
    }
  }
  return out;
}
const inside = (x: number, y: number) => x >= 8 && x < 24 && y >= 6 && y < 28;
const WHITE: Rgb = [250, 250, 248];
const RED: Rgb = [200, 20, 25];

describe('measurePhotoColours', () => {
  it('finds a solid red piece on a white background: red, solid, the background left out', () => {
    const m = measurePhotoColours(photo((x, y) => (inside(x, y) ? RED : WHITE)), SIZE, SIZE, 3);
    expect(m.family).toBe('red');
    expect(m.pattern).toBe('solid');
    expect(ciede2000(m.main.hex, '#C81419')).toBeLessThan(2);
    expect(m.main.share).toBe(1);
    expect(ciede2000(m.background!, '#FAFAF8')).toBeLessThan(2);
  });

  it('reads RGBA as well, and a navy piece on a grey backdrop as navy', () => {
    const m = measurePhotoColours(photo((x, y) => (inside(x, y) ? [31, 42, 68] : [150, 150, 150]), 4), SIZE, SIZE, 4);
    expect(m.family).toBe('navy');
  });

  it('calls red and white stripes patterned, red first when red is the larger part', () => {
    const m = measurePhotoColours(photo((_, y) => (y % 5 < 3 ? RED : WHITE)), SIZE, SIZE, 3);
    expect(m.pattern).toBe('patterned');
    expect(m.family).toBe('red');
    expect(m.colours.length).toBeGreaterThanOrEqual(2);
  });

  it('measures a piece that fills the frame as a whole, and keeps a faint texture solid', () => {
    const m = measurePhotoColours(photo((x, y) => ((x + y) % 2 === 0 ? [46, 125, 50] : [50, 130, 54])), SIZE, SIZE, 3);
    expect(m.background).toBeNull();
    expect(m.family).toBe('green');
    expect(m.pattern).toBe('solid');
  });

  it('refuses an empty picture', () => {
    expect(() => measurePhotoColours(new Uint8Array(0), 0, 0, 3)).toThrow('no pixels');
  });
});
