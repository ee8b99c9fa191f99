// The shapes composition hands to rendering, prompting, scoring and the pipeline.
import type { BodyShapeId, Combination, Gender, NamedColor, OccasionId, PatternKey, PieceType, PriceRange, SelectionRef, SkinToneId } from '@drape/contracts';
import type { Climate, GarmentKey } from './garments';

export interface Piece {
  /** Which garment shape this is (drives the drawing). */
  readonly key: GarmentKey;
  readonly name: string;
  readonly type: PieceType;
  readonly color: NamedColor;
  /** The print or texture drawn on it; null for a plain fabric. */
  readonly pattern: PatternKey | null;
  readonly description: string;
  readonly priceRange: PriceRange;
  /** The user's own piece (its My Pieces id), in a look built around it; absent for a composed one. */
  readonly owned?: string;
}

export type HairStyle =
  | 'long_waves' | 'bob' | 'bun' | 'ponytail' | 'curls'
  | 'crop' | 'quiff' | 'buzz' | 'short_curls';

/** The model wearing the look; unset personalizations are resolved from the seed. */
export interface Person {
  readonly gender: Gender;
  readonly bodyShape: BodyShapeId;
  readonly skinTone: SkinToneId;
  readonly hairStyle: HairStyle;
  readonly hairColor: string;
  /** A short beard (some male models only). */
  readonly beard: boolean;
}

export interface Look {
  readonly combination: Combination;
  readonly combinationCode: string;
  readonly seed: number | string;
  readonly selection: SelectionRef;
  /** Display name of the trend, palette or occasion. */
  readonly title: string;
  readonly occasion: OccasionId | null;
  readonly climate: Climate;
  /** The color story the pieces were colored from: the chosen palette, or one that suits. */
  readonly palette: { readonly id: string; readonly name: string; readonly colors: readonly NamedColor[] };
  readonly pattern: PatternKey | null;
  readonly pieces: readonly Piece[];
  /** Distinct piece colors, in piece order. */
  readonly colorsUsed: readonly NamedColor[];
  /** Top worn inside the bottom's waistband (drawing order). */
  readonly tucked: boolean;
  readonly model: Person;
}

/** The distinct colours of these pieces, in piece order (a look's `colorsUsed`). */
export function colorsOf(pieces: readonly Piece[]): NamedColor[] {
  const colors: NamedColor[] = [];
  for (const p of pieces) if (!colors.some((c) => c.hex === p.color.hex)) colors.push(p.color);
  return colors;
}
