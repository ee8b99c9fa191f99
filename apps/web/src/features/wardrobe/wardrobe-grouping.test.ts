import type { ColorFamily } from '@drape/contracts';
import type { WardrobeEntry } from '@drape/contracts/wardrobe';
import { describe, expect, it } from 'vitest';
import { groupEntries, parseGrouping, type Groupable } from './wardrobe-grouping';

type Entry = Groupable & { id: string };

function entry(id: string, over: Partial<Omit<Entry, 'id'>> = {}): Entry {
  return {
    id,
    styleVibe: null,
    selection: { kind: 'trend', id: 'boho_chic', name: 'Boho Chic' },
    colors: [],
    ...over,
  };
}

const ids = (groups: { entries: { id: string }[] }[]) => groups.map((g) => g.entries.map((e) => e.id));
const labels = (groups: { label: string }[]) => groups.map((g) => g.label);

describe('parseGrouping', () => {
  it('reads each stored choice', () => {
    for (const g of ['none', 'style', 'trend', 'color'] as const) expect(parseGrouping(g)).toBe(g);
  });

  it('falls back to none for nothing stored or a value it does not know', () => {
    expect(parseGrouping(null)).toBe('none');
    expect(parseGrouping(undefined)).toBe('none');
    expect(parseGrouping('')).toBe('none');
    expect(parseGrouping('Style')).toBe('none');
    expect(parseGrouping('"style"')).toBe('none');
  });
});

describe('groupEntries', () => {
  const list = [
    entry('a', { styleVibe: 'elegant', colors: ['navy', 'white'] as ColorFamily[] }),
    entry('b', { styleVibe: null, selection: { kind: 'palette', id: 'ocean_depths', name: 'Ocean Depths' }, colors: ['white'] as ColorFamily[] }),
    entry('c', { styleVibe: 'Elegant', selection: { kind: 'occasion', id: 'office', name: 'Office' }, colors: [] }),
    entry('d', { styleVibe: 'casual', colors: ['navy'] as ColorFamily[] }),
  ];

  it('keeps one headingless group in list order without grouping', () => {
    const groups = groupEntries(list, 'none');
    expect(labels(groups)).toEqual(['']);
    expect(ids(groups)).toEqual([['a', 'b', 'c', 'd']]);
  });

  it('groups by style vibe, whether stored as id or name, with the looks without a vibe last', () => {
    const groups = groupEntries(list, 'style');
    expect(labels(groups)).toEqual(['Elegant', 'Casual', 'No style vibe']);
    expect(ids(groups)).toEqual([['a', 'c'], ['d'], ['b']]);
  });

  it('groups by the trend, palette or occasion the look was made for, by its name', () => {
    const groups = groupEntries(list, 'trend');
    expect(labels(groups)).toEqual(['Boho Chic', 'Ocean Depths', 'Office']);
    expect(ids(groups)).toEqual([['a', 'd'], ['b'], ['c']]);
  });

  it('keeps apart a trend and a palette that would share an id', () => {
    const same = [entry('x', { selection: { kind: 'trend', id: 'same', name: 'Same' } }), entry('y', { selection: { kind: 'palette', id: 'same', name: 'Same' } })];
    expect(ids(groupEntries(same, 'trend'))).toEqual([['x'], ['y']]);
  });

  it('groups by the first color only, with the colorless looks last', () => {
    const groups = groupEntries(list, 'color');
    expect(labels(groups)).toEqual(['Navy', 'White', 'No color']);
    expect(ids(groups)).toEqual([['a', 'd'], ['b'], ['c']]);
  });

  it('keeps an unknown vibe under its own name', () => {
    expect(labels(groupEntries([entry('z', { styleVibe: 'Grunge' })], 'style'))).toEqual(['Grunge']);
  });

  it('answers no groups for no entries', () => {
    for (const g of ['none', 'style', 'trend', 'color'] as const) expect(groupEntries([] as WardrobeEntry[], g)).toEqual([]);
  });
});
