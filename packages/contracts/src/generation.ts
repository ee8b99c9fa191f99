import { z } from './zod';
import type { fashionItemAnswer, outfitAnswer } from './look-answers';
import { text } from './domain/text';
import { OWNED_PIECES_MAX } from './closet';

const catalogValue = text().trim().min(1).max(60);

/**
 * POST /api/generate-outfit: gender plus exactly one of occasion, trend or colorPalette, by the
 * names the screens show ('Boho Chic', 'Sunset Sorbet', 'Office') or by catalog id, any case.
 */
export const generateOutfitInput = z
  .object({
    gender: text().trim().max(20).optional(),
    occasion: catalogValue.optional().nullable(),
    trend: catalogValue.optional().nullable(),
    colorPalette: catalogValue.optional().nullable(),
    color_palette: catalogValue.optional().nullable(),
    styleVibe: catalogValue.optional().nullable(),
    skinTone: catalogValue.optional().nullable(),
    bodyShape: catalogValue.optional().nullable(),
    /** Up to two of the caller's own pieces (My Pieces) to build the look around (issue 19, section 4). */
    ownedPieceIds: z
      .array(z.uuid('Not a piece id'))
      .max(OWNED_PIECES_MAX, `Choose at most ${OWNED_PIECES_MAX} of your pieces`)
      .refine((ids) => new Set(ids).size === ids.length, 'Choose each piece once')
      .optional(),
  })
  .strict();
export type GenerateOutfitInput = z.infer<typeof generateOutfitInput>;

/** GET /api/fashion-items/{imageId}. */
export const fashionItemsInput = z.object({ imageId: z.uuid('Not an image id') });

export const generationMessages = {
  genderRequired: 'Please select a gender to generate your outfit.',
  selectionRequired: 'Please choose a trend, color palette, or occasion to generate your image.',
  oneSelection: 'Choose only one of a trend, a color palette or an occasion.',
  failed: 'Unable to generate outfit. Please try again.',
  noConnection: 'Please check your connection and try again.',
  personalizationTier: 'Style vibe, skin tone and body shape personalization starts at the Stylist tier.',
  /** user-area §8, with the tier's limit in place of the 10. */
  dailyLimit: (limit: number) => `You've used all ${limit} daily personalized style ideas. Explore more style ideas in Lookbook!`,
} as const;

/** A piece of a look, as tRPC answers it (look-answers.ts): each field once. */
export type FashionItemView = z.output<typeof fashionItemAnswer>;

/** The outfit answer (user-area §3 Outfit), as tRPC answers it: its schema is contracts' look-answers.ts. */
export type OutfitView = z.output<typeof outfitAnswer>;

/** Stored images are served under this path (immutable, long cache). */
export const MEDIA_PATH = '/media';

/** settings-and-admin §9: the provider's performance modes. */
export const PERFORMANCE_MODES = {
  aggressive: { concurrency: 5, batchSize: 20, delayMs: 500, timeoutMs: 45_000 },
  conservative: { concurrency: 4, batchSize: 16, delayMs: 1000, timeoutMs: 60_000 },
} as const;
export type PerformanceModeName = keyof typeof PERFORMANCE_MODES;
export type PerformanceMode = (typeof PERFORMANCE_MODES)[PerformanceModeName];
export const PERFORMANCE_SETTING_KEY = 'pipeline:performance-mode';

/**
 * The quality bars of a look's score (0-100). settings-and-admin §5: the cleanup removes a female
 * look with fair skin under 65 and every other look under 70 (the generator refuses the same, so
 * every stored look passes); §4 shows 70 or more as good.
 */
export const QUALITY_KEEP_FEMALE_FAIR = 65;
export const QUALITY_KEEP = 70;
export const QUALITY_GOOD = 70;
