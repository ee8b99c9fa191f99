// The colours of a photographed piece (issue 19, section 3): what the closet measures from a
// user's photo once the server has decoded and shrunk it. The background is estimated from the
// photo's border and left out; the rest is grouped into colours by perceived difference; the
// largest group is the piece's colour, and a second large, distinct group makes it patterned.
// No garment recognition: the category is the user's, colour and pattern are measured. The piece
// should fill most of the photo (the upload screen will ask for it): a small piece in the middle
// of a large backdrop is taken for a print on the backdrop's colour.
import type { ColorFamily } from '@drape/contracts';
import { ciede2000, familyOf } from './color-science';

/** Pixels this close (CIEDE2000) to the border's colour are background. */
const BACKGROUND_DISTANCE = 12;
/** Pixels this close to a group's colour join it. */
const SAME_COLOUR = 10;
/** With less than this share left after removing the background, the piece fills the frame. */
const FILLS_FRAME = 0.05;
/** The border's colour covering this share of the photo's centre is the piece's own (a print that fills the frame). */
const CENTRE_IS_PIECE = 0.3;
/** A second colour this large and this far from the first makes a piece patterned. */
const SECOND_COLOUR_SHARE = 0.2;
const SECOND_COLOUR_DISTANCE = 20;

export interface PhotoColour {
  readonly hex: string;
  /** Share of the piece's pixels, 0..1. */
  readonly share: number;
}

export interface PhotoColours {
  /** The piece's main colour and its family. */
  readonly main: PhotoColour;
  readonly family: ColorFamily;
  /** Every colour group, largest first. */
  readonly colours: readonly PhotoColour[];
  readonly pattern: 'solid' | 'patterned';
  /** The border's colour, or null when the piece fills the frame. */
  readonly background: string | null;
}

const hexOf = (r: number, g: number, b: number): string =>
  `#${[r, g, b].map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`.toUpperCase();

/**
 * `pixels`: RGB or RGBA bytes, row by row, `width` x `height` (a small copy of the photo: 64 px a
 * side measures a garment's colours as well as the full photo, at a fraction of the cost).
 */
export function measurePhotoColours(pixels: Uint8Array, width: number, height: number, channels: 3 | 4): PhotoColours {
  const count = width * height;
  if (count === 0 || pixels.length < count * channels) throw new Error('measurePhotoColours: no pixels');
  const at = (i: number): [number, number, number] => [pixels[i * channels]!, pixels[i * channels + 1]!, pixels[i * channels + 2]!];
  const hexAt = (i: number) => hexOf(...at(i));

  // The border's median colour (robust to a corner of the piece reaching the edge).
  const border: number[] = [];
  for (let x = 0; x < width; x++) border.push(x, (height - 1) * width + x);
  for (let y = 1; y < height - 1; y++) border.push(y * width, y * width + width - 1);
  const median = (channel: number) => {
    const values = border.map((i) => at(i)[channel]!).sort((a, b) => a - b);
    return values[Math.floor(values.length / 2)]!;
  };
  const borderHex = hexOf(median(0), median(1), median(2));
  const isBackground = Array.from({ length: count }, (_, i) => ciede2000(hexAt(i), borderHex) < BACKGROUND_DISTANCE);
  let piece = Array.from({ length: count }, (_, i) => i).filter((i) => !isBackground[i]);
  // The middle half of the photo, where the piece is: mostly the border's colour there, it is no backdrop.
  const centre: number[] = [];
  for (let y = Math.floor(height / 4); y < Math.ceil((3 * height) / 4); y++) {
    for (let x = Math.floor(width / 4); x < Math.ceil((3 * width) / 4); x++) centre.push(y * width + x);
  }
  const centreShare = centre.filter((i) => isBackground[i]).length / centre.length;
  const background = piece.length / count < FILLS_FRAME || centreShare > CENTRE_IS_PIECE ? null : borderHex;
  if (background === null) piece = Array.from({ length: count }, (_, i) => i);

  // Greedy grouping in pixel order, each group keeping its running mean colour.
  const groups: { sum: [number, number, number]; n: number; hex: string }[] = [];
  for (const i of piece) {
    const [r, g, b] = at(i);
    const hex = hexOf(r, g, b);
    const group = groups.find((gr) => ciede2000(gr.hex, hex) < SAME_COLOUR);
    if (group) {
      group.sum[0] += r;
      group.sum[1] += g;
      group.sum[2] += b;
      group.n++;
      group.hex = hexOf(group.sum[0] / group.n, group.sum[1] / group.n, group.sum[2] / group.n);
    } else groups.push({ sum: [r, g, b], n: 1, hex });
  }
  const colours = groups
    .map((gr) => ({ hex: gr.hex, share: gr.n / piece.length }))
    .sort((a, b) => b.share - a.share || a.hex.localeCompare(b.hex));
  const main = colours[0]!;
  const second = colours[1];
  const patterned = second !== undefined && second.share >= SECOND_COLOUR_SHARE && ciede2000(main.hex, second.hex) >= SECOND_COLOUR_DISTANCE;
  return { main, family: familyOf(main.hex).family, colours, pattern: patterned ? 'patterned' : 'solid', background };
}
