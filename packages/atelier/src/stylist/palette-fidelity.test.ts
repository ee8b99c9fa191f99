import type { NamedColor } from '@drape/contracts';
import { describe, expect, it } from 'vitest';
import { ciede2000 } from './color-science';
import { OFF_PALETTE, SAME_AS_PALETTE, paletteFidelity } from './palette-fidelity';

const autumn: NamedColor[] = [
  { name: 'Rust', hex: '#B7410E', family: 'orange' },
  { name: 'Olive', hex: '#708238', family: 'green' },
  { name: 'Cream', hex: '#F5F0E6', family: 'cream' },
];
const piece = (hex: string) => ({ color: { hex } });

describe('paletteFidelity', () => {
  it('gives a piece in a palette colour its whole part, and names the colour it matches', () => {
    const result = paletteFidelity([piece('#B7410E'), piece('#F5F0E6')], autumn);
    expect(result.score).toBe(1);
    expect(result.matches.map((m) => m.nearest.name)).toEqual(['Rust', 'Cream']);
  });

  it('gives a shade off the palette part of its share, on a slope, and a colour of its own nothing', () => {
    const terracotta = '#C8553D';
    const d = ciede2000(terracotta, '#B7410E');
    expect(d).toBeGreaterThan(SAME_AS_PALETTE);
    expect(d).toBeLessThan(OFF_PALETTE);
    const shade = paletteFidelity([piece(terracotta)], autumn);
    expect(shade.matches[0]!.nearest.name).toBe('Rust');
    expect(shade.score).toBeCloseTo((OFF_PALETTE - d) / (OFF_PALETTE - SAME_AS_PALETTE), 10);
    expect(paletteFidelity([piece('#1E90FF')], autumn).score).toBe(0);
  });

  it('averages over the pieces: one of four off the palette costs a quarter', () => {
    const result = paletteFidelity([piece('#B7410E'), piece('#708238'), piece('#F5F0E6'), piece('#FF1493')], autumn);
    expect(result.score).toBeCloseTo(0.75, 10);
  });

  it('scores nothing without pieces or without a palette', () => {
    expect(paletteFidelity([], autumn)).toEqual({ score: 0, matches: [] });
    expect(paletteFidelity([piece('#B7410E')], []).score).toBe(0);
  });
});
