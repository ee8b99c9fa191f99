import type { Combination } from '@drape/contracts';
import { describe, expect, it } from 'vitest';
import { enumerateCombinations } from './combinations';
import { compose } from './compose';
import { bodyFor } from './figure';
import { IMAGE_HEIGHT, IMAGE_WIDTH, render, watermarkSvg } from './render';

/** Every opened element is closed in order: catches broken markup without an XML parser. */
function balanced(svg: string): boolean {
  const stack: string[] = [];
  for (const m of svg.matchAll(/<(\/?)([a-zA-Z]+)[^>]*?(\/?)>/g)) {
    const [, closing, name, selfClosing] = m;
    if (selfClosing) continue;
    if (closing) {
      if (stack.pop() !== name) return false;
    } else stack.push(name as string);
  }
  return stack.length === 0;
}

const SAMPLE = enumerateCombinations({ activeOnly: false }).filter((_, i) => i % 37 === 0);

describe('render', () => {
  it('draws a 768x1024 SVG', () => {
    const svg = render(compose({ gender: 'female', trend: 'polka' }, 1));
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg).toContain(`width="${IMAGE_WIDTH}" height="${IMAGE_HEIGHT}"`);
    expect([IMAGE_WIDTH, IMAGE_HEIGHT]).toEqual([768, 1024]);
    expect(svg).toContain('viewBox="0 0 768 1024"');
  });

  it('paints every piece in its own color, for a wide sample of looks', () => {
    expect(SAMPLE.length).toBeGreaterThan(100);
    for (const [i, c] of SAMPLE.entries()) {
      const look = compose(c, i);
      const svg = render(look);
      for (const p of look.pieces) expect(svg, `${look.combinationCode} ${p.name}`).toContain(p.color.hex);
      expect(balanced(svg), look.combinationCode).toBe(true);
      expect(svg).not.toMatch(/NaN|undefined|Infinity/);
    }
  });

  it('keeps the SVG small: prints are pattern tiles, not thousands of shapes', () => {
    for (const [i, c] of SAMPLE.entries()) {
      const svg = render(compose(c, i));
      expect(svg.length).toBeLessThan(40_000);
      expect((svg.match(/<(path|circle|ellipse|rect)\b/g) ?? []).length).toBeLessThan(400);
    }
  });

  it('applies the trend print as an SVG pattern on the garment', () => {
    const polka = compose({ gender: 'female', trend: 'polka' }, 1);
    const svg = render(polka);
    const printed = polka.pieces.findIndex((p) => p.pattern === 'dots');
    expect(printed).toBeGreaterThanOrEqual(0);
    expect(svg).toContain(`<pattern id="p${printed}"`);
    expect(svg).toContain(`fill="url(#p${printed})"`);
  });

  it('draws recognisably different figures for the two genders', () => {
    const look = compose({ gender: 'female', palette: 'minimal_heat', bodyShape: 'rectangle' }, 3);
    const female = render(look, { ...look.model, hairStyle: 'long_waves' });
    const male = render(look, { ...look.model, gender: 'male', hairStyle: 'crop' });
    expect(female).not.toEqual(male);
    const f = bodyFor({ ...look.model, gender: 'female' });
    const m = bodyFor({ ...look.model, gender: 'male' });
    expect(m.shoulder - f.shoulder).toBeGreaterThan(15);
    expect(m.shoulder / m.hip).toBeGreaterThan(f.shoulder / f.hip);
  });

  it('shapes the figure by body shape and colors it by skin tone', () => {
    const base: Combination = { gender: 'female', occasion: 'date', skinTone: 'fair' };
    const pear = compose({ ...base, bodyShape: 'pear' }, 1).model;
    const invTri = { ...pear, bodyShape: 'inverted_triangle' as const };
    expect(bodyFor(pear).hip).toBeGreaterThan(bodyFor(invTri).hip);
    expect(bodyFor(invTri).shoulder).toBeGreaterThan(bodyFor(pear).shoulder);
    const look = compose(base, 1);
    expect(render(look, { ...look.model, skinTone: 'deep' })).toContain('#6B4330');
    expect(render(look, { ...look.model, skinTone: 'fair' })).toContain('#F6D7C3');
  });

  it('is deterministic and captions the look', () => {
    const look = compose({ gender: 'male', trend: 'nautical_chic' }, 9);
    expect(render(look)).toEqual(render(look));
    expect(render(look)).toContain('NAUTICAL CHIC');
    expect(render(look, look.model, { caption: false })).not.toContain('NAUTICAL CHIC');
  });

  it('uses only the DejaVu font family for text', () => {
    const svg = render(compose({ gender: 'female', occasion: 'goingout' }, 2));
    const families = [...svg.matchAll(/font-family="([^"]+)"/g)].map((m) => m[1]);
    expect(families.length).toBeGreaterThan(0);
    for (const family of families) expect(family).toMatch(/^DejaVu Sans/);
  });
});

describe('watermarkSvg', () => {
  it('is an overlay of the given size with Drape at the bottom right', () => {
    const svg = watermarkSvg(768, 1024);
    expect(svg).toContain('width="768" height="1024"');
    expect(svg).toContain('>Drape</text>');
    expect(svg).toContain('text-anchor="end"');
    const x = Number(/<text x="(\d+)"/.exec(svg)?.[1]);
    const y = Number(/ y="(\d+)"/.exec(svg)?.[1]);
    expect(x).toBeGreaterThan(768 * 0.9);
    expect(y).toBeGreaterThan(1024 * 0.93);
    expect(balanced(svg)).toBe(true);
  });

  it('can be drawn into the look itself instead of composited', () => {
    const look = compose({ gender: 'female', trend: 'denim' }, 1);
    expect(render(look)).not.toContain('>Drape</text>');
    expect(render(look, look.model, { watermark: true })).toContain('>Drape</text>');
  });
});
