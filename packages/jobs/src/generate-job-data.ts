import { z } from 'zod';
import { BODY_SHAPES, GENDERS, OCCASIONS, PALETTES, SKIN_TONES, STYLE_VIBES, TRENDS, type Combination } from '@drape/contracts';

/** Who asked for an image: a person waiting (live), the SEV batch, or an operator. */
export type JobSource = 'live' | 'batch' | 'admin';

/**
 * The payload of a `generate` job: the combination as requested (personalization a request left
 * open stays open; the worker chooses it from the seed), the seed, and where it came from.
 */
export type GenerateJobData = Combination & {
  seed: number;
  source: JobSource;
  batchJobId?: string;
};

/** The one way a payload is made: catalog-typed in, no optional key set to undefined out. */
export function generateJobData(combination: Combination, opts: { seed: number; source: JobSource; batchJobId?: string }): GenerateJobData {
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
  })
  .strict()
  .refine((d) => [d.trend, d.palette, d.occasion].filter((v) => v !== undefined).length === 1, 'exactly one of trend, palette or occasion');

/** A payload read back from the queue (the worker's side): checked, not cast. */
export function parseGenerateJobData(raw: unknown): GenerateJobData {
  return payloadSchema.parse(raw) as GenerateJobData;
}
