// The seeded style catalog: the choices a user (dashboard) and an admin (single generator) pick
// from. Plain data, shared by the api (lists, validation), the pipeline and the atelier renderer.
// Names and ids follow the spec (user-area.md §2 LookBook, §9; settings-and-admin.md §2.2, §9).

/** Generated looks exist for these two genders only (the profile's wider list is separate). */
export const GENDERS = ['female', 'male'] as const;
export type Gender = (typeof GENDERS)[number];
export const GENDER_NAMES: Record<Gender, string> = { female: 'Female', male: 'Male' };

/** The LookBook color vocabulary (color filter and color chips). */
export const COLOR_FAMILIES = [
  'black', 'white', 'gray', 'red', 'blue', 'navy', 'green', 'yellow',
  'orange', 'purple', 'pink', 'brown', 'beige', 'cream', 'gold', 'silver',
] as const;
export type ColorFamily = (typeof COLOR_FAMILIES)[number];

/**
 * Each colour family's typical colour: how the apps draw a family on a dot or chip (the family,
 * not a piece's exact shade), and a reference the atelier measures a photographed piece against.
 */
export const COLOR_FAMILY_SWATCH: Readonly<Record<ColorFamily, `#${string}`>> = {
  black: '#1c1b1a', white: '#fbfaf7', gray: '#8d8a86', red: '#c0392b', blue: '#2e6fd8', navy: '#1f2f57',
  green: '#2f8f5b', yellow: '#e8c53a', orange: '#e67e22', purple: '#7d4fb3', pink: '#e58fb1', brown: '#7a4e2d',
  beige: '#d9c4a3', cream: '#f3e9d2', gold: '#c9a227', silver: '#c0c4c8',
};

/** A colour family as the screens name it ("Red", "Navy"). */
export const colorFamilyName = (family: ColorFamily): string => `${family.charAt(0).toUpperCase()}${family.slice(1)}`;

/** A real, named color; `family` is what the LookBook filters on. */
export interface NamedColor {
  readonly name: string;
  readonly hex: `#${string}`;
  readonly family: ColorFamily;
}

/** Print or texture a trend puts on its signature garments. */
export const PATTERN_KEYS = [
  'florals', 'animal', 'denim', 'dots', 'check', 'solid_bright', 'waves', 'stripes', 'retro',
] as const;
export type PatternKey = (typeof PATTERN_KEYS)[number];

export interface TrendDef {
  readonly id: string;
  readonly name: string;
  readonly category: string;
  readonly pattern: PatternKey;
  /** Five trends are "this month's" (the single generator offers 5 trends). */
  readonly active: boolean;
}

export const TRENDS = [
  { id: 'boho_chic', name: 'Boho Chic', category: 'Bohemian', pattern: 'florals', active: true },
  { id: 'animal_print_explosion', name: 'Animal Print Explosion', category: 'Prints', pattern: 'animal', active: true },
  { id: 'denim', name: 'Denim', category: 'Fabric', pattern: 'denim', active: true },
  { id: 'polka', name: 'Polka', category: 'Prints', pattern: 'dots', active: true },
  { id: 'preppy', name: 'Preppy', category: 'Classic', pattern: 'check', active: false },
  { id: 'vibrant_yellow', name: 'Vibrant Yellow', category: 'Color', pattern: 'solid_bright', active: false },
  { id: 'aquatic_influences', name: 'Aquatic Influences', category: 'Resort', pattern: 'waves', active: false },
  { id: 'hot_pants_revival', name: 'Hot Pants Revival', category: 'Retro', pattern: 'retro', active: false },
  { id: 'nautical_chic', name: 'Nautical Chic', category: 'Resort', pattern: 'stripes', active: true },
] as const satisfies readonly TrendDef[];
export type TrendId = (typeof TRENDS)[number]['id'];

export interface PaletteDef {
  readonly id: string;
  readonly name: string;
  readonly colors: readonly NamedColor[];
}

