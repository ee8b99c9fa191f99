// Trend prints as SVG <pattern> tiles: one small tile per patterned piece, repeated by the
// renderer, so a print costs a handful of elements however large the garment.
import type { PatternKey } from '@drape/contracts';
import { darken, deltaE, lighten, luminance, mix } from './color';
import { attrs, f } from './svg';

export interface PrintColors {
  /** The garment's own color. */
  readonly base: string;
  /** The motif color: the palette color that stands out most on the base. */
  readonly ink: string;
  /** A second motif color (flower centres, tartan lines). */
  readonly accent: string;
  readonly darkest: string;
  readonly lightest: string;
}

/** Picks motif colors from the look's palette so a print never brings in a foreign color. */
export function printColors(base: string, palette: readonly string[]): PrintColors {
  const others = palette.filter((c) => c.toUpperCase() !== base.toUpperCase());
  const ranked = [...others].sort((a, b) => deltaE(b, base) - deltaE(a, base));
  const ink = ranked[0] ?? (luminance(base) > 0.45 ? '#1B1B1B' : '#FAFAFA');
  const accent = ranked[1] ?? mix(base, ink, 0.5);
  const byLum = [...others].sort((a, b) => luminance(a) - luminance(b));
  const darkest = byLum[0] ?? '#1B1B1B';
  const lightest = byLum[byLum.length - 1] ?? '#FAFAFA';
  return {
    base, ink, accent,
    darkest: luminance(darkest) < 0.2 ? darkest : '#1B2A49',
    lightest: luminance(lightest) > 0.6 ? lightest : '#FAFAFA',
  };
}

const tile = (id: string, w: number, h: number, body: string, transform?: string): string =>
  `<pattern${attrs({ id, width: w, height: h, patternUnits: 'userSpaceOnUse', patternTransform: transform })}>${body}</pattern>`;

const rect = (w: number, h: number, fill: string): string => `<rect${attrs({ width: w, height: h, fill })}/>`;

/** A leopard rosette: broken dark arcs around a slightly darker centre. */
function rosette(x: number, y: number, r: number, ink: string, inner: string, turn: number): string {
  const arc = (a0: number, a1: number) => {
    const p = (a: number) => `${f(x + Math.cos(a) * r)} ${f(y + Math.sin(a) * r * 0.8)}`;
    return `M${p(a0)}A${f(r)} ${f(r * 0.8)} 0 0 1 ${p(a1)}`;
  };
  const t = turn;
  return (
    `<ellipse${attrs({ cx: x, cy: y, rx: r * 0.72, ry: r * 0.55, fill: inner })}/>` +
    `<path d="${arc(t, t + 1.7)}${arc(t + 2.2, t + 3.6)}${arc(t + 4.1, t + 5.6)}"${attrs({ fill: 'none', stroke: ink, 'stroke-width': r * 0.45, 'stroke-linecap': 'round' })}/>`
  );
}

function flower(x: number, y: number, r: number, petal: string, centre: string, turn: number): string {
  let petals = '';
  for (let i = 0; i < 5; i++) {
    const a = turn + (i * Math.PI * 2) / 5;
    petals += `<ellipse${attrs({ cx: x + Math.cos(a) * r, cy: y + Math.sin(a) * r, rx: r * 0.95, ry: r * 0.6, transform: `rotate(${f((a * 180) / Math.PI)} ${f(x + Math.cos(a) * r)} ${f(y + Math.sin(a) * r)})` })}/>`;
  }
  return `<g fill="${petal}">${petals}</g><circle${attrs({ cx: x, cy: y, r: r * 0.55, fill: centre })}/>`;
}

function leaf(x: number, y: number, len: number, angle: number, fill: string): string {
  return `<path d="M${f(x)} ${f(y)}q${f(len * 0.5)} ${f(-len * 0.35)} ${f(len)} 0q${f(-len * 0.5)} ${f(len * 0.35)} ${f(-len)} 0z"${attrs({ fill, transform: `rotate(${f(angle)} ${f(x)} ${f(y)})` })}/>`;
}

