// Colour harmony between the pieces (issue 19, section 1), as a stylist counts it: neutrals anchor
// a look and go with anything; one or two accent colours make it, a third competes, more is noise;
// and pieces worn against each other (top and bottom, a coat over what is under it) need to stand
// apart enough to read as two pieces.
import type { NamedColor, PieceType } from '@drape/contracts';
import { ciede2000, readsAsNeutral } from './color-science';

/** Accents closer than this are one accent colour (a rust scarf with terracotta trousers). */
export const SAME_ACCENT = 12;
/** Pieces worn against each other this far apart (CIEDE2000) read as fully separate. */
export const FULL_SEPARATION = 25;

/** What the count of distinct accent colours is worth: none is quiet, one or two is right. */
const ACCENT_WORTH = [0.85, 1, 1, 0.55] as const;
const TOO_MANY_ACCENTS = 0.2;
/** Two or more accents with nothing neutral to rest the eye lose this share. */
const UNANCHORED = 0.8;

export interface HarmonyPiece {
  readonly type: PieceType;
  readonly color: NamedColor;
}

export interface Harmony {
  /** 0..1. */
  readonly score: number;
  /** Indexes of the pieces in a neutral. */
  readonly neutrals: readonly number[];
  /** The distinct accent colours, each with the pieces that wear it. */
  readonly accents: readonly { readonly color: NamedColor; readonly pieces: readonly number[] }[];
  /** Mean separation of the pieces worn against each other, 0..1 (1 when no two are). */
  readonly separation: number;
}

/** The pairs a stylist looks at together: top and bottom, the outer layer and what is under it. */
function wornAgainst(pieces: readonly HarmonyPiece[]): [number, number][] {
  const at = (type: PieceType) => pieces.findIndex((p) => p.type === type);
  const top = at('top');
  const bottom = at('bottom');
  const dress = at('dress');
  const coat = at('outerwear');
  const pairs: [number, number][] = [];
  if (top >= 0 && bottom >= 0) pairs.push([top, bottom]);
  const under = top >= 0 ? top : dress;
  if (coat >= 0 && under >= 0) pairs.push([coat, under]);
  return pairs;
}

export function harmony(pieces: readonly HarmonyPiece[]): Harmony {
  const neutrals: number[] = [];
  const accents: { color: NamedColor; pieces: number[] }[] = [];
  pieces.forEach((p, i) => {
    if (readsAsNeutral(p.color)) {
      neutrals.push(i);
      return;
    }
    const same = accents.find((a) => ciede2000(a.color.hex, p.color.hex) < SAME_ACCENT);
    if (same) same.pieces.push(i);
    else accents.push({ color: p.color, pieces: [i] });
  });
  const pairs = wornAgainst(pieces);
  const separation = pairs.length === 0
    ? 1
    : pairs.reduce((s, [a, b]) => s + Math.min(1, ciede2000(pieces[a]!.color.hex, pieces[b]!.color.hex) / FULL_SEPARATION), 0) / pairs.length;
  const accentWorth = ACCENT_WORTH[accents.length] ?? TOO_MANY_ACCENTS;
  const anchored = accents.length >= 2 && neutrals.length === 0 ? UNANCHORED : 1;
  return { score: (0.6 * accentWorth + 0.4 * separation) * anchored, neutrals, accents, separation };
}
