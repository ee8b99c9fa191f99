// The colour measures a stylist's rules read (issue 19): perceived difference (CIEDE2000) and
// lightness, chroma and hue (CIE LCh), from culori rather than by hand: the CIEDE2000 formula is
// long and easy to get subtly wrong, and culori's is checked against Sharma's published test data.
import type { ColorFamily } from '@drape/contracts';
import { converter, differenceCiede2000, type Color } from 'culori';

const ciede2000Of = differenceCiede2000();
const toLch = converter('lch65');

/**
 * CIEDE2000 between two colours: about 1 is the smallest difference people see, 2-5 reads as the
 * same colour in fabric, 10-20 as related shades, 30 and more as different colours.
 */
export function ciede2000(a: string | Color, b: string | Color): number {
  return ciede2000Of(a, b);
}

export interface Lch {
  /** Lightness, 0 (black) to 100 (white). */
  readonly l: number;
  /** Chroma: 0 is grey; fashion's brights reach 60-100. */
  readonly c: number;
  /** Hue angle in degrees (0 when there is no chroma). */
  readonly h: number;
}

export function lch(hex: string): Lch {
  const v = toLch(hex);
  if (!v) throw new Error(`Not a colour: ${hex}`);
  return { l: v.l, c: v.c, h: v.h ?? 0 };
}

/**
 * The families a stylist counts as neutrals: they go with anything and are not an accent. Navy and
 * brown (camel, chocolate) are neutrals in dress, whatever their chroma; gold and silver are
 * metallics, which read as accents.
 */
export const NEUTRAL_FAMILIES: ReadonlySet<ColorFamily> = new Set(['black', 'white', 'gray', 'navy', 'brown', 'beige', 'cream']);

/** Below this chroma any colour reads as a neutral (a greyed sage, a stone), whatever its family. */
const NEUTRAL_CHROMA = 12;

/** Whether a piece's colour is a neutral: by its family, or by being too greyed to be an accent. */
export function isNeutral(color: { readonly hex: string; readonly family: ColorFamily }): boolean {
  return NEUTRAL_FAMILIES.has(color.family) || lch(color.hex).c < NEUTRAL_CHROMA;
}
