// Contrast with the skin tone (issue 19, section 1): the colour that frames the face (the outer
// layer, else the top or the dress) should stand apart from the skin, or the wearer looks washed
// out: a sand knit on fair skin, a chocolate one on deep skin.
import type { PieceType } from '@drape/contracts';
import { ciede2000 } from './color-science';

/** Under this CIEDE2000 from the skin, the framing colour blends into it. */
export const BLENDS_WITH_SKIN = 8;
/** From this on, it stands fully apart. */
export const APART_FROM_SKIN = 25;

const FRAMING: readonly PieceType[] = ['outerwear', 'top', 'dress'];

export interface SkinContrast {
  /** 0..1 (1 when no piece frames the face). */
  readonly score: number;
  /** The framing piece's index, or null. */
  readonly piece: number | null;
  readonly distance: number | null;
}

export function skinContrast(pieces: readonly { readonly type: PieceType; readonly color: { readonly hex: string } }[], skinHex: string): SkinContrast {
  for (const type of FRAMING) {
    const piece = pieces.findIndex((p) => p.type === type);
    if (piece < 0) continue;
    const distance = ciede2000(pieces[piece]!.color.hex, skinHex);
    const score = Math.min(1, Math.max(0, (distance - BLENDS_WITH_SKIN) / (APART_FROM_SKIN - BLENDS_WITH_SKIN)));
    return { score, piece, distance };
  }
  return { score: 1, piece: null, distance: null };
}
