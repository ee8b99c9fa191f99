// The colour measures a stylist's rules read (issue 19): perceived difference (CIEDE2000) and
// lightness, chroma and hue (CIE LCh), from culori rather than by hand: the CIEDE2000 formula is
// long and easy to get subtly wrong, and culori's is checked against Sharma's published test data.
import { COLOR_FAMILY_SWATCH, COLOR_FAMILIES, PALETTES, TRENDS, type ColorFamily, type NamedColor } from '@drape/contracts';
import { converter, differenceCiede2000, type Color } from 'culori';
import { NEUTRAL_FAMILIES, trendStory } from '../color-stories';

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

/** Below this chroma any colour reads as a neutral (a greyed sage, a stone), whatever its family. */
const NEUTRAL_CHROMA = 12;

/**
 * Whether a piece's colour is a neutral: by its family (the colour stories' neutrals: navy and
 * camel are neutrals in dress, whatever their chroma), or by being too greyed to be an accent.
 */
export function readsAsNeutral(color: { readonly hex: string; readonly family: ColorFamily }): boolean {
  return NEUTRAL_FAMILIES.has(color.family) || lch(color.hex).c < NEUTRAL_CHROMA;
}

/**
 * The colours a measured colour is named against: every named colour of the catalogue's palettes
 * and trend stories (a hundred shades, each with its family), and each family's own swatch.
 */
const REFERENCES: readonly NamedColor[] = [
  ...PALETTES.flatMap((p): readonly NamedColor[] => p.colors),
  ...TRENDS.flatMap((t) => trendStory(t.id).colors),
  ...COLOR_FAMILIES.map((family): NamedColor => ({ name: family, hex: COLOR_FAMILY_SWATCH[family], family })),
];

/** A measured colour's family (of the 16 the product filters by): that of the nearest named colour. */
export function familyOf(hex: string): { readonly family: ColorFamily; readonly nearest: NamedColor; readonly distance: number } {
  let nearest = REFERENCES[0]!;
  let distance = ciede2000(hex, nearest.hex);
  for (const c of REFERENCES) {
    const d = ciede2000(hex, c.hex);
    if (d < distance) {
      nearest = c;
      distance = d;
    }
  }
  return { family: nearest.family, nearest, distance };
}
