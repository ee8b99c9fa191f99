import { PALETTES, TRENDS, type Combination } from '@drape/contracts';
import { describe, expect, it } from 'vitest';
import { enumerateCombinations } from './combinations';
import { compose } from './compose';
import { garment } from './garments';
import type { Look } from './look';
import { occasionForbidden } from './settings';

const ALL = enumerateCombinations({ activeOnly: false });
const SEEDS = [1, 2, 3, 17, 'abc'];

/** Every combination once, plus a few seeds for the narrower sets below. */
function looksFor(filter: (c: Combination) => boolean, seeds: readonly (number | string)[] = SEEDS): Look[] {
  return ALL.filter(filter).flatMap((c) => seeds.map((s) => compose(c, s)));
}

const keysOf = (l: Look) => l.pieces.map((p) => p.key);

describe('compose: occasion rules', () => {
  const office = looksFor((c) => c.occasion === 'office');
  const beach = looksFor((c) => c.occasion === 'beach');

  it('never puts hot pants, shorts or swimwear in an office look', () => {
    expect(office.length).toBeGreaterThan(1000);
    for (const look of office) {
      expect(keysOf(look)).not.toContain('hot_pants');
      expect(keysOf(look).filter((k) => ['short_shorts', 'shorts', 'denim_shorts', 'swim_shorts'].includes(k))).toEqual([]);
      expect(keysOf(look).filter((k) => occasionForbidden('office').includes(k))).toEqual([]);
    }
  });

  it('never gives a beach look a wool coat, or any coat at all', () => {
    for (const look of beach) {
      expect(keysOf(look)).not.toContain('wool_coat');
      expect(look.pieces.filter((p) => p.type === 'outerwear')).toEqual([]);
    }
  });

  it('gives athleisure and lounge looks no outerwear', () => {
    for (const look of looksFor((c) => c.occasion === 'athleisure' || c.occasion === 'lounge')) {
      expect(look.pieces.some((p) => p.type === 'outerwear')).toBe(false);
    }
  });

  it('keeps swimwear for the beach', () => {
    const offBeach = looksFor((c) => c.occasion !== 'beach', [1, 2]);
    for (const look of offBeach) expect(look.pieces.some((p) => garment(p.key).swim)).toBe(false);
  });
});

describe('compose: gender and coverage', () => {
  const every = ALL.map((c, i) => compose(c, i));

  it('never dresses a male look in a dress or a female-only piece', () => {
    const male = every.filter((l) => l.combination.gender === 'male');
    expect(male.length).toBe(ALL.length / 2);
    for (const look of male) {
      expect(look.pieces.some((p) => p.type === 'dress')).toBe(false);
      for (const p of look.pieces) expect(garment(p.key).genders).toContain('male');
    }
  });

  it('gives every look exactly one pair of shoes and covers torso and hips', () => {
    for (const look of every) {
      const types = look.pieces.map((p) => p.type);
      expect(types.filter((t) => t === 'shoes')).toHaveLength(1);
      const dress = types.includes('dress');
      expect(dress || (types.includes('top') && types.includes('bottom'))).toBe(true);
      if (dress) expect(types.includes('top') || types.includes('bottom')).toBe(false);
    }
  });

  it('adds one or two accessories, never two in the same body slot', () => {
    for (const look of every) {
      const accessories = look.pieces.filter((p) => p.type === 'accessory');
      expect(accessories.length).toBeGreaterThanOrEqual(1);
      expect(accessories.length).toBeLessThanOrEqual(2);
      const slots = accessories.map((p) => garment(p.key).slot);
      expect(new Set(slots).size).toBe(slots.length);
    }
  });

  it('puts a belt only where a waist shows (a dress, a tucked top or a crop top)', () => {
    const belted = every.filter((l) => keysOf(l).includes('belt'));
    expect(belted.length).toBeGreaterThan(0);
    for (const look of belted) {
      expect(look.tucked || keysOf(look).includes('crop_top') || look.pieces.some((p) => p.type === 'dress')).toBe(true);
    }
  });

  it('dresses the requested body shape and skin tone', () => {
    for (const look of every) {
      const c = look.combination;
      expect(look.model.gender).toBe(c.gender);
      if (c.bodyShape) expect(look.model.bodyShape).toBe(c.bodyShape);
      if (c.skinTone) expect(look.model.skinTone).toBe(c.skinTone);
    }
  });
});

