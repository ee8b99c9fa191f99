import { z } from '../zod';
import { text } from '../domain/text';

/** The admin's single generator (settings-and-admin §2.2, §3 Generator options and Generate request, §8). */

export const GENERATOR_SELECTION_TYPES = ['trend', 'color', 'occasion'] as const;
export type GeneratorSelectionType = (typeof GENERATOR_SELECTION_TYPES)[number];

export const generatorMessages = {
  selectionRequired: 'Please choose a trend, color palette, or occasion to generate your image.',
  genderRequired: 'Please select a gender to generate your outfit.',
  optionsFailed: (status: number | string) => `Unable to load generator options (${status}). Please try again.`,
  dailyLimitTitle: 'Daily Limit Reached',
  dailyLimit: "You've reached your daily generation limit.",
  contentSafetyTitle: 'Content Guidelines',
  contentSafety: "This request doesn't meet our content guidelines. Please try a different prompt.",
  failedTitle: 'Generation Issue',
  failed: "We couldn't generate the image right now. Please try again.",
  noImageTitle: 'Warning',
  noImage: 'The image was generated but its address is missing.',
} as const;

/** settings-and-admin §9: a quality score of 70 or more is shown as good. */
export const GENERATOR_GOOD_SCORE = 70;

const catalogId = text().trim().min(1).max(60);

/**
 * POST /api/admin/generator/generate. Gender and the selection are optional in the schema so that
 * a missing one answers the spec's own message (the service checks them), not a schema error.
 */
export const adminGenerateInput = z
  .object({
    gender: text().trim().max(20).optional().nullable(),
    selection_type: z.enum(GENERATOR_SELECTION_TYPES, 'selection_type is trend, color or occasion').optional().nullable(),
    selection_id: catalogId.optional().nullable(),
    style_vibe_id: catalogId.optional().nullable(),
    skin_tone_id: catalogId.optional().nullable(),
    body_shape_id: catalogId.optional().nullable(),
  })
  .strict();
export type AdminGenerateInput = z.input<typeof adminGenerateInput>;

export interface GeneratorOption {
  id: string;
  name: string;
}

export interface GeneratorOptions {
  monthlyTrends: (GeneratorOption & { category: string })[];
  seasons: (GeneratorOption & { colors: { name: string; hex: string }[] })[];
  occasions: GeneratorOption[];
  styleVibes: GeneratorOption[];
  skinTones: GeneratorOption[];
  bodyShapes: GeneratorOption[];
}

export interface GeneratorFashionItem {
  name: string;
  type: string;
  color: string;
  description: string;
  priceRange: string;
}

export interface AdminGenerateAnswer {
  success: true;
  imageId: string;
  imageUrl: string;
  qualityScore: number;
  combinationCode: string;
  fashionItems: GeneratorFashionItem[];
}
