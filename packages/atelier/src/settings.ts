// The styling brief a selection sets: weather, formality, affinities, hard rules and colors.
// Every rule the spec or common sense implies lives here as data (an office look has no hot
// pants; a beach look no coat; Hot Pants Revival must show hot pants).
import { TRENDS, selectionName, selectionOf, type Combination, type Gender, type OccasionId, type PatternKey, type SelectionRef, type StyleVibeId, type TrendId } from '@drape/contracts';
import { occasionPalettes, paletteStory, trendStory, type ColorStory } from './color-stories';
import type { Climate, GarmentKey, Tag } from './garments';
import type { Rng } from './random';

export interface Setting {
  readonly selection: SelectionRef;
  readonly name: string;
  /** The occasion whose rules apply; trend and palette looks are everyday looks. */
  readonly occasion: OccasionId | null;
  readonly climate: Climate;
  readonly formality: readonly [number, number];
  /** Affinities of the trend, palette or occasion. */
  readonly tags: readonly Tag[];
  readonly vibe: StyleVibeId | null;
  readonly vibeTag: Tag | null;
  readonly dressChance: number;
  /** 0 means never: beach, athleisure and lounge looks have no jacket. */
  readonly outerwearChance: number;
  readonly pattern: PatternKey | null;
  readonly story: ColorStory;
  /** When set, the bottom must be one of these (per gender). */
  readonly requiredBottom: Readonly<Partial<Record<Gender, readonly GarmentKey[]>>>;
  readonly forbidden: ReadonlySet<GarmentKey>;
  readonly swimAllowed: boolean;
}

interface Brief {
  climates: readonly Climate[];
  formality: readonly [number, number];
  tags: readonly Tag[];
  dressChance: number;
  outerwearChance: number;
  requiredBottom?: Partial<Record<Gender, readonly GarmentKey[]>>;
  forbidden?: readonly GarmentKey[];
}

const SHORT_BOTTOMS: readonly GarmentKey[] = ['hot_pants', 'short_shorts', 'shorts', 'denim_shorts', 'swim_shorts'];
const SPORT_AND_LOUNGE: readonly GarmentKey[] = [
  'training_top', 'hoodie', 'joggers', 'leggings', 'running_shoes', 'slides', 'track_jacket', 'cap',
];

const TREND_BRIEFS: Record<TrendId, Brief> = {
  boho_chic: { climates: ['hot', 'mild'], formality: [1, 2], tags: ['boho'], dressChance: 0.55, outerwearChance: 0.45 },
  animal_print_explosion: { climates: ['mild', 'cool'], formality: [1, 3], tags: ['animal', 'goingout'], dressChance: 0.4, outerwearChance: 0.5 },
  denim: { climates: ['mild'], formality: [1, 2], tags: ['denim', 'casual'], dressChance: 0.2, outerwearChance: 0.55,
    requiredBottom: { female: ['jeans', 'flare_jeans', 'denim_skirt', 'denim_shorts'], male: ['jeans', 'denim_shorts'] } },
  polka: { climates: ['hot', 'mild'], formality: [1, 3], tags: ['polka', 'playful'], dressChance: 0.6, outerwearChance: 0.3 },
  preppy: { climates: ['mild', 'cool'], formality: [1, 2], tags: ['preppy'], dressChance: 0.2, outerwearChance: 0.7 },
  vibrant_yellow: { climates: ['hot', 'mild'], formality: [1, 2], tags: ['yellow', 'playful', 'contemporary'], dressChance: 0.4, outerwearChance: 0.3 },
  aquatic_influences: { climates: ['hot'], formality: [1, 2], tags: ['aquatic'], dressChance: 0.5, outerwearChance: 0.2 },
  hot_pants_revival: { climates: ['hot', 'mild'], formality: [0, 2], tags: ['hot_pants', 'playful'], dressChance: 0, outerwearChance: 0.3,
    requiredBottom: { female: ['hot_pants'], male: ['short_shorts'] } },
  nautical_chic: { climates: ['hot', 'mild'], formality: [1, 2], tags: ['nautical'], dressChance: 0.3, outerwearChance: 0.35 },
};

