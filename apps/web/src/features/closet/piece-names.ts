import { closetPieceName, type ClosetPattern, type ClosetPiece } from '@drape/contracts/closet';

export const PATTERN_NAMES: Readonly<Record<ClosetPattern, string>> = { solid: 'Solid', patterned: 'Patterned' };

/** The piece's own name, or, for one whose name was emptied, the name the server gives an unnamed piece ("Red top"). */
export function pieceName(piece: Pick<ClosetPiece, 'name' | 'colorFamily' | 'category'>): string {
  return piece.name.trim() || closetPieceName(piece.colorFamily, piece.category);
}
