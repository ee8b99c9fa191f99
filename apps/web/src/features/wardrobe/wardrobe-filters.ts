import { findCatalogEntry, GENDERS, isGender, OCCASIONS, PALETTES, STYLE_VIBES, TRENDS, type Gender } from '@drape/contracts';
import type { SmartCollection, WardrobeListInput } from '@drape/contracts/wardrobe';

/** The wardrobe list's filters (user-area §2 Wardrobe), by catalog id; absent means all. */
export interface WardrobeFilters {
  gender?: Gender;
  occasion?: string;
  /** A trend or a palette (the LookBook's category list mixes them, and so does the wardrobe's filter). */
  trend?: string;
  /** Set by a style smart collection; there is no style select in the bar. */
  styleVibe?: string;
}

export const NO_FILTERS: WardrobeFilters = {};

export interface FilterOption {
  value: string;
  label: string;
}

export const GENDER_OPTIONS: FilterOption[] = GENDERS.map((g) => ({ value: g, label: g === 'female' ? 'Female' : 'Male' }));

/** Occasions the generators offer (Beach is composable but never offered, so no look has it). */
export const OCCASION_OPTIONS: FilterOption[] = OCCASIONS.filter((o) => o.isActive).map((o) => ({ value: o.id, label: o.name }));

/** The trend filter lists the catalog's trends and palettes, in two groups. */
export const TREND_OPTION_GROUPS: { label: string; options: FilterOption[] }[] = [
  { label: 'Trends', options: TRENDS.map((t) => ({ value: t.id, label: t.name })) },
  { label: 'Color palettes', options: PALETTES.map((p) => ({ value: p.id, label: p.name })) },
];

export function activeFilterCount(filters: WardrobeFilters): number {
  return [filters.gender, filters.occasion, filters.trend, filters.styleVibe].filter(Boolean).length;
}

/** A catalog value by id where the catalog knows it ('Boho Chic' becomes 'boho_chic'), else as given. */
function catalogId(list: readonly { id: string; name: string }[], value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  if (!trimmed) return undefined;
  return findCatalogEntry(list, trimmed)?.id ?? trimmed;
}

/** A smart collection's filter as the bar's state: its selects show what the collection chose. */
export function filtersFromCollection(filter: SmartCollection['filter']): WardrobeFilters {
  return withoutEmpty({
    occasion: catalogId(OCCASIONS, filter.occasion),
    trend: catalogId([...TRENDS, ...PALETTES, ...OCCASIONS], filter.trend),
    styleVibe: catalogId(STYLE_VIBES, filter.styleVibe),
  });
}

/** Whether a collection's filter is the one applied (its card then reads as pressed). */
export function isCollectionApplied(filter: SmartCollection['filter'], applied: WardrobeFilters): boolean {
  const own = filtersFromCollection(filter);
  return activeFilterCount(own) > 0 && own.occasion === applied.occasion && own.trend === applied.trend && own.styleVibe === applied.styleVibe && !applied.gender;
}

/** The list call's input for a page of the filtered wardrobe: the first, or the one after a page's nextCursor. */
export function listInput(filters: WardrobeFilters, cursor: string | null, limit: number): WardrobeListInput {
  return { ...withoutEmpty(filters), ...(cursor ? { cursor } : {}), limit };
}

/** Sets one filter; 'all' (the selects' "no filter" item, user-area §3) clears it. */
export function withFilter(filters: WardrobeFilters, key: keyof WardrobeFilters, value: string): WardrobeFilters {
  if (key === 'gender') return withoutEmpty({ ...filters, gender: isGender(value) ? value : undefined });
  return withoutEmpty({ ...filters, [key]: value === 'all' ? undefined : value });
}

/** The name of a style vibe filter, for its chip. */
export function styleVibeName(value: string): string {
  return findCatalogEntry(STYLE_VIBES, value)?.name ?? value;
}

function withoutEmpty(filters: WardrobeFilters): WardrobeFilters {
  return Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined && v !== '')) as WardrobeFilters;
}