describe('compose: colors and trends', () => {
  it('takes every piece color from the chosen palette', () => {
    const looks = looksFor((c) => c.palette !== undefined);
    expect(looks.length).toBeGreaterThan(500);
    for (const look of looks) {
      const palette = PALETTES.find((p) => p.id === look.combination.palette);
      const hexes = palette?.colors.map((c) => c.hex) ?? [];
      expect(hexes.length).toBeGreaterThan(0);
      for (const p of look.pieces) expect(hexes).toContain(p.color.hex);
      expect(look.palette.id).toBe(look.combination.palette);
    }
  });

  it('takes trend and occasion colors from the look palette it reports', () => {
    for (const look of looksFor((c) => c.palette === undefined, [1])) {
      const hexes = look.palette.colors.map((c) => c.hex);
      for (const p of look.pieces) expect(hexes).toContain(p.color.hex);
    }
  });

  it('gives Hot Pants Revival looks hot pants (or short shorts for men)', () => {
    for (const look of looksFor((c) => c.trend === 'hot_pants_revival')) {
      expect(keysOf(look)).toContain(look.combination.gender === 'female' ? 'hot_pants' : 'short_shorts');
    }
  });

  it('puts denim in every Denim look', () => {
    for (const look of looksFor((c) => c.trend === 'denim')) {
      expect(look.pieces.some((p) => p.pattern === 'denim')).toBe(true);
    }
  });

  it('wears the trend print on at least one piece', () => {
    for (const trend of TRENDS.filter((t) => t.pattern !== 'solid_bright')) {
      for (const look of looksFor((c) => c.trend === trend.id, [1, 2])) {
        expect(look.pieces.map((p) => p.pattern), `${look.combinationCode}`).toContain(trend.pattern);
      }
    }
  });

  it('makes a Vibrant Yellow look visibly yellow', () => {
    for (const look of looksFor((c) => c.trend === 'vibrant_yellow')) {
      expect(look.pieces.some((p) => p.color.family === 'yellow' && p.type !== 'accessory')).toBe(true);
    }
  });

  it('keeps top and bottom apart in color', () => {
    const looks = looksFor(() => true, [7]).filter((l) => l.pieces.some((p) => p.type === 'top'));
    const same = looks.filter((l) => {
      const top = l.pieces.find((p) => p.type === 'top');
      const bottom = l.pieces.find((p) => p.type === 'bottom');
      return top?.color.hex === bottom?.color.hex;
    });
    expect(same.length / looks.length).toBeLessThan(0.02);
  });
});

describe('compose: determinism', () => {
  const combo: Combination = { gender: 'female', trend: 'boho_chic', styleVibe: 'playful' };

  it('returns the same look for the same seed', () => {
    expect(compose(combo, 42)).toEqual(compose(combo, 42));
    expect(compose({ gender: 'male', occasion: 'office' }, 'seed-x')).toEqual(compose({ gender: 'male', occasion: 'office' }, 'seed-x'));
  });

  it('returns generally different looks for different seeds', () => {
    const signatures = new Set(
      Array.from({ length: 30 }, (_, s) => compose(combo, s).pieces.map((p) => `${p.key}:${p.color.hex}`).join('|')),
    );
    expect(signatures.size).toBeGreaterThanOrEqual(20);
  });

  it('varies the garments themselves, not only their colors', () => {
    const shapes = new Set(Array.from({ length: 30 }, (_, s) => keysOf(compose({ gender: 'male', palette: 'ocean_depths' }, s)).join('|')));
    expect(shapes.size).toBeGreaterThanOrEqual(10);
  });

  it('rejects a combination without exactly one selection', () => {
    expect(() => compose({ gender: 'female' } as unknown as Combination, 1)).toThrow(/exactly one/);
    expect(() => compose({ gender: 'female', trend: 'polka', palette: 'botanic_pop' } as unknown as Combination, 1)).toThrow(/exactly one/);
  });
});

describe('compose: the item list', () => {
  it('names, describes and prices every piece', () => {
    for (const look of looksFor(() => true, [3]).slice(0, 2000)) {
      for (const p of look.pieces) {
        expect(p.name.length).toBeGreaterThan(3);
        expect(p.description.toLowerCase()).toContain(p.color.name.toLowerCase());
        expect(['budget', 'mid-range', 'premium', 'luxury']).toContain(p.priceRange);
      }
      expect(look.colorsUsed.length).toBe(new Set(look.pieces.map((p) => p.color.hex)).size);
    }
  });
});
