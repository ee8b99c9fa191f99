import type { Gender, SelectionRef, StyleVibeId } from '@drape/contracts';
import { lookFilterMessages } from '@drape/contracts/looks';
import { catalogLookup } from '../catalog/catalog-lookup';
import { appError } from '../errors';

/** The wardrobe's and the LookBook's filters as catalog ids, checked. */
export interface LookFilters {
  gender?: Gender;
  /**
   * Selections a look must have: the trend filter and the occasion filter each name one; a look
   * has a single selection, so two different ones match nothing (as both filters together ask).
   */
  selections: SelectionRef[];
  styleVibe?: StyleVibeId;
}

export interface LookFilterInput {
  gender?: Gender | undefined;
  occasion?: string | undefined;
  trend?: string | undefined;
  styleVibe?: string | undefined;
}

/** The trend filter takes a trend, a palette or an occasion (user-area §2's category list mixes them). */
function trendSelection(value: string): SelectionRef | undefined {
  const trend = catalogLookup.trend(value);
  if (trend) return { kind: 'trend', id: trend };
  const palette = catalogLookup.palette(value);
  if (palette) return { kind: 'palette', id: palette };
  const occasion = catalogLookup.occasion(value);
  return occasion ? { kind: 'occasion', id: occasion } : undefined;
}

/** Names or ids to ids; a value the catalog does not know is a 400, never an empty page. */
export function resolveLookFilters(input: LookFilterInput): LookFilters {
  const filters: LookFilters = { selections: [] };
  if (input.gender) filters.gender = input.gender;
  if (input.trend) {
    const selection = trendSelection(input.trend);
    if (!selection) throw appError('invalid_input', lookFilterMessages.trend(input.trend));
    filters.selections.push(selection);
  }
  if (input.occasion) {
    const occasion = catalogLookup.occasion(input.occasion);
    if (!occasion) throw appError('invalid_input', lookFilterMessages.occasion(input.occasion));
    filters.selections.push({ kind: 'occasion', id: occasion });
  }
  if (input.styleVibe) {
    const vibe = catalogLookup.styleVibe(input.styleVibe);
    if (!vibe) throw appError('invalid_input', lookFilterMessages.styleVibe(input.styleVibe));
    filters.styleVibe = vibe;
  }
  return filters;
}

export const hasLookFilters = (f: LookFilters) => f.gender !== undefined || f.selections.length > 0 || f.styleVibe !== undefined;
