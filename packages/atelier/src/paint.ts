// How a piece is colored on the page: its fill (a color or a print), an outline a shade
// darker, and a detail color for seams, buttons and stitching.
import { darken, lighten, luminance } from './color';
import { attrs } from './svg';

export interface Paint {
  /** A color, or url(#...) of the piece's print. */
  readonly fill: string;
  /** The piece's own color (the print's ground). */
  readonly base: string;
  readonly line: string;
  readonly detail: string;
}

export function plainPaint(base: string, fill = base): Paint {
  const lum = luminance(base);
  return {
    fill,
    base,
    line: lum < 0.04 ? '#000000' : darken(base, 0.42),
    detail: lum > 0.3 ? darken(base, 0.3) : lighten(base, 0.32),
  };
}

/** A filled outline with the shared volume shading on top (the 'vol' gradient in <defs>). */
export function shape(d: string, p: Paint, width = 1.5): string {
  return `<path d="${d}"${attrs({ fill: p.fill, stroke: p.line, 'stroke-width': width, 'stroke-linejoin': 'round' })}/><path d="${d}" fill="url(#vol)"/>`;
}

/** Seams, folds and other lines. */
export function stroke(d: string, color: string, width = 1.2, extra: Readonly<Record<string, string | number>> = {}): string {
  if (!d) return '';
  return `<path d="${d}"${attrs({ fill: 'none', stroke: color, 'stroke-width': width, 'stroke-linecap': 'round', 'stroke-linejoin': 'round', ...extra })}/>`;
}

export const GOLD_THREAD = '#D9A441';
