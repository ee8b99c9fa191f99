import { findCatalogEntry, STYLE_VIBES, type ColorFamily } from '@drape/contracts';
import { WARDROBE_GROUPINGS, type WardrobeEntry, type WardrobeGrouping } from '@drape/contracts/wardrobe';
import { colorFamilyName } from '../../lib/color-families';

/** What grouping reads of an entry. */
export type Groupable = Pick<WardrobeEntry, 'styleVibe' | 'selection' | 'colors'>;

export interface WardrobeGroup<T> {
  key: string;
  /** The group's heading; empty for the one group of 'none'. */
  label: string;
  entries: T[];
}

export const GROUPING_LABELS: Record<WardrobeGrouping, string> = {
  none: 'No grouping',
  style: 'Style',
  trend: 'Trend',
  color: 'Color',
};

/** The heading of the entries that have no value for the grouping (no vibe chosen, no colored piece). */
const NO_VALUE_LABEL: Record<Exclude<WardrobeGrouping, 'none'>, string> = {
  style: 'No style vibe',
  trend: 'Other looks',
  color: 'No color',
};

/** The stored choice, or 'none' for anything else (nothing stored, an old or edited value). */
export function parseGrouping(stored: string | null | undefined): WardrobeGrouping {
  return (WARDROBE_GROUPINGS as readonly string[]).includes(stored ?? '') ? (stored as WardrobeGrouping) : 'none';
}

/** A vibe as the profile stores it ('elegant') or as a name ('Elegant'), keyed and named by the catalog. */
function vibeKey(vibe: string | null): { key: string; label: string } | null {
  const trimmed = vibe?.trim();
  if (!trimmed) return null;
  const entry = findCatalogEntry(STYLE_VIBES, trimmed);
  return entry ? { key: entry.id, label: entry.name } : { key: trimmed.toLowerCase(), label: trimmed };
}

function keyOf(entry: Groupable, grouping: Exclude<WardrobeGrouping, 'none'>): { key: string; label: string } | null {
  if (grouping === 'style') return vibeKey(entry.styleVibe);
  if (grouping === 'trend') return { key: `${entry.selection.kind}:${entry.selection.id}`, label: entry.selection.name };
  const first: ColorFamily | undefined = entry.colors[0];
  return first ? { key: first, label: colorFamilyName(first) } : null;
}

/**
 * Groups the loaded entries (user-area §2 Wardrobe: grouping none / style / trend / color): style
 * by the look's vibe, trend by the trend, palette or occasion it was made for, color by its first
 * piece's color family. Groups keep the list's order (a group sits where its first entry was, so
 * newest-first stays newest-first), entries keep theirs, and the entries without a value come last.
 */
export function groupEntries<T extends Groupable>(entries: readonly T[], grouping: WardrobeGrouping): WardrobeGroup<T>[] {
  if (grouping === 'none') return entries.length > 0 ? [{ key: 'all', label: '', entries: [...entries] }] : [];
  const groups = new Map<string, WardrobeGroup<T>>();
  const rest: T[] = [];
  for (const entry of entries) {
    const found = keyOf(entry, grouping);
    if (!found) {
      rest.push(entry);
      continue;
    }
    const group = groups.get(found.key);
    if (group) group.entries.push(entry);
    else groups.set(found.key, { key: found.key, label: found.label, entries: [entry] });
  }
  const result = [...groups.values()];
  if (rest.length > 0) result.push({ key: '', label: NO_VALUE_LABEL[grouping], entries: rest });
  return result;
}
