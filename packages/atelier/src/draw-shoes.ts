// Footwear, seen from the front with the feet turned slightly out: sneakers are chunky with a
// white sole, pumps pointed with a heel, boots have a shaft, sandals show the foot.
import { darken, lighten } from './color';
import { legOutline, type Body } from './figure';
import type { GarmentKey } from './garments';
import { shape, stroke, type Paint } from './paint';
import { f, pt, smooth, type Pt } from './svg';

type Side = 1 | -1;

/** The shoe's outline around the foot, from `top` (where the upper starts) down to the sole. */
function upper(b: Body, side: Side, top: number, grow: number, pointed = false): Pt[] {
  const c = b.cx + side * b.ankleCentre;
  const w = (b.gender === 'female' ? 8 : 10) + grow;
  const x = (dx: number) => c + side * dx;
  const toe = pointed
    ? [pt(x(w + 6), b.footY - 6), pt(x(w + 3), b.footY + 8, true), pt(x(-w + 3), b.footY)]
    : [pt(x(w + 8), b.footY - 6), pt(x(w + 2), b.footY + 2), pt(x(-w + 1), b.footY + 1)];
  return [
    pt(x(-w + 1), top, true), pt(x(w - 1), top, true), pt(x(w + 3), Math.max(top + 6, b.ankleY + 16)),
    ...toe, pt(x(-w - 2), b.footY - 8), pt(x(-w), Math.max(top + 6, b.ankleY + 14)),
  ];
}

function sole(b: Body, side: Side, thickness: number, color: string, line: string, grow = 3): string {
  const c = b.cx + side * b.ankleCentre;
  const w = (b.gender === 'female' ? 8 : 10) + grow;
  const x = (dx: number) => c + side * dx;
  const y = b.footY - 3;
  const d = smooth([
    pt(x(-w - 3), y - 3), pt(x(w + 10), y - 5), pt(x(w + 9), y + thickness - 1), pt(x(w + 2), y + thickness + 2),
    pt(x(-w), y + thickness + 1), pt(x(-w - 4), y + thickness - 3),
  ]);
  return `<path d="${d}" fill="${color}" stroke="${line}" stroke-width="1.2"/>`;
}

function strap(b: Body, side: Side, y: number, h: number, p: Paint, grow = 2): string {
  const c = b.cx + side * b.ankleCentre;
  const w = (b.gender === 'female' ? 8 : 10) + grow;
  const slope = (y - b.ankleY) * 0.14;
  const d = `M${f(c - side * (w + 1))} ${f(y)}L${f(c + side * (w + 3 + slope))} ${f(y - 2)}L${f(c + side * (w + 4 + slope))} ${f(y + h - 2)}L${f(c - side * (w + 1))} ${f(y + h)}Z`;
  return shape(d, p, 1.1);
}

function heel(b: Body, side: Side, p: Paint, block = false): string {
  const c = b.cx + side * b.ankleCentre;
  const x = c - side * ((b.gender === 'female' ? 8 : 10) + 1);
  const w = block ? 7 : 3.5;
  return `<path d="M${f(x)} ${f(b.footY - 18)}L${f(x - side * w)} ${f(b.footY - 18)}L${f(x - side * (w - 1))} ${f(b.footY + 8)}L${f(x - side * 1)} ${f(b.footY + 8)}Z" fill="${darken(p.base, 0.25)}" stroke="${p.line}" stroke-width="1"/>`;
}

export function drawShoes(b: Body, key: GarmentKey, p: Paint): string {
  let out = '';
  for (const side of [1, -1] as const) {
    const c = b.cx + side * b.ankleCentre;
    switch (key) {
      case 'sneakers':
      case 'running_shoes': {
        const running = key === 'running_shoes';
        out += shape(smooth(upper(b, side, b.ankleY - 6, 4)), p);
        out += sole(b, side, running ? 10 : 8, running ? lighten(p.base, 0.75) : '#F4F2EC', p.line, 4);
        out += stroke(`M${f(c - 6)} ${f(b.ankleY + 8)}l12 -1M${f(c - 6)} ${f(b.ankleY + 15)}l13 -1M${f(c - 5)} ${f(b.ankleY + 22)}l13 -1`, p.detail, 1.4);
        if (running) out += stroke(`M${f(c - side * 8)} ${f(b.footY - 8)}q${f(side * 12)} -14 ${f(side * 22)} -12`, lighten(p.base, 0.6), 2.4);
        break;
      }
      case 'pumps': {
        out += heel(b, side, p);
        out += shape(smooth(upper(b, side, b.ankleY + 18, 2, true)), p);
        break;
      }
      case 'strappy_heels': {
        out += heel(b, side, p);
        out += sole(b, side, 3, p.base, p.line, 2);
        out += strap(b, side, b.ankleY - 2, 5, p) + strap(b, side, b.ankleY + 24, 5, p);
        break;
      }
      case 'platform_sandals': {
        out += sole(b, side, 14, lighten(p.base, 0.35), p.line, 3);
        out += strap(b, side, b.ankleY - 2, 6, p) + strap(b, side, b.ankleY + 22, 10, p);
        break;
      }
      case 'ankle_boots':
      case 'knee_boots': {
        const top = key === 'knee_boots' ? b.kneeY + 14 : b.ankleY - 56;
        const shaft = legOutline(b, top, b.ankleY + 10, () => 4, () => 3, side);
        out += heel(b, side, p, true);
        out += shape(smooth(shaft), p);
        out += shape(smooth(upper(b, side, b.ankleY, 4)), p);
        out += stroke(`M${f(b.cx + side * (b.legInner(top) - 3))} ${f(top + 8)}L${f(b.cx + side * (b.legOuter(top) + 4))} ${f(top + 8)}`, p.detail, 1.2);
        break;
      }
      case 'sandals':
      case 'slides': {
        out += sole(b, side, 4, key === 'slides' ? p.base : darken(p.base, 0.15), p.line, 3);
        out += key === 'slides' ? strap(b, side, b.ankleY + 12, 16, p, 3) : strap(b, side, b.ankleY + 10, 6, p) + strap(b, side, b.ankleY + 24, 6, p);
        break;
      }
      case 'espadrilles': {
        out += shape(smooth(upper(b, side, b.ankleY + 12, 3)), p);
        out += sole(b, side, 8, '#C9A878', '#8A6F47', 3);
        out += stroke(`M${f(c - 12)} ${f(b.footY + 1)}h30`, '#8A6F47', 1, { 'stroke-dasharray': '2 2' });
        break;
      }
      default: {
        // Loafers, boat shoes, derbies: a low vamp on a thin sole.
        out += shape(smooth(upper(b, side, b.ankleY + 6, 3)), p);
        out += sole(b, side, 4, darken(p.base, 0.35), p.line, 3);
        if (key === 'loafers') out += stroke(`M${f(c - 8)} ${f(b.ankleY + 18)}q${f(8)} 4 ${f(16)} 0`, p.detail, 2.2);
        if (key === 'boat_shoes') out += stroke(`M${f(c - 10)} ${f(b.ankleY + 10)}q10 6 20 0`, '#E8D9B5', 1.6);
        if (key === 'derby_shoes') out += stroke(`M${f(c - 4)} ${f(b.ankleY + 10)}l8 0M${f(c - 4)} ${f(b.ankleY + 16)}l8 0`, p.detail, 1.4);
      }
    }
  }
  return out;
}

