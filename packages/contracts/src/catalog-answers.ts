import { z } from './zod';
import { COLOR_FAMILIES, GENDERS, SELECTION_KINDS } from './domain/catalog';

/** The public catalog reads (user-area §3 Monthly trends, Seasons, Occasion, options). */
const namedOption = z.object({ id: z.string(), name: z.string() });

export const monthlyTrendsAnswer = z.array(z.object({
  id: z.string(),
  month: z.string(),
  name: z.string(),
  trends: z.array(z.object({ id: z.string(), name: z.string(), category: z.string(), pattern: z.string() })),
}));
export const seasonsAnswer = z.array(z.object({
  id: z.string(),
  name: z.string(),
  colorPalettes: z.array(z.object({
    id: z.string(),
    name: z.string(),
    colors: z.array(z.object({ name: z.string(), hex: z.templateLiteral(['#', z.string()]), family: z.enum(COLOR_FAMILIES) })),
  })),
}));
export const occasionsAnswer = z.array(z.object({ id: z.string(), name: z.string(), icon: z.string(), isActive: z.boolean() }));
export const catalogOptionsAnswer = z.array(namedOption);
export const trendConversionAnswer = z.array(z.object({ category: z.enum(['Occasion', 'Trending']), frontendName: z.string() })).readonly();

const showcaseItem = z.object({ itemName: z.string(), imageUrl: z.string().nullable() });
export const landingShowcaseAnswer = z.object({
  monthlyTrends: z.array(showcaseItem),
  seasonColors: z.array(showcaseItem),
  occasions: z.array(showcaseItem),
  carousel: z.array(z.object({
    id: z.string(), gender: z.enum(GENDERS), name: z.string(), kind: z.enum(SELECTION_KINDS), imageUrl: z.string(), width: z.number(), height: z.number(),
    fullImageUrl: z.string(), pieces: z.array(z.object({ name: z.string(), color: z.string() })),
  })),
});
export const lookbookStatsAnswer = z.object({ totalLooks: z.number(), displayText: z.string() });
