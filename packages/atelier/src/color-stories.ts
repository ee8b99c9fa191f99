// Which colors a look may use. A chosen seasonal palette is used as is; a trend brings its own
// color story (Vibrant Yellow has to be yellow, Denim has to be blue); an occasion borrows
// the seasonal palettes that suit it.
import { PALETTES, type ColorFamily, type NamedColor, type OccasionId, type PaletteId, type TrendId } from '@drape/contracts';

export interface ColorStory {
  readonly id: string;
  readonly name: string;
  readonly colors: readonly NamedColor[];
  /** Colors the hero piece wears; defaults to the story's non-neutral colors. */
  readonly signature?: readonly string[];
}

/** The families a stylist counts as neutrals: they go with anything and are not an accent. */
export const NEUTRAL_FAMILIES: ReadonlySet<ColorFamily> = new Set([
  'black', 'white', 'gray', 'beige', 'cream', 'brown', 'navy', 'silver',
]);

/** The colors a story's hero piece may wear. */
export function signatureColors(story: ColorStory): readonly NamedColor[] {
  const named = story.signature
    ? story.colors.filter((c) => story.signature?.includes(c.name))
    : story.colors.filter((c) => !isNeutral(c));
  return named.length > 0 ? named : story.colors;
}

export const isNeutral = (c: NamedColor): boolean => NEUTRAL_FAMILIES.has(c.family);

const c = (name: string, hex: `#${string}`, family: ColorFamily): NamedColor => ({ name, hex, family });

const TREND_STORIES: Record<TrendId, ColorStory> = {
  boho_chic: {
    id: 'boho_chic', signature: ['terracotta', 'mustard', 'dusty rose', 'olive'], name: 'Boho Chic',
    colors: [
      c('terracotta', '#C8643B', 'orange'), c('mustard', '#D9A431', 'yellow'),
      c('dusty rose', '#C98B8B', 'pink'), c('olive', '#7A7F3A', 'green'),
      c('tan', '#A47551', 'brown'), c('cream', '#F3E9D2', 'cream'),
    ],
  },
  animal_print_explosion: {
    id: 'animal_print_explosion', signature: ['caramel', 'bone'], name: 'Animal Print Explosion',
    colors: [
      c('caramel', '#C68B4E', 'brown'), c('chocolate', '#4E342E', 'brown'),
      c('jet black', '#151515', 'black'), c('bone', '#EFE6D8', 'cream'),
      c('oxblood', '#7C1D24', 'red'), c('antique gold', '#C9A227', 'gold'),
    ],
  },
  denim: {
    id: 'denim', signature: ['indigo', 'mid-wash blue', 'light-wash blue'], name: 'Denim',
    colors: [
      c('indigo', '#2E4A7D', 'navy'), c('mid-wash blue', '#5B7FA6', 'blue'),
      c('light-wash blue', '#9DB7D5', 'blue'), c('white', '#F7F7F2', 'white'),
      c('cognac', '#9A5B2E', 'brown'), c('charcoal', '#3A3A3C', 'gray'),
    ],
  },
  polka: {
    id: 'polka', signature: ['cherry red', 'jet black', 'navy', 'candy pink'], name: 'Polka',
    colors: [
      c('cherry red', '#C8102E', 'red'), c('jet black', '#151515', 'black'),
      c('optic white', '#FAFAFA', 'white'), c('navy', '#1F2A44', 'navy'),
      c('candy pink', '#F4A7B9', 'pink'), c('cream', '#F5EEDC', 'cream'),
    ],
  },
  preppy: {
    id: 'preppy', signature: ['navy', 'forest green', 'burgundy'], name: 'Preppy',
    colors: [
      c('navy', '#1F2A44', 'navy'), c('forest green', '#2F5233', 'green'),
      c('burgundy', '#7B1E2B', 'red'), c('camel', '#C19A6B', 'brown'),
      c('oxford blue', '#A9C6E8', 'blue'), c('cream', '#F5EEDC', 'cream'),
    ],
  },
  vibrant_yellow: {
    id: 'vibrant_yellow', signature: ['sunflower yellow', 'lemon'], name: 'Vibrant Yellow',
    colors: [
      c('sunflower yellow', '#FFC801', 'yellow'), c('lemon', '#FFE44D', 'yellow'),
      c('cobalt', '#1F4FBF', 'blue'), c('optic white', '#FAFAFA', 'white'),
      c('jet black', '#151515', 'black'), c('stone gray', '#9E9E9E', 'gray'),
    ],
  },
  aquatic_influences: {
    id: 'aquatic_influences', signature: ['aquamarine', 'lagoon teal', 'deep sea', 'seafoam'], name: 'Aquatic Influences',
    colors: [
      c('aquamarine', '#3FC1C9', 'blue'), c('lagoon teal', '#00808A', 'green'),
      c('seafoam', '#A8E6CF', 'green'), c('deep sea', '#0B3C5D', 'navy'),
      c('pearl', '#F0EEE6', 'cream'), c('silver', '#C0C0C0', 'silver'),
    ],
  },
  hot_pants_revival: {
    id: 'hot_pants_revival', signature: ['hot pink', 'tangerine', 'retro teal'], name: 'Hot Pants Revival',
    colors: [
      c('hot pink', '#FF3E8A', 'pink'), c('tangerine', '#FF8C42', 'orange'),
      c('disco gold', '#D4AF37', 'gold'), c('retro teal', '#2A9D8F', 'green'),
      c('optic white', '#FAFAFA', 'white'), c('jet black', '#151515', 'black'),
    ],
  },
  nautical_chic: {
    id: 'nautical_chic', signature: ['navy', 'optic white'], name: 'Nautical Chic',
    colors: [
      c('navy', '#1B2A49', 'navy'), c('optic white', '#FAFAFA', 'white'),
      c('signal red', '#C1272D', 'red'), c('sky blue', '#8EC5E8', 'blue'),
      c('brass gold', '#C9A227', 'gold'), c('sand', '#D8C3A5', 'beige'),
    ],
  },
};

/** Seasonal palettes that suit each occasion; one is picked per look for variety. */
const OCCASION_PALETTES: Record<OccasionId, readonly PaletteId[]> = {
  date: ['sunset_sorbet', 'botanic_pop', 'minimal_heat'],
  party: ['botanic_pop', 'minimal_heat', 'sunset_sorbet'],
  office: ['minimal_heat', 'ocean_depths'],
  beach: ['ocean_depths', 'sunset_sorbet', 'botanic_pop'],
  athleisure: ['minimal_heat', 'ocean_depths', 'botanic_pop'],
  lounge: ['minimal_heat', 'sunset_sorbet', 'ocean_depths'],
  goingout: ['minimal_heat', 'botanic_pop', 'sunset_sorbet', 'ocean_depths'],
};

export function paletteStory(id: PaletteId): ColorStory {
  const p = PALETTES.find((e) => e.id === id);
  if (!p) throw new Error(`Unknown palette ${id}`);
  return { id: p.id, name: p.name, colors: p.colors };
}

export const trendStory = (id: TrendId): ColorStory => TREND_STORIES[id];

export const occasionPalettes = (id: OccasionId): readonly PaletteId[] => OCCASION_PALETTES[id];