/** "Summer 2025 Popular Colors": the four seasonal palettes. */
export const PALETTES = [
  {
    id: 'sunset_sorbet',
    name: 'Sunset Sorbet',
    colors: [
      { name: 'coral', hex: '#FF7F6E', family: 'orange' },
      { name: 'peach', hex: '#FFB38A', family: 'orange' },
      { name: 'mango', hex: '#FFA62B', family: 'yellow' },
      { name: 'raspberry', hex: '#D6336C', family: 'pink' },
      { name: 'lilac', hex: '#C8A2C8', family: 'purple' },
      { name: 'vanilla cream', hex: '#FFF3E0', family: 'cream' },
    ],
  },
  {
    id: 'ocean_depths',
    name: 'Ocean Depths',
    colors: [
      { name: 'midnight navy', hex: '#13294B', family: 'navy' },
      { name: 'deep teal', hex: '#007C80', family: 'green' },
      { name: 'aqua', hex: '#4FB3BF', family: 'blue' },
      { name: 'sea glass', hex: '#A7D7C5', family: 'green' },
      { name: 'sand', hex: '#D8C3A5', family: 'beige' },
      { name: 'sea salt white', hex: '#F5F7F8', family: 'white' },
    ],
  },
  {
    id: 'botanic_pop',
    name: 'Botanic Pop',
    colors: [
      { name: 'leaf green', hex: '#3FA34D', family: 'green' },
      { name: 'fuchsia', hex: '#D81B7A', family: 'pink' },
      { name: 'marigold', hex: '#F4A300', family: 'yellow' },
      { name: 'lavender', hex: '#B39DDB', family: 'purple' },
      { name: 'moss', hex: '#5B6B2E', family: 'green' },
      { name: 'ivory', hex: '#FAF6EA', family: 'cream' },
    ],
  },
  {
    id: 'minimal_heat',
    name: 'Minimal Heat',
    colors: [
      { name: 'jet black', hex: '#151515', family: 'black' },
      { name: 'optic white', hex: '#FAFAFA', family: 'white' },
      { name: 'stone gray', hex: '#9E9E9E', family: 'gray' },
      { name: 'camel', hex: '#C19A6B', family: 'brown' },
      { name: 'chili red', hex: '#C0392B', family: 'red' },
      { name: 'oat beige', hex: '#E6D5B8', family: 'beige' },
    ],
  },
] as const satisfies readonly PaletteDef[];
export type PaletteId = (typeof PALETTES)[number]['id'];

export interface OccasionDef {
  readonly id: string;
  readonly name: string;
  /** Icon-class name the dashboard shows (spec: briefcase, cocktail, walking, heart, running, sun, couch). */
  readonly icon: string;
  /**
   * The single generator offers 6 occasions and the LookBook's fixed category list names six
   * (no beach): Beach stays composable but is not offered.
   */
  readonly isActive: boolean;
}

export const OCCASIONS = [
  { id: 'date', name: 'Date', icon: 'heart', isActive: true },
  { id: 'party', name: 'Party', icon: 'cocktail', isActive: true },
  { id: 'office', name: 'Office', icon: 'briefcase', isActive: true },
  { id: 'beach', name: 'Beach', icon: 'sun', isActive: false },
  { id: 'athleisure', name: 'Athleisure', icon: 'running', isActive: true },
  { id: 'lounge', name: 'Lounge', icon: 'couch', isActive: true },
  { id: 'goingout', name: 'GoingOut', icon: 'walking', isActive: true },
] as const satisfies readonly OccasionDef[];
export type OccasionId = (typeof OCCASIONS)[number]['id'];

export const STYLE_VIBES = [
  { id: 'playful', name: 'Playful', shortName: 'Play' },
  { id: 'elegant', name: 'Elegant', shortName: 'Eleg' },
  { id: 'casual', name: 'Casual', shortName: 'Casu' },
  { id: 'contemporary', name: 'Contemporary', shortName: 'Cont' },
] as const;
export type StyleVibeId = (typeof STYLE_VIBES)[number]['id'];

/** The single generator offers three; all five are drawn by the renderer. */
export const BODY_SHAPES = [
  { id: 'hourglass', name: 'Hourglass', inGenerator: true },
  { id: 'pear', name: 'Pear', inGenerator: true },
  { id: 'rectangle', name: 'Rectangle', inGenerator: true },
  { id: 'apple', name: 'Apple', inGenerator: false },
  { id: 'inverted_triangle', name: 'Inverted Triangle', inGenerator: false },
] as const;
export type BodyShapeId = (typeof BODY_SHAPES)[number]['id'];

/** Gallery filters show skin tones with an emoji; `hex` is the renderer's base skin color. */
export const SKIN_TONES = [
  { id: 'fair', name: 'Fair', hex: '#F6D7C3', emoji: '\u{1F44B}\u{1F3FB}' },
  { id: 'medium', name: 'Medium', hex: '#C68E65', emoji: '\u{1F44B}\u{1F3FD}' },
  { id: 'deep', name: 'Deep', hex: '#6B4330', emoji: '\u{1F44B}\u{1F3FF}' },
] as const;
export type SkinToneId = (typeof SKIN_TONES)[number]['id'];

export const PRICE_RANGES = ['budget', 'mid-range', 'premium', 'luxury'] as const;
export type PriceRange = (typeof PRICE_RANGES)[number];

export const PIECE_TYPES = ['top', 'bottom', 'dress', 'outerwear', 'shoes', 'accessory'] as const;
export type PieceType = (typeof PIECE_TYPES)[number];

/** GET /api/trend-conversion: which frontend names are occasions and which are trends. */
export interface TrendConversionEntry {
  readonly category: 'Occasion' | 'Trending';
  readonly frontendName: string;
}
export const TREND_CONVERSION: readonly TrendConversionEntry[] = [
  ...OCCASIONS.map((o) => ({ category: 'Occasion' as const, frontendName: o.name })),
  ...TRENDS.map((t) => ({ category: 'Trending' as const, frontendName: t.name })),
];

// ---- Combinations -------------------------------------------------------------------------

