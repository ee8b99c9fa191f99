import { COLOR_FAMILIES, colorFamilyName, GENDERS, GENDER_NAMES, OCCASIONS, PALETTES, STYLE_VIBES, TRENDS, findCatalogEntry } from '@drape/contracts';
import { isNoFilter } from '@drape/contracts/looks';

/**
 * The LookBook's filters as they live in the URL (user-area §2 LookBook, §3 Lookbook filter):
 * query parameters preset them, and every change is written back, so a filtered LookBook is a link.
 */

export const LOOKBOOK_FILTER_KEYS = ['gender', 'style_vibe', 'occasion', 'trend', 'color'] as const;
export type LookbookFilterKey = (typeof LOOKBOOK_FILTER_KEYS)[number];
/** Only set filters are present; each value is an option's value below. */
export type LookbookFilters = Partial<Record<LookbookFilterKey, string>>;

export interface FilterOption {
  value: string;
  label: string;
}

const OFFERED_OCCASIONS = OCCASIONS.filter((o) => o.isActive);
const entries = (list: readonly { id: string; name: string }[]): FilterOption[] => list.map((e) => ({ value: e.id, label: e.name }));

/**
 * The choices of each filter. `trend` is the spec's fixed category list: the four palettes, the
 * offered occasions and the trends (the server accepts any of the three there).
 */
export const FILTER_OPTIONS: Record<LookbookFilterKey, FilterOption[]> = {
  gender: GENDERS.map((g) => ({ value: g, label: GENDER_NAMES[g] })),
  style_vibe: entries(STYLE_VIBES),
  occasion: entries(OFFERED_OCCASIONS),
  trend: [...entries(PALETTES), ...entries(OFFERED_OCCASIONS), ...entries(TRENDS)],
  color: COLOR_FAMILIES.map((c) => ({ value: c, label: colorFamilyName(c) })),
};

export const FILTER_LABELS: Record<LookbookFilterKey, string> = {
  gender: 'Gender',
  style_vibe: 'Style vibe',
  occasion: 'Occasion',
  trend: 'Trend',
  color: 'Color',
};

/** Other spellings a link may use for a filter (the API takes styleVibe too). */
const ALIASES: Partial<Record<LookbookFilterKey, string[]>> = { style_vibe: ['styleVibe'] };

/** A URL value as one of the filter's options ('Boho Chic', 'boho-chic' and 'boho_chic' alike); undefined when it is none. */
export function resolveFilterValue(key: LookbookFilterKey, raw: string | null | undefined): string | undefined {
  if (raw === null || raw === undefined || isNoFilter(raw)) return undefined;
  const options = FILTER_OPTIONS[key].map((o) => ({ id: o.value, name: o.label }));
  return findCatalogEntry(options, raw)?.id;
}

/** The filters a URL asks for. Values that match no option are left out, as 'all' is. */
export function readFilters(params: URLSearchParams): LookbookFilters {
  const filters: LookbookFilters = {};
  for (const key of LOOKBOOK_FILTER_KEYS) {
    const names = [key, ...(ALIASES[key] ?? [])];
    const raw = names.map((name) => params.get(name)).find((v) => v !== null && !isNoFilter(v));
    const value = resolveFilterValue(key, raw);
    if (value) filters[key] = value;
  }
  return filters;
}

/** The URL's query with these filters in place of the old ones (other parameters are kept). */
export function writeFilters(params: URLSearchParams, filters: LookbookFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of LOOKBOOK_FILTER_KEYS) {
    for (const name of [key, ...(ALIASES[key] ?? [])]) next.delete(name);
    const value = filters[key];
    if (value) next.set(key, value);
  }
  return next;
}

/** The Filters badge: how many filters hold a value (not 'all', not empty). */
export function activeFilterCount(filters: LookbookFilters): number {
  return LOOKBOOK_FILTER_KEYS.filter((key) => filters[key] !== undefined).length;
}

/** A filter's option label, for a chip or a note. */
export function filterLabel(key: LookbookFilterKey, value: string): string {
  return FILTER_OPTIONS[key].find((o) => o.value === value)?.label ?? value;
}
