// Fit to the occasion (issue 19, section 1): each garment has a formality range (0 lounge or
// sport, 1 casual, 2 smart, 3 dressy: garments.ts), and the brief a selection sets has one. A piece
// inside the brief's range fits; one step outside it half fits; further out it does not. And the
// pieces must share a register: a hoodie with a pencil skirt fits no occasion at once.
export type Formality = readonly [min: number, max: number];

export interface OccasionFit {
  /** 0..1. */
  readonly score: number;
  /** Indexes of the pieces outside the brief's range. */
  readonly outOfRegister: readonly number[];
  /** Whether the pieces share a formality (their ranges meet). */
  readonly coherent: boolean;
}

/** Steps between two ranges; 0 when they overlap. */
const gap = (a: Formality, b: Formality): number => Math.max(0, a[0] - b[1], b[0] - a[1]);
/** A look whose pieces share no formality loses this share. */
const INCOHERENT = 0.7;

export function occasionFit(pieces: readonly { readonly formality: Formality }[], brief: Formality): OccasionFit {
  if (pieces.length === 0) return { score: 0, outOfRegister: [], coherent: true };
  const outOfRegister: number[] = [];
  let sum = 0;
  pieces.forEach((p, i) => {
    const steps = gap(p.formality, brief);
    if (steps > 0) outOfRegister.push(i);
    sum += steps === 0 ? 1 : steps === 1 ? 0.5 : 0;
  });
  const lowestTop = Math.min(...pieces.map((p) => p.formality[1]));
  const highestBottom = Math.max(...pieces.map((p) => p.formality[0]));
  const coherent = highestBottom <= lowestTop;
  return { score: (sum / pieces.length) * (coherent ? 1 : INCOHERENT), outOfRegister, coherent };
}
