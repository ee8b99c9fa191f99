import { describe, expect, it } from 'vitest';
import { activeFilterCount, FILTER_OPTIONS, readFilters, writeFilters } from './lookbook-filters';

describe('LookBook filters in the URL', () => {
  it('reads the spec query parameters, names and ids alike', () => {
    const filters = readFilters(new URLSearchParams('gender=female&trend=Boho%20Chic&color=Navy&style_vibe=elegant&occasion=GoingOut'));
    expect(filters).toEqual({ gender: 'female', trend: 'boho_chic', color: 'navy', style_vibe: 'elegant', occasion: 'goingout' });
    expect(activeFilterCount(filters)).toBe(5);
  });

  it("treats 'all', empty, 'undefined' and unknown values as no filter", () => {
    const filters = readFilters(new URLSearchParams('gender=all&trend=&color=undefined&occasion=nowhere&style_vibe=null'));
    expect(filters).toEqual({});
    expect(activeFilterCount(filters)).toBe(0);
  });

  it('takes a palette or an occasion as the trend (the fixed category list)', () => {
    expect(readFilters(new URLSearchParams('trend=ocean_depths')).trend).toBe('ocean_depths');
    expect(readFilters(new URLSearchParams('trend=Office')).trend).toBe('office');
  });

  it('reads styleVibe as style_vibe and writes the spec spelling back, keeping other parameters', () => {
    const params = new URLSearchParams('styleVibe=Casual&page=x');
    const next = writeFilters(params, { ...readFilters(params), color: 'red' });
    expect(next.get('style_vibe')).toBe('casual');
    expect(next.get('styleVibe')).toBeNull();
    expect(next.get('color')).toBe('red');
    expect(next.get('page')).toBe('x');
    expect(writeFilters(next, {}).toString()).toBe('page=x');
  });

  it('offers the spec lists: 16 colors, 4 vibes, the category list', () => {
    expect(FILTER_OPTIONS.color).toHaveLength(16);
    expect(FILTER_OPTIONS.style_vibe.map((o) => o.label)).toEqual(['Playful', 'Elegant', 'Casual', 'Contemporary']);
    const categories = FILTER_OPTIONS.trend.map((o) => o.value);
    for (const id of ['ocean_depths', 'sunset_sorbet', 'botanic_pop', 'minimal_heat', 'office', 'date', 'party', 'athleisure', 'lounge', 'goingout', 'boho_chic']) {
      expect(categories).toContain(id);
    }
    expect(categories).not.toContain('beach');
  });
});