const OCCASION_BRIEFS: Record<OccasionId, Brief> = {
  date: { climates: ['mild', 'hot'], formality: [2, 3], tags: ['date', 'elegant'], dressChance: 0.6, outerwearChance: 0.35,
    forbidden: [...SHORT_BOTTOMS, ...SPORT_AND_LOUNGE] },
  party: { climates: ['mild', 'hot'], formality: [2, 3], tags: ['party'], dressChance: 0.65, outerwearChance: 0.25,
    forbidden: [...SPORT_AND_LOUNGE, 'shorts', 'denim_shorts', 'swim_shorts'] },
  office: { climates: ['mild', 'cool'], formality: [2, 3], tags: ['office'], dressChance: 0.3, outerwearChance: 0.7,
    forbidden: [...SHORT_BOTTOMS, ...SPORT_AND_LOUNGE, 'crop_top', 'tank_top', 'camisole', 'mini_skirt', 'denim_skirt',
      'slip_dress', 'mini_dress', 'sandals', 'platform_sandals', 'strappy_heels', 'sunglasses', 'hoops', 'chain'] },
  beach: { climates: ['hot'], formality: [0, 1], tags: ['beach'], dressChance: 0.5, outerwearChance: 0,
    forbidden: ['wool_coat', 'trench', 'blazer', 'leather_jacket', 'pumps', 'knee_boots', 'ankle_boots', 'derby_shoes',
      'loafers', 'turtleneck', 'sweater', 'hoodie', 'jeans', 'trousers', 'watch', 'clutch'] },
  athleisure: { climates: ['mild'], formality: [0, 0], tags: ['athleisure'], dressChance: 0, outerwearChance: 0,
    forbidden: ['sneakers', 'slides'] },
  lounge: { climates: ['mild', 'cool'], formality: [0, 1], tags: ['lounge'], dressChance: 0, outerwearChance: 0,
    forbidden: ['running_shoes', 'training_top', 'leggings', 'shorts', 'denim_shorts', 'cap', 'sunglasses', 'tote', 'crossbody'] },
  goingout: { climates: ['mild'], formality: [1, 2], tags: ['goingout'], dressChance: 0.35, outerwearChance: 0.55,
    forbidden: SPORT_AND_LOUNGE },
};

/** Seasonal palettes carry their own weather. */
const PALETTE_CLIMATES: Record<string, readonly Climate[]> = {
  sunset_sorbet: ['hot', 'mild'],
  ocean_depths: ['hot', 'mild'],
  botanic_pop: ['hot', 'mild'],
  minimal_heat: ['mild', 'cool'],
};

const VIBE_TAG: Record<StyleVibeId, Tag> = {
  playful: 'playful', elegant: 'elegant', casual: 'casual', contemporary: 'contemporary',
};

/** The brief of a trend, palette or occasion: weather, formality, affinities and hard rules. */
function briefFor(selection: SelectionRef): Brief {
  switch (selection.kind) {
    case 'trend':
      return TREND_BRIEFS[selection.id];
    case 'palette':
      return { climates: PALETTE_CLIMATES[selection.id] ?? ['mild'], formality: [1, 2], tags: [], dressChance: 0.4, outerwearChance: 0.4 };
    case 'occasion':
      return OCCASION_BRIEFS[selection.id];
  }
}

/**
 * The formality band a combination dresses in (0 lounge or sport .. 3 dressy). A vibe widens the
 * band of a free (trend or palette) look; an occasion's band is a rule.
 */
export function formalityFor(combination: Combination): readonly [number, number] {
  const selection = selectionOf(combination);
  const vibe = combination.styleVibe ?? null;
  let [low, high] = briefFor(selection).formality;
  if (selection.kind !== 'occasion' && vibe === 'elegant') high = Math.min(3, high + 1);
  if (selection.kind !== 'occasion' && (vibe === 'casual' || vibe === 'playful')) low = Math.max(0, low - 1);
  if (selection.kind !== 'occasion' && vibe === 'elegant') low = Math.max(low, 2);
  return [low, high];
}

export function settingFor(combination: Combination, rng: Rng): Setting {
  const selection = selectionOf(combination);
  const vibe = combination.styleVibe ?? null;
  const brief = briefFor(selection);
  let story: ColorStory;
  let pattern: PatternKey | null = null;
  let occasion: OccasionId | null = null;
  switch (selection.kind) {
    case 'trend': {
      story = trendStory(selection.id);
      pattern = TRENDS.find((t) => t.id === selection.id)?.pattern ?? null;
      break;
    }
    case 'palette': {
      story = paletteStory(selection.id);
      break;
    }
    case 'occasion': {
      story = paletteStory(rng.pick(occasionPalettes(selection.id)));
      occasion = selection.id;
      break;
    }
  }
  const [low, high] = formalityFor(combination);

  return {
    selection,
    name: selectionName(selection),
    occasion,
    climate: rng.pick(brief.climates),
    formality: [low, high],
    tags: brief.tags,
    vibe,
    vibeTag: vibe ? VIBE_TAG[vibe] : null,
    dressChance: brief.dressChance * (vibe === 'elegant' ? 1.3 : vibe === 'casual' ? 0.7 : 1),
    outerwearChance: brief.outerwearChance,
    pattern,
    story,
    requiredBottom: brief.requiredBottom ?? {},
    forbidden: new Set(brief.forbidden ?? []),
    swimAllowed: occasion === 'beach',
  };
}

/** Garments an occasion never allows (used again by the safety check). */
export const occasionForbidden = (occasion: OccasionId): readonly GarmentKey[] => OCCASION_BRIEFS[occasion].forbidden ?? [];
