import { CLOSET_CATEGORIES, CLOSET_CATEGORY_NAMES, type ClosetCategory, type ClosetPiece } from '@drape/contracts/closet';

export interface PieceGroup<T> {
  category: ClosetCategory;
  /** The heading: the contract's plural name ("Tops"). */
  label: string;
  pieces: T[];
}

/**
 * The pieces under their categories, in the contract's order (tops first, accessories last), only
 * the categories that hold a piece; within a group the pieces keep the list's order (newest first).
 */
export function groupPieces<T extends Pick<ClosetPiece, 'category'>>(pieces: readonly T[]): PieceGroup<T>[] {
  const byCategory = new Map<ClosetCategory, T[]>();
  for (const piece of pieces) {
    const group = byCategory.get(piece.category);
    if (group) group.push(piece);
    else byCategory.set(piece.category, [piece]);
  }
  return CLOSET_CATEGORIES.flatMap((category) => {
    const group = byCategory.get(category);
    return group ? [{ category, label: CLOSET_CATEGORY_NAMES[category], pieces: group }] : [];
  });
}
