// Silhouette balance for the body shape (issue 19, section 1): the garments a stylist picks to
// balance a shape (an A-line skirt for a pear, a V neck for an apple) and the ones they avoid for
// it, as the wardrobe records them (garments.ts `flatters`, `avoidFor`). Shoes and accessories do
// not shape the silhouette.
import type { BodyShapeId, PieceType } from '@drape/contracts';

const SHAPING: ReadonlySet<PieceType> = new Set(['top', 'bottom', 'dress', 'outerwear']);
/** A garment the wardrobe makes no claim about for this shape. */
const NO_CLAIM = 0.6;

export interface SilhouettePiece {
  readonly type: PieceType;
  readonly flatters?: readonly BodyShapeId[];
  readonly avoidFor?: readonly BodyShapeId[];
}

export interface Silhouette {
  /** 0..1 (1 when nothing shapes the silhouette). */
  readonly score: number;
  /** Indexes of the pieces that flatter the shape, and of those it is better without. */
  readonly flattering: readonly number[];
  readonly unflattering: readonly number[];
}

export function silhouette(pieces: readonly SilhouettePiece[], shape: BodyShapeId): Silhouette {
  const flattering: number[] = [];
  const unflattering: number[] = [];
  let sum = 0;
  let count = 0;
  pieces.forEach((p, i) => {
    if (!SHAPING.has(p.type)) return;
    count++;
    if (p.avoidFor?.includes(shape)) unflattering.push(i);
    else if (p.flatters?.includes(shape)) {
      flattering.push(i);
      sum += 1;
    } else sum += NO_CLAIM;
  });
  return { score: count === 0 ? 1 : sum / count, flattering, unflattering };
}
