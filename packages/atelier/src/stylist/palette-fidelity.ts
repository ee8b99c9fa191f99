// Fidelity to the requested palette (issue 19, section 1): how close each piece's colour is to
// the nearest colour of the palette, by CIEDE2000, on a slope rather than a pass/fail: a piece a
// shade off the palette scores most of its part, one in a colour of its own scores nothing.
import type { NamedColor } from '@drape/contracts';
import { ciede2000 } from './color-science';

/** At or under this CIEDE2000, a piece is in the palette's colour (dye lots and light vary). */
export const SAME_AS_PALETTE = 5;
/** At or over this, a piece is in a colour the palette does not have. */
export const OFF_PALETTE = 30;

export interface PaletteMatch {
  /** The piece's index in the look. */
  readonly piece: number;
  /** The palette colour nearest to the piece's. */
  readonly nearest: NamedColor;
  readonly distance: number;
  /** 1 in the palette's colour, 0 off it, in between along the slope. */
  readonly fidelity: number;
}

export interface PaletteFidelity {
  /** The pieces' mean fidelity, 0..1 (0 for a look without pieces or a palette without colours). */
  readonly score: number;
  readonly matches: readonly PaletteMatch[];
}

const slope = (distance: number): number =>
  distance <= SAME_AS_PALETTE ? 1 : distance >= OFF_PALETTE ? 0 : (OFF_PALETTE - distance) / (OFF_PALETTE - SAME_AS_PALETTE);

export function paletteFidelity(pieces: readonly { readonly color: { readonly hex: string } }[], palette: readonly NamedColor[]): PaletteFidelity {
  if (pieces.length === 0 || palette.length === 0) return { score: 0, matches: [] };
  const matches = pieces.map((p, piece): PaletteMatch => {
    let nearest = palette[0]!;
    let distance = ciede2000(p.color.hex, nearest.hex);
    for (const c of palette.slice(1)) {
      const d = ciede2000(p.color.hex, c.hex);
      if (d < distance) {
        nearest = c;
        distance = d;
      }
    }
    return { piece, nearest, distance, fidelity: slope(distance) };
  });
  return { score: matches.reduce((s, m) => s + m.fidelity, 0) / matches.length, matches };
}
