import type { ColorFamily, NamedColor, PieceType } from '@drape/contracts';
import { describe, expect, it } from 'vitest';
import { harmony, type HarmonyPiece } from './harmony';

const c = (name: string, hex: `#${string}`, family: ColorFamily): NamedColor => ({ name, hex, family });
const NAVY = c('Navy', '#1F2A44', 'navy');
const CREAM = c('Cream', '#F5F0E6', 'cream');
const CAMEL = c('Camel', '#C19A6B', 'brown');
const RED = c('Red', '#D62828', 'red');
const RUST = c('Rust', '#B7410E', 'orange');
const RUST_DEEP = c('Burnt orange', '#B84A1A', 'orange');
const COBALT = c('Cobalt', '#0047AB', 'blue');
const EMERALD = c('Emerald', '#2E8B57', 'green');
const FUCHSIA = c('Fuchsia', '#FF1493', 'pink');
const MUSTARD = c('Mustard', '#E1AD01', 'yellow');

const look = (...pieces: [PieceType, NamedColor][]): HarmonyPiece[] => pieces.map(([type, color]) => ({ type, color }));

describe('harmony', () => {
  it('counts neutrals apart from accents: a navy and cream look has no accent, and is quiet rather than wrong', () => {
    const h = harmony(look(['top', NAVY], ['bottom', CREAM], ['shoes', CAMEL]));
    expect(h.neutrals).toEqual([0, 1, 2]);
    expect(h.accents).toEqual([]);
    expect(h.separation).toBe(1);
    expect(h.score).toBeCloseTo(0.6 * 0.85 + 0.4, 10);
  });

  it('likes one accent on neutrals best, and counts two close shades as one accent', () => {
    const one = harmony(look(['top', RED], ['bottom', NAVY], ['shoes', CAMEL]));
    expect(one.accents.map((a) => a.color.name)).toEqual(['Red']);
    expect(one.score).toBe(1);
    const shades = harmony(look(['top', CREAM], ['bottom', RUST], ['accessory', RUST_DEEP]));
    expect(shades.accents).toHaveLength(1);
    expect(shades.accents[0]!.pieces).toEqual([1, 2]);
  });

  it('marks down a third accent, and four is noise', () => {
    const two = harmony(look(['top', RED], ['bottom', NAVY], ['accessory', MUSTARD]));
    const three = harmony(look(['top', RED], ['bottom', NAVY], ['accessory', MUSTARD], ['shoes', EMERALD]));
    const four = harmony(look(['top', RED], ['bottom', COBALT], ['accessory', MUSTARD], ['shoes', EMERALD], ['outerwear', FUCHSIA]));
    expect(two.score).toBeGreaterThan(three.score);
    expect(three.score).toBeGreaterThan(four.score);
    expect(four.score).toBeLessThan(0.6);
  });

  it('wants a neutral to rest the eye when there are two accents', () => {
    const anchored = harmony(look(['top', RED], ['bottom', NAVY], ['accessory', MUSTARD]));
    const unanchored = harmony(look(['top', RED], ['bottom', COBALT]));
    expect(unanchored.neutrals).toEqual([]);
    expect(unanchored.score).toBeLessThan(anchored.score);
  });

  it('needs pieces worn against each other to stand apart: cream on cream does not, a coat over a dress is one pair', () => {
    const tonal = harmony(look(['top', CREAM], ['bottom', CREAM]));
    expect(tonal.separation).toBe(0);
    const coat = harmony(look(['dress', RED], ['outerwear', NAVY]));
    expect(coat.separation).toBe(1);
  });
});
