import { z } from 'zod';
import { BODY_SHAPES, COLOR_FAMILIES, GENDERS, OCCASIONS, PALETTES, SKIN_TONES, STYLE_VIBES, TRENDS, type ColorFamily, type Combination } from '@drape/contracts';
import { CLOSET_CATEGORIES, CLOSET_NAME_MAX, CLOSET_PATTERNS, OWNED_PIECES_MAX, type ClosetCategory, type ClosetPattern } from '@drape/contracts/closet';

/** Who asked for an image: a person waiting (live), the SEV batch, or an operator. */
export type JobSource = 'live' | 'batch' | 'admin';

/**
 * The payload of a `generate` job: the combination as requested (personalization a request left
 * open stays open; the worker chooses it from the seed), the seed, and where it came from.
 */
/** A piece of the user's own (My Pieces) as the composer needs it: a copy taken when the look was asked for. */
export interface OwnedPieceData {
  id: string;
  name: string;
  category: ClosetCategory;
  colorHex: string;
  colorFamily: ColorFamily;
  pattern: ClosetPattern;
}

export type GenerateJobData = Combination & {
  seed: number;
  source: JobSource;
  batchJobId?: string;
  /** A personal look, built around these pieces (issue 19, section 4); live only. */
  ownedPieces?: OwnedPieceData[];
};

/** The one way a payload is made: catalog-typed in, no optional key set to undefined out. */
export function generateJobData(
  combination: Combination, opts: { seed: number; source: JobSource; batchJobId?: string; ownedPieces?: readonly OwnedPieceData[] },
): GenerateJobData {
  const data: Record<string, unknown> = { gender: combination.gender };
  if (combination.trend !== undefined) data.trend = combination.trend;
  if (combination.palette !== undefined) data.palette = combination.palette;
  if (combination.occasion !== undefined) data.occasion = combination.occasion;
  if (combination.styleVibe !== undefined) data.styleVibe = combination.styleVibe;
  if (combination.bodyShape !== undefined) data.bodyShape = combination.bodyShape;
  if (combination.skinTone !== undefined) data.skinTone = combination.skinTone;
  data.seed = opts.seed >>> 0;
  data.source = opts.source;
  if (opts.batchJobId) data.batchJobId = opts.batchJobId;
  if (opts.ownedPieces && opts.ownedPieces.length > 0) data.ownedPieces = opts.ownedPieces.map((p) => ({ ...p }));
  return parseGenerateJobData(data);
}

const ids = <T extends readonly { id: string }[]>(list: T) => z.enum(list.map((e) => e.id) as [T[number]['id'], ...T[number]['id'][]]);

const payloadSchema = z
  .object({
    gender: z.enum(GENDERS),
    trend: ids(TRENDS).optional(),
    palette: ids(PALETTES).optional(),
    occasion: ids(OCCASIONS).optional(),
    styleVibe: ids(STYLE_VIBES).optional(),
    bodyShape: ids(BODY_SHAPES).optional(),
    skinTone: ids(SKIN_TONES).optional(),
    seed: z.number().int().min(0).max(2 ** 32 - 1),
    source: z.enum(['live', 'batch', 'admin']),
    batchJobId: z.uuid().optional(),
    ownedPieces: z
      .array(
        z.object({
          id: z.uuid(),
          name: z.string().min(1).max(CLOSET_NAME_MAX),
          category: z.enum(CLOSET_CATEGORIES),
          colorHex: z.string().regex(/^#[0-9a-fA-F]{6}$/),
          colorFamily: z.enum(COLOR_FAMILIES),
          pattern: z.enum(CLOSET_PATTERNS),
        }).strict(),
      )
      .min(1)
      .max(OWNED_PIECES_MAX)
      .optional(),
  })
  .strict()
  .refine((d) => [d.trend, d.palette, d.occasion].filter((v) => v !== undefined).length === 1, 'exactly one of trend, palette or occasion');

/** A payload read back from the queue (the worker's side): checked, not cast. */
export function parseGenerateJobData(raw: unknown): GenerateJobData {
  return payloadSchema.parse(raw) as GenerateJobData;
}