/** The <pattern> element for a print on a garment of color `c.base`; '' for plain fabrics. */
export function patternDef(id: string, key: PatternKey, c: PrintColors): string {
  const { base, ink, accent } = c;
  switch (key) {
    case 'dots': {
      const dot = luminance(base) > 0.6 ? ink : luminance(ink) > 0.5 ? ink : '#FAFAFA';
      return tile(id, 28, 28, rect(28, 28, base) +
        `<g fill="${dot}"><circle cx="7" cy="7" r="4.6"/><circle cx="21" cy="21" r="4.6"/></g>`);
    }
    case 'animal': {
      const spot = luminance(base) > 0.25 ? darken(mix(base, '#2B1A10', 0.85), 0.1) : '#0E0B09';
      const inner = luminance(base) > 0.25 ? darken(base, 0.22) : lighten(base, 0.25);
      return tile(id, 64, 64, rect(64, 64, base) +
        rosette(12, 12, 8, spot, inner, 0.3) + rosette(42, 18, 9, spot, inner, 2.1) + rosette(26, 40, 8.5, spot, inner, 4.2) +
        rosette(56, 48, 7.5, spot, inner, 1.2) + rosette(8, 56, 6, spot, inner, 3.3) +
        `<g fill="${spot}"><circle cx="30" cy="6" r="2.2"/><circle cx="50" cy="34" r="2"/><circle cx="14" cy="30" r="1.8"/><circle cx="40" cy="58" r="2"/></g>`);
    }
    case 'denim': {
      // Twill: fine diagonal light and dark threads over the base.
      return tile(id, 6, 6, rect(6, 6, base) +
        `<path d="M-1 1L1 -1M0 6L6 0M5 7L7 5"${attrs({ stroke: lighten(base, 0.38), 'stroke-width': 1.2 })}/>` +
        `<path d="M-1 4L4 -1M2 7L7 2"${attrs({ stroke: darken(base, 0.25), 'stroke-width': 0.9 })}/>`);
    }
    case 'stripes': {
      // Mariner stripes are dark on light or light on dark, never two mid tones.
      const stripe = luminance(base) > 0.5 ? c.darkest : c.lightest;
      return tile(id, 24, 22, rect(24, 22, base) + rect(24, 9, stripe));
    }
    case 'florals': {
      const green = mix(accent, '#4F6B2E', 0.55);
      return tile(id, 70, 70, rect(70, 70, base) +
        leaf(20, 28, 14, 30, green) + leaf(50, 58, 14, -40, green) + leaf(58, 16, 12, 120, green) +
        flower(18, 18, 6.5, ink, accent, 0.2) + flower(50, 46, 7.5, ink, accent, 1.1) + flower(12, 56, 4.5, accent, ink, 0.6) +
        flower(56, 10, 4, accent, ink, 0.9));
    }
    case 'check': {
      const band = deltaE(base, ink) > 20 ? ink : darken(base, 0.35);
      return tile(id, 32, 32, rect(32, 32, base) +
        `<g fill="${band}" opacity="0.42"><rect width="12" height="32"/><rect width="32" height="12"/></g>` +
        `<path d="M22 0V32M0 22H32"${attrs({ stroke: accent, 'stroke-width': 1.6, opacity: 0.9 })}/>`);
    }
    case 'waves': {
      const line = deltaE(base, ink) > 20 ? ink : lighten(base, 0.5);
      return tile(id, 40, 22, rect(40, 22, base) +
        `<path d="M0 8Q10 1 20 8T40 8"${attrs({ fill: 'none', stroke: line, 'stroke-width': 2.6 })}/>` +
        `<path d="M0 17Q10 10 20 17T40 17"${attrs({ fill: 'none', stroke: accent, 'stroke-width': 1.4, opacity: 0.8 })}/>`);
    }
    case 'retro': {
      // Chunky 70s chest bands.
      return tile(id, 40, 64, rect(40, 64, base) +
        `<rect${attrs({ y: 22, width: 40, height: 8, fill: ink })}/><rect${attrs({ y: 32, width: 40, height: 8, fill: accent })}/>`);
    }
    case 'solid_bright':
      return '';
  }
}
