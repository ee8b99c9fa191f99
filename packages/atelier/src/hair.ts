// Hair, in two layers: what falls behind the body (long hair, ponytail, curls) and what frames
// the face. Long hair and updos against short crops is the quickest read of a figure's gender.
import { darken, lighten } from './color';
import type { Body } from './figure';
import type { HairStyle } from './look';
import { attrs, f, mirrored, pt, smooth, type Pt } from './svg';

const paint = (color: string): string =>
  attrs({ fill: color, stroke: darken(color, 0.35), 'stroke-width': 1.3, 'stroke-linejoin': 'round' });

const strands = (d: string, color: string): string =>
  `<path d="${d}"${attrs({ fill: 'none', stroke: lighten(color, 0.22), 'stroke-width': 1.6, 'stroke-linecap': 'round', opacity: 0.7 })}/>`;

/** A bumpy outline through points: curls. */
function scallop(points: readonly Pt[], bump: number): string {
  let d = `M${f((points[0] as Pt).x)} ${f((points[0] as Pt).y)}`;
  for (let i = 0; i < points.length; i++) {
    const a = points[i] as Pt;
    const b = points[(i + 1) % points.length] as Pt;
    const mx = (a.x + b.x) / 2;
    const my = (a.y + b.y) / 2;
    const len = Math.hypot(b.x - a.x, b.y - a.y) || 1;
    // Bulge outwards: the outline runs clockwise, so the outward normal is (dy, -dx).
    const nx = ((b.y - a.y) / len) * bump;
    const ny = (-(b.x - a.x) / len) * bump;
    d += `Q${f(mx + nx)} ${f(my + ny)} ${f(b.x)} ${f(b.y)}`;
  }
  return `${d}Z`;
}

function ring(cx: number, cy: number, rx: number, ry: number, count: number, from = 0, to = Math.PI * 2): Pt[] {
  const out: Pt[] = [];
  for (let i = 0; i < count; i++) {
    const a = from + ((to - from) * i) / count;
    out.push(pt(cx + Math.sin(a) * rx, cy - Math.cos(a) * ry));
  }
  return out;
}

/** Drawn before the body. */
export function hairBack(b: Body, style: HairStyle, color: string): string {
  const { cx, headCy: cy, headRx: rx } = b;
  switch (style) {
    case 'long_waves': {
      const bottom = b.shoulderY + 118;
      const half: Pt[] = [
        pt(0, cy - 46), pt(rx + 8, cy - 30), pt(rx + 12, cy + 10), pt(rx + 14, cy + 60),
        pt(rx + 26, b.shoulderY + 20), pt(rx + 30, b.shoulderY + 70), pt(rx + 22, bottom, true),
        pt(rx + 8, bottom - 12), pt(rx - 6, bottom, true), pt(0, b.shoulderY + 60),
      ];
      return `<path d="${smooth(mirrored(cx, half))}"${paint(darken(color, 0.12))}/>`;
    }
    case 'bob': {
      const half: Pt[] = [pt(0, cy - 47), pt(rx + 9, cy - 30), pt(rx + 12, cy + 12), pt(rx + 12, cy + 40, true), pt(0, cy + 46)];
      return `<path d="${smooth(mirrored(cx, half))}"${paint(darken(color, 0.12))}/>`;
    }
    case 'ponytail': {
      const tail: Pt[] = [
        pt(cx + 18, cy - 40), pt(cx + 40, cy - 46), pt(cx + 58, cy - 20), pt(cx + 56, cy + 40),
        pt(cx + 46, b.shoulderY + 50), pt(cx + 38, b.shoulderY + 84, true), pt(cx + 36, b.shoulderY + 30),
        pt(cx + 38, cy + 20), pt(cx + 30, cy - 20),
      ];
      return `<path d="${smooth(tail)}"${paint(darken(color, 0.1))}/>` +
        strands(`M${f(cx + 46)} ${f(cy - 30)}Q${f(cx + 56)} ${f(cy + 30)} ${f(cx + 44)} ${f(b.shoulderY + 40)}`, color);
    }
    case 'curls': {
      const pts = ring(cx, cy - 6, rx + 30, 58, 16);
      return `<path d="${scallop(pts, 9)}"${paint(darken(color, 0.08))}/>`;
    }
    default:
      return '';
  }
}

