import { describe, expect, it } from 'vitest';
import { activeFilterCount, filtersFromCollection, isCollectionApplied, listInput, TREND_OPTION_GROUPS, withFilter } from './wardrobe-filters';
import { colorChips, lookbookColorPath, lookbookTrendPath } from './lookbook-links';

describe('wardrobe filters', () => {
  it('sets and clears one filter at a time, all meaning no filter', () => {
    let f = withFilter({}, 'gender', 'female');
    f = withFilter(f, 'occasion', 'office');
    expect(f).toEqual({ gender: 'female', occasion: 'office' });
    expect(activeFilterCount(f)).toBe(2);
    f = withFilter(f, 'occasion', 'all');
    f = withFilter(f, 'gender', 'all');
    expect(f).toEqual({});
    expect(activeFilterCount(f)).toBe(0);
  });

  it('lists the catalog trends and palettes under the trend filter', () => {
    const values = TREND_OPTION_GROUPS.flatMap((g) => g.options.map((o) => o.value));
    expect(values).toContain('boho_chic');
    expect(values).toContain('ocean_depths');
    expect(new Set(values).size).toBe(values.length);
  });

  it("reads a collection's filter by catalog id, names or ids alike", () => {
    expect(filtersFromCollection({ trend: 'Boho Chic' })).toEqual({ trend: 'boho_chic' });
    expect(filtersFromCollection({ occasion: 'GoingOut' })).toEqual({ occasion: 'goingout' });
    expect(filtersFromCollection({ styleVibe: 'elegant' })).toEqual({ styleVibe: 'elegant' });
    expect(filtersFromCollection({ trend: 'Sunset Sorbet' })).toEqual({ trend: 'sunset_sorbet' });
  });

  it('sees a collection as applied only while its filter alone is', () => {
    expect(isCollectionApplied({ occasion: 'Office' }, { occasion: 'office' })).toBe(true);
    expect(isCollectionApplied({ occasion: 'Office' }, { occasion: 'office', gender: 'male' })).toBe(false);
    expect(isCollectionApplied({ occasion: 'Office' }, { occasion: 'office', trend: 'denim' })).toBe(false);
    expect(isCollectionApplied({}, {})).toBe(false);
  });

  it('builds the list input of a page', () => {
    expect(listInput({ trend: 'denim' }, 'next-page', 50)).toEqual({ trend: 'denim', cursor: 'next-page', limit: 50 });
    expect(listInput({ trend: 'denim' }, null, 50)).toEqual({ trend: 'denim', limit: 50 });
  });
});

describe('lookbook links', () => {
  it('keeps each color once, in order, at most five', () => {
    expect(colorChips(['navy', 'white', 'navy', 'red', 'gold', 'black', 'pink'])).toEqual(['navy', 'white', 'red', 'gold', 'black']);
    expect(colorChips([])).toEqual([]);
  });

  it('opens the LookBook with the gender and the trend id, or the gender and the color', () => {
    const look = { gender: 'female', selection: { kind: 'palette' as const, id: 'ocean_depths', name: 'Ocean Depths' } };
    expect(lookbookTrendPath(look)).toBe('/lookbook?gender=female&trend=ocean_depths');
    expect(lookbookColorPath(look, 'navy')).toBe('/lookbook?gender=female&color=navy');
  });
});