/** Exactly one of trend, palette or occasion (spec: the three are mutually exclusive). */
export type Selection =
  | { trend: TrendId; palette?: undefined; occasion?: undefined }
  | { palette: PaletteId; trend?: undefined; occasion?: undefined }
  | { occasion: OccasionId; trend?: undefined; palette?: undefined };

export type Combination = Selection & {
  gender: Gender;
  styleVibe?: StyleVibeId | undefined;
  bodyShape?: BodyShapeId | undefined;
  skinTone?: SkinToneId | undefined;
};

/** The three kinds of selection a look is made for (the user's pick beside a gender). */
export const SELECTION_KINDS = ['trend', 'palette', 'occasion'] as const;
export type SelectionKind = (typeof SELECTION_KINDS)[number];
export type SelectionId = TrendId | PaletteId | OccasionId;
export type SelectionRef =
  | { kind: 'trend'; id: TrendId }
  | { kind: 'palette'; id: PaletteId }
  | { kind: 'occasion'; id: OccasionId };

const has = <T extends { id: string }>(list: readonly T[], id: unknown): id is T['id'] =>
  typeof id === 'string' && list.some((e) => e.id === id);

export const isGender = (v: unknown): v is Gender => v === 'female' || v === 'male';
export const isTrendId = (v: unknown): v is TrendId => has(TRENDS, v);
export const isPaletteId = (v: unknown): v is PaletteId => has(PALETTES, v);
export const isOccasionId = (v: unknown): v is OccasionId => has(OCCASIONS, v);
export const isStyleVibeId = (v: unknown): v is StyleVibeId => has(STYLE_VIBES, v);
export const isBodyShapeId = (v: unknown): v is BodyShapeId => has(BODY_SHAPES, v);
export const isSkinToneId = (v: unknown): v is SkinToneId => has(SKIN_TONES, v);

/** The chosen selection; throws when a caller bypassed the types with none or several. */
export function selectionOf(c: Combination): SelectionRef {
  const chosen = [c.trend, c.palette, c.occasion].filter((v) => v !== undefined).length;
  if (chosen !== 1) throw new Error('A combination needs exactly one of trend, palette or occasion');
  if (c.trend !== undefined) return { kind: 'trend', id: c.trend };
  if (c.palette !== undefined) return { kind: 'palette', id: c.palette };
  return { kind: 'occasion', id: c.occasion as OccasionId };
}

const ANY = 'any';

/**
 * Stable, URL-safe code (it appears in /api/admin/combo-details/{combinationCode}):
 * gender.kind.id.vibe.body.skin, with `any` for an unset personalization,
 * e.g. `female.trend.boho_chic.elegant.pear.fair`.
 */
export function combinationCode(c: Combination): string {
  const s = selectionOf(c);
  return [c.gender, s.kind, s.id, c.styleVibe ?? ANY, c.bodyShape ?? ANY, c.skinTone ?? ANY].join('.');
}

/** Inverse of combinationCode; null for anything it would not have produced. */
export function parseCombinationCode(code: string): Combination | null {
  const parts = code.split('.');
  if (parts.length !== 6) return null;
  const [gender, kind, id, vibe, body, skin] = parts;
  if (!isGender(gender)) return null;
  const styleVibe = vibe === ANY ? undefined : vibe;
  const bodyShape = body === ANY ? undefined : body;
  const skinTone = skin === ANY ? undefined : skin;
  if (styleVibe !== undefined && !isStyleVibeId(styleVibe)) return null;
  if (bodyShape !== undefined && !isBodyShapeId(bodyShape)) return null;
  if (skinTone !== undefined && !isSkinToneId(skinTone)) return null;
  const personal = { gender, styleVibe, bodyShape, skinTone };
  if (kind === 'trend' && isTrendId(id)) return { ...personal, trend: id };
  if (kind === 'palette' && isPaletteId(id)) return { ...personal, palette: id };
  if (kind === 'occasion' && isOccasionId(id)) return { ...personal, occasion: id };
  return null;
}

/** The selection as a combination's field (`{ trend: 'boho_chic' }`): the inverse of selectionOf. */
export function selectionField(ref: SelectionRef): Selection {
  if (ref.kind === 'trend') return { trend: ref.id };
  if (ref.kind === 'palette') return { palette: ref.id };
  return { occasion: ref.id };
}

/** Display name of the chosen trend, palette or occasion. */
export function selectionName(s: SelectionRef): string {
  const list: readonly { id: string; name: string }[] =
    s.kind === 'trend' ? TRENDS : s.kind === 'palette' ? PALETTES : OCCASIONS;
  return list.find((e) => e.id === s.id)?.name ?? s.id;
}

/**
 * A catalog entry by its name as the screens show it ('Boho Chic', 'GoingOut') or its id
 * ('boho_chic'), without regard to case, spaces, hyphens or underscores.
 */
export function findCatalogEntry<T extends { id: string; name: string }>(list: readonly T[], value: string): T | undefined {
  const key = catalogKey(value);
  if (!key) return undefined;
  return list.find((e) => catalogKey(e.id) === key || catalogKey(e.name) === key);
}

function catalogKey(v: string): string {
  return v.trim().toLowerCase().replace(/[\s_-]+/g, '');
}