/** Drawn after the clothes: the hair that frames the face (and long hair over the shoulders). */
export function hairFront(b: Body, style: HairStyle, color: string): string {
  const { cx, headCy: cy, headRx: rx, headRy: ry } = b;
  const top = cy - ry;
  switch (style) {
    case 'long_waves': {
      // A side part: a swept fringe and two locks falling in front of the shoulders.
      const crown: Pt[] = [
        pt(cx - 6, top - 5), pt(cx + rx * 0.8, top + 6), pt(cx + rx + 5, cy - 6), pt(cx + rx + 7, cy + 30),
        pt(cx + rx + 2, cy + 34), pt(cx + rx - 3, cy - 8), pt(cx + 8, cy - 24), pt(cx - 8, cy - 26),
        pt(cx - rx + 4, cy - 10), pt(cx - rx - 1, cy + 28), pt(cx - rx - 6, cy + 30), pt(cx - rx - 6, cy - 10),
        pt(cx - rx * 0.8, top + 6),
      ];
      const lock = (side: 1 | -1): Pt[] => {
        const x = (dx: number) => cx + side * dx;
        return [
          pt(x(rx - 2), cy + 20), pt(x(rx + 8), cy + 60), pt(x(rx + 18), b.shoulderY + 20),
          pt(x(rx + 22), b.shoulderY + 80), pt(x(rx + 12), b.shoulderY + 112, true),
          pt(x(rx + 6), b.shoulderY + 70), pt(x(rx + 4), b.shoulderY + 10), pt(x(rx - 4), cy + 46),
        ];
      };
      return `<path d="${smooth(lock(1))}"${paint(color)}/><path d="${smooth(lock(-1))}"${paint(color)}/>` +
        `<path d="${smooth(crown)}"${paint(color)}/>` +
        strands(`M${f(cx - 4)} ${f(top)}Q${f(cx - rx * 0.7)} ${f(cy - 26)} ${f(cx - rx - 2)} ${f(cy + 20)}M${f(cx + 6)} ${f(top + 2)}Q${f(cx + rx * 0.7)} ${f(cy - 26)} ${f(cx + rx + 2)} ${f(cy + 10)}M${f(cx + rx + 14)} ${f(b.shoulderY + 10)}Q${f(cx + rx + 20)} ${f(b.shoulderY + 60)} ${f(cx + rx + 14)} ${f(b.shoulderY + 100)}M${f(cx - rx - 14)} ${f(b.shoulderY + 10)}Q${f(cx - rx - 20)} ${f(b.shoulderY + 60)} ${f(cx - rx - 14)} ${f(b.shoulderY + 100)}`, color);
    }
    case 'bob': {
      const crown: Pt[] = [
        pt(cx + 4, top - 6), pt(cx + rx * 0.85, top + 4), pt(cx + rx + 9, cy - 8), pt(cx + rx + 11, cy + 28),
        pt(cx + rx + 6, cy + 42, true), pt(cx + rx - 2, cy + 26), pt(cx + rx - 4, cy - 6), pt(cx + 14, cy - 22),
        pt(cx - 14, cy - 16), pt(cx - rx + 3, cy - 4), pt(cx - rx + 1, cy + 28), pt(cx - rx - 6, cy + 42, true),
        pt(cx - rx - 11, cy + 28), pt(cx - rx - 9, cy - 8), pt(cx - rx * 0.85, top + 4),
      ];
      return `<path d="${smooth(crown)}"${paint(color)}/>` +
        strands(`M${f(cx + 4)} ${f(top)}Q${f(cx - rx * 0.6)} ${f(cy - 24)} ${f(cx - rx - 4)} ${f(cy + 30)}M${f(cx + 10)} ${f(top + 2)}Q${f(cx + rx * 0.8)} ${f(cy - 20)} ${f(cx + rx + 4)} ${f(cy + 30)}`, color);
    }
    case 'bun':
    case 'ponytail': {
      // Hair pulled back: a smooth cap with a centre part; the bun sits on the crown.
      const cap: Pt[] = [
        pt(cx, top - 4), pt(cx + rx * 0.8, top + 4), pt(cx + rx + 3, cy - 10), pt(cx + rx + 1, cy + 8),
        pt(cx + rx - 4, cy - 6), pt(cx + rx * 0.5, cy - 24), pt(cx, cy - 28), pt(cx - rx * 0.5, cy - 24),
        pt(cx - rx + 4, cy - 6), pt(cx - rx - 1, cy + 8), pt(cx - rx - 3, cy - 10), pt(cx - rx * 0.8, top + 4),
      ];
      const bun = style === 'bun'
        ? `<ellipse${attrs({ cx, cy: top - 14, rx: 22, ry: 17 })}${paint(color)}/>` +
          strands(`M${f(cx - 14)} ${f(top - 16)}Q${f(cx)} ${f(top - 30)} ${f(cx + 14)} ${f(top - 14)}`, color)
        : '';
      return bun + `<path d="${smooth(cap)}"${paint(color)}/>` +
        strands(`M${f(cx)} ${f(top)}Q${f(cx - rx * 0.6)} ${f(cy - 30)} ${f(cx - rx + 2)} ${f(cy - 4)}M${f(cx)} ${f(top)}Q${f(cx + rx * 0.6)} ${f(cy - 30)} ${f(cx + rx - 2)} ${f(cy - 4)}`, color);
    }
    case 'curls': {
      const pts = ring(cx, cy - 14, rx + 16, 44, 12, -Math.PI * 0.62, Math.PI * 0.62);
      pts.push(pt(cx + rx - 2, cy - 8), pt(cx + 10, cy - 24), pt(cx - 10, cy - 24), pt(cx - rx + 2, cy - 8));
      return `<path d="${scallop(pts, 7)}"${paint(color)}/>`;
    }
    case 'crop':
    case 'quiff':
    case 'buzz':
    case 'short_curls': {
      const lift = style === 'quiff' ? 16 : style === 'buzz' ? 1 : style === 'short_curls' ? 8 : 6;
      const hairline = style === 'buzz' ? cy - 24 : cy - 22;
      const cap: Pt[] = [
        pt(cx - 10, top - lift), pt(cx + rx * 0.7, top - lift * 0.5 + 2), pt(cx + rx + 3, cy - 18),
        pt(cx + rx + 2, cy + 2, true), pt(cx + rx - 3, cy - 12), pt(cx + rx * 0.45, hairline),
        pt(cx - rx * 0.2, hairline - 2), pt(cx - rx + 3, cy - 12), pt(cx - rx - 2, cy + 2, true),
        pt(cx - rx - 3, cy - 18), pt(cx - rx * 0.75, top - lift * 0.3 + 2),
      ];
      if (style === 'short_curls') return `<path d="${scallop(cap, 4)}"${paint(color)}/>`;
      const fill = style === 'buzz' ? darken(color, 0) : color;
      return `<path d="${smooth(cap)}"${paint(fill)}${style === 'buzz' ? ' opacity="0.92"' : ''}/>` +
        (style === 'buzz' ? '' : strands(`M${f(cx - rx * 0.6)} ${f(cy - 26)}Q${f(cx)} ${f(top - lift)} ${f(cx + rx * 0.7)} ${f(cy - 28)}M${f(cx - rx * 0.2)} ${f(cy - 24)}Q${f(cx + 10)} ${f(top - lift + 4)} ${f(cx + rx)} ${f(cy - 20)}`, color));
    }
  }
}
