import { BODY_SHAPES, OCCASIONS, PALETTES, SKIN_TONES, STYLE_VIBES, TRENDS, findCatalogEntry } from '@drape/contracts';

/**
 * A catalog value as the screens show it ('Boho Chic', 'GoingOut') or its id ('boho_chic'), to its
 * typed id; undefined when unknown. The lists in contracts are the one source (the database tables
 * are seeded from them), so this needs no query.
 */
export const catalogLookup = {
  trend: (v: string) => findCatalogEntry(TRENDS, v)?.id,
  palette: (v: string) => findCatalogEntry(PALETTES, v)?.id,
  occasion: (v: string) => findCatalogEntry(OCCASIONS, v)?.id,
  styleVibe: (v: string) => findCatalogEntry(STYLE_VIBES, v)?.id,
  bodyShape: (v: string) => findCatalogEntry(BODY_SHAPES, v)?.id,
  skinTone: (v: string) => findCatalogEntry(SKIN_TONES, v)?.id,
} as const;
