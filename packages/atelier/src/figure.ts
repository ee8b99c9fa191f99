// The model: body proportions by gender and body shape (fashion-illustration proportions, about
// nine heads tall), and the drawing of skin, face and feet. Garments are fitted to these
// measurements, so a pear-shaped figure gets a fuller skirt, a broad-shouldered one a wider jacket.
import { SKIN_TONES, type BodyShapeId, type Gender, type SkinToneId } from '@drape/contracts';
import { darken, lighten, luminance, mix } from './color';
import type { Person } from './look';
import { attrs, f, mirrored, profile, pt, smooth, steps, type Pt } from './svg';

export interface Skin {
  readonly base: string;
  readonly shade: string;
  readonly line: string;
  readonly lip: string;
}

export interface Body {
  readonly gender: Gender;
  readonly cx: number;
  readonly headCy: number;
  readonly headRx: number;
  readonly headRy: number;
  readonly neck: number;
  readonly shoulderY: number;
  readonly bustY: number;
  readonly waistY: number;
  readonly hipY: number;
  readonly crotchY: number;
  readonly kneeY: number;
  readonly calfY: number;
  readonly ankleY: number;
  readonly footY: number;
  readonly elbowY: number;
  readonly wristY: number;
  /** Half widths. */
  readonly shoulder: number;
  readonly bust: number;
  readonly waist: number;
  readonly hip: number;
  /** Half width of the torso at a height (skin, no clothes). */
  readonly torso: (y: number) => number;
  /** Right leg's outer and inner edge, as distances from the centre line. */
  readonly legOuter: (y: number) => number;
  readonly legInner: (y: number) => number;
  /** Right arm's centre line and half width (arms hang slightly away from the body). */
  readonly armCentre: (y: number) => number;
  readonly armHalf: (y: number) => number;
  readonly ankleCentre: number;
  readonly skin: Skin;
}

type Measures = readonly [shoulder: number, bust: number, waist: number, hip: number];

const FEMALE: Record<BodyShapeId, Measures> = {
  hourglass: [63, 55, 39, 67],
  pear: [56, 48, 42, 75],
  rectangle: [60, 52, 50, 60],
  apple: [62, 61, 60, 64],
  inverted_triangle: [72, 58, 46, 57],
};
const MALE: Record<BodyShapeId, Measures> = {
  rectangle: [82, 69, 59, 61],
  inverted_triangle: [92, 76, 55, 58],
  apple: [84, 76, 74, 68],
  hourglass: [82, 71, 55, 65],
  pear: [77, 67, 62, 70],
};

function skinFor(tone: SkinToneId): Skin {
  const base = SKIN_TONES.find((s) => s.id === tone)?.hex ?? '#C68E65';
  return {
    base,
    shade: darken(base, 0.13),
    line: darken(base, 0.42),
    lip: tone === 'fair' ? '#C7626E' : tone === 'medium' ? '#A4505A' : '#6E3434',
  };
}

export function bodyFor(person: Person, cx = 384): Body {
  const female = person.gender === 'female';
  const [shoulder, bust, waist, hip] = (female ? FEMALE : MALE)[person.bodyShape];
  const headCy = female ? 128 : 124;
  const shoulderY = 214;
  const bustY = female ? 282 : 286;
  const waistY = female ? 362 : 374;
  const hipY = female ? 442 : 448;
  const crotchY = female ? 494 : 500;
  const kneeY = 690;
  const calfY = 770;
  const ankleY = 886;
  const footY = 928;
  const elbowY = waistY - 8;
  const wristY = hipY + 46;

  const torso = profile([
    [shoulderY - 14, female ? 12 : 16],
    [shoulderY + 14, shoulder - 2],
    [shoulderY + 46, bust - 1],
    [bustY, bust],
    [waistY, waist],
    [hipY, hip],
    [crotchY, hip * 0.97],
  ]);

  const knee = female ? [41, 10] : [47, 12];
  const calf = female ? [45, 9] : [52, 10];
  const ankle = female ? [33, 19] : [38, 22];
  const legOuter = profile([
    [hipY, hip],
    [crotchY, hip * 0.97],
    [crotchY + 90, (hip * 0.97 + (knee[0] ?? 0)) / 2 + 5],
    [kneeY, knee[0] ?? 0],
    [calfY, calf[0] ?? 0],
    [ankleY - 40, ((calf[0] ?? 0) + (ankle[0] ?? 0)) / 2 - 3],
    [ankleY, ankle[0] ?? 0],
  ]);
  const legInner = profile([
    [crotchY, 2],
    [crotchY + 90, 5],
    [kneeY, knee[1] ?? 0],
    [calfY, calf[1] ?? 0],
    [ankleY - 40, (ankle[1] ?? 0) - 2],
    [ankleY, ankle[1] ?? 0],
  ]);

  const elbowX = Math.max(shoulder + (female ? 8 : 4), waist + (female ? 30 : 26));
  const wristX = Math.max(hip + (female ? 24 : 26), shoulder + (female ? 12 : 6));
  const armCentre = profile([
    [shoulderY + 4, shoulder - 9],
    [shoulderY + 40, shoulder + 1],
    [elbowY, elbowX],
    [wristY, wristX],
  ]);
  const armHalf = profile(
    female
      ? [[shoulderY + 4, 14], [shoulderY + 40, 12.5], [elbowY, 9], [(elbowY + wristY) / 2, 9.5], [wristY, 6.5]]
      : [[shoulderY + 4, 17], [shoulderY + 40, 15.5], [elbowY, 11.5], [(elbowY + wristY) / 2, 12.5], [wristY, 8.5]],
  );

  return {
    gender: person.gender, cx, headCy, headRx: female ? 32 : 35, headRy: female ? 42 : 44,
    neck: female ? 11 : 15, shoulderY, bustY, waistY, hipY, crotchY, kneeY, calfY, ankleY, footY, elbowY, wristY,
    shoulder, bust, waist, hip, torso, legOuter, legInner, armCentre, armHalf,
    ankleCentre: ((ankle[0] ?? 0) + (ankle[1] ?? 0)) / 2,
    skin: skinFor(person.skinTone),
  };
}

// ---- outlines shared with the garments ---------------------------------------------------

/** Right leg outline (x > cx) from `top` to `bottom`, widened by ease functions. */
export function legOutline(b: Body, top: number, bottom: number, easeOut: (y: number) => number, easeIn: (y: number) => number, side: 1 | -1): Pt[] {
  const ys = steps(top, bottom, Math.max(3, Math.round((bottom - top) / 45)));
  const outer = ys.map((y, i) => pt(b.cx + side * (b.legOuter(y) + easeOut(y)), y, i === ys.length - 1));
  const inner = [...ys].reverse().map((y, i) => pt(b.cx + side * Math.max(1, b.legInner(y) - easeIn(y)), y, i === 0));
  return [...outer, ...inner];
}

/** Right arm outline from the shoulder cap to `end`, widened by `ease` (a sleeve or bare arm). */
export function armOutline(b: Body, end: number, ease: (y: number) => number, side: 1 | -1): Pt[] {
  const x = (dx: number) => b.cx + side * dx;
  const top = b.shoulderY + 4;
  const capTop = pt(x(b.armCentre(top) - 3), b.shoulderY - 2 - ease(top) * 0.12);
  const ys = steps(b.shoulderY + 14, end, Math.max(3, Math.round((end - b.shoulderY) / 40)));
  const outer = ys.map((y, i) => pt(x(b.armCentre(y) + b.armHalf(y) + ease(y)), y, i === ys.length - 1));
  const armpit = b.shoulderY + 46;
  const innerYs = ys.filter((y) => y >= armpit).reverse();
  const inner = innerYs.map((y, i) => pt(x(b.armCentre(y) - b.armHalf(y) - ease(y)), y, i === 0));
  if (end < armpit) inner.unshift(pt(x(b.armCentre(end) - b.armHalf(end) - ease(end)), end, true));
  const pitX = b.armCentre(armpit) - b.armHalf(armpit) - ease(armpit);
  return [capTop, ...outer, ...inner, pt(x(pitX + 2), Math.min(armpit, Math.max(end, b.shoulderY + 20))), pt(x(b.shoulder - 16), b.shoulderY + 6)];
}

// ---- skin ---------------------------------------------------------------------------------

const fillStroke = (fill: string, stroke: string, width = 1.4): string =>
  attrs({ fill, stroke, 'stroke-width': width, 'stroke-linejoin': 'round' });

export function drawLegs(b: Body): string {
  const s = b.skin;
  const legs = ([1, -1] as const).map((side) => {
    const o = legOutline(b, b.hipY - 10, b.ankleY + 2, () => 0, () => 0, side);
    return `<path d="${smooth(o)}"${fillStroke(s.base, s.line)}/>`;
  });
  return legs.join('') + drawFeet(b);
}

/** Bare feet, seen from the front and turned a little outwards. */
function footOutline(b: Body, side: 1 | -1, grow = 0): Pt[] {
  const c = b.cx + side * b.ankleCentre;
  const w = (b.gender === 'female' ? 8 : 10) + grow;
  const x = (dx: number) => c + side * dx;
  return [
    pt(x(-w + 1), b.ankleY - 2),
    pt(x(w - 1), b.ankleY - 2),
    pt(x(w + 3), b.ankleY + 18),
    pt(x(w + 7), b.footY - 6 + grow * 0.3),
    pt(x(w + 1), b.footY + 1 + grow * 0.5),
    pt(x(-w + 1), b.footY + grow * 0.5),
    pt(x(-w - 2), b.footY - 8),
    pt(x(-w), b.ankleY + 16),
  ];
}

function drawFeet(b: Body): string {
  return ([1, -1] as const)
    .map((side) => `<path d="${smooth(footOutline(b, side))}"${fillStroke(b.skin.base, b.skin.line, 1.2)}/>`)
    .join('');
}

export function drawTorso(b: Body): string {
  const top = b.headCy + b.headRy - 16;
  const half: Pt[] = [
    pt(0, top),
    pt(b.neck, top),
    pt(b.neck + 1, b.shoulderY - 20),
    pt(b.neck + 16, b.shoulderY - 8),
    pt(b.shoulder - 6, b.shoulderY - 2),
    pt(b.shoulder + 2, b.shoulderY + 14),
    pt(b.torso(b.shoulderY + 50), b.shoulderY + 50),
    pt(b.torso(b.bustY), b.bustY),
    pt(b.torso(b.waistY), b.waistY),
    pt(b.torso(b.hipY), b.hipY),
    pt(b.torso(b.crotchY) * 0.7, b.crotchY - 8),
    pt(0, b.crotchY + 2),
  ];
  const s = b.skin;
  const d = smooth(mirrored(b.cx, half));
  const cleavage =
    b.gender === 'female'
      ? `<path d="M${f(b.cx - 14)} ${f(b.bustY - 8)}Q${f(b.cx)} ${f(b.bustY + 6)} ${f(b.cx + 14)} ${f(b.bustY - 8)}"${attrs({ fill: 'none', stroke: s.shade, 'stroke-width': 1.4 })}/>`
      : `<path d="M${f(b.cx - 30)} ${f(b.bustY - 4)}Q${f(b.cx - 14)} ${f(b.bustY + 8)} ${f(b.cx - 2)} ${f(b.bustY - 2)}M${f(b.cx + 30)} ${f(b.bustY - 4)}Q${f(b.cx + 14)} ${f(b.bustY + 8)} ${f(b.cx + 2)} ${f(b.bustY - 2)}"${attrs({ fill: 'none', stroke: s.shade, 'stroke-width': 1.4 })}/>`;
  const collarbones = `<path d="M${f(b.cx - b.neck - 20)} ${f(b.shoulderY + 4)}Q${f(b.cx - 8)} ${f(b.shoulderY + 10)} ${f(b.cx - 3)} ${f(b.shoulderY + 2)}M${f(b.cx + b.neck + 20)} ${f(b.shoulderY + 4)}Q${f(b.cx + 8)} ${f(b.shoulderY + 10)} ${f(b.cx + 3)} ${f(b.shoulderY + 2)}"${attrs({ fill: 'none', stroke: s.shade, 'stroke-width': 1.3 })}/>`;
  const neckShadow = `<path d="M${f(b.cx - b.neck)} ${f(b.headCy + b.headRy - 10)}Q${f(b.cx)} ${f(b.headCy + b.headRy + 14)} ${f(b.cx + b.neck)} ${f(b.headCy + b.headRy - 10)}Z" fill="${s.shade}"/>`;
  return `<path d="${d}"${fillStroke(s.base, s.line)}/>${neckShadow}${collarbones}${cleavage}`;
}

export function drawArms(b: Body): string {
  return ([1, -1] as const)
    .map((side) => `<path d="${smooth(armOutline(b, b.wristY + 2, () => 0, side))}"${fillStroke(b.skin.base, b.skin.line)}/>`)
    .join('');
}

export function drawHands(b: Body): string {
  const s = b.skin;
  const big = b.gender === 'male' ? 1.18 : 1;
  return ([1, -1] as const)
    .map((side) => {
      const c = b.cx + side * b.armCentre(b.wristY);
      const x = (dx: number) => c + side * dx * big;
      const y = (dy: number) => b.wristY - 2 + dy * big;
      // Inner side (towards the thigh) is negative dx; the thumb sits in front, on that side.
      const hand = [
        pt(x(-6.5), y(0)), pt(x(-9), y(16)), pt(x(-8), y(34)), pt(x(-4), y(48)), pt(x(1), y(52)),
        pt(x(6), y(46)), pt(x(9.5), y(30)), pt(x(9), y(14)), pt(x(6.5), y(0)),
      ];
      const thumb = `M${f(x(-7))} ${f(y(14))}Q${f(x(-3))} ${f(y(26))} ${f(x(-1))} ${f(y(36))}`;
      const fingers = `M${f(x(1))} ${f(y(34))}L${f(x(1.5))} ${f(y(47))}M${f(x(5))} ${f(y(32))}L${f(x(5))} ${f(y(43))}`;
      return `<path d="${smooth(hand)}"${fillStroke(s.base, s.line, 1.2)}/><path d="${thumb}${fingers}"${attrs({ fill: 'none', stroke: s.line, 'stroke-width': 1, 'stroke-linecap': 'round', opacity: 0.7 })}/>`;
    })
    .join('');
}

// ---- head ---------------------------------------------------------------------------------

function headOutline(b: Body): Pt[] {
  const { cx, headCy: cy, headRx: rx, headRy: ry } = b;
  const female = b.gender === 'female';
  const half: Pt[] = female
    ? [pt(0, cy - ry), pt(rx * 0.74, cy - ry * 0.8), pt(rx, cy - ry * 0.28), pt(rx * 0.96, cy + ry * 0.2),
       pt(rx * 0.78, cy + ry * 0.6), pt(rx * 0.44, cy + ry * 0.9), pt(0, cy + ry)]
    : [pt(0, cy - ry), pt(rx * 0.78, cy - ry * 0.8), pt(rx, cy - ry * 0.28), pt(rx * 0.98, cy + ry * 0.22),
       pt(rx * 0.9, cy + ry * 0.6), pt(rx * 0.58, cy + ry * 0.9), pt(0, cy + ry)];
  return mirrored(cx, half);
}

export function drawHead(b: Body, hairColor: string): string {
  const s = b.skin;
  const { cx, headCy: cy, headRx: rx } = b;
  const female = b.gender === 'female';
  const ears = ([1, -1] as const)
    .map((side) => `<ellipse${attrs({ cx: cx + side * (rx - 1), cy: cy + 6, rx: 6, ry: 10, fill: s.base, stroke: s.line, 'stroke-width': 1.2 })}/>`)
    .join('');
  const head = `<path d="${smooth(headOutline(b))}"${fillStroke(s.base, s.line)}/>`;
  const eyeY = cy + 3;
  const eyeX = female ? 13 : 14;
  const white = mix(s.base, '#FFFFFF', 0.8);
  const iris = '#3B2A20';
  const eyes = ([1, -1] as const)
    .map((side) => {
      const x = cx + side * eyeX;
      const almond = `M${f(x - 8)} ${f(eyeY)}Q${f(x)} ${f(eyeY - 6.5)} ${f(x + 8)} ${f(eyeY)}Q${f(x)} ${f(eyeY + 4.6)} ${f(x - 8)} ${f(eyeY)}Z`;
      const outerX = x + side * 8;
      const lid = female
        ? `M${f(x - side * 8.5)} ${f(eyeY + 0.5)}Q${f(x)} ${f(eyeY - 7.5)} ${f(outerX)} ${f(eyeY - 0.5)}L${f(outerX + side * 3)} ${f(eyeY - 3.5)}`
        : `M${f(x - 8.5)} ${f(eyeY)}Q${f(x)} ${f(eyeY - 7)} ${f(x + 8.5)} ${f(eyeY)}`;
      const brow = female
        ? `M${f(x - side * 9)} ${f(eyeY - 10)}Q${f(x + side * 1)} ${f(eyeY - 16.5)} ${f(x + side * 10)} ${f(eyeY - 11)}`
        : `M${f(x - side * 10)} ${f(eyeY - 11)}Q${f(x)} ${f(eyeY - 15)} ${f(x + side * 10)} ${f(eyeY - 12)}`;
      return (
        `<path d="${almond}" fill="${white}"/>` +
        `<circle${attrs({ cx: x, cy: eyeY - 0.6, r: 3.7, fill: iris })}/>` +
        `<circle${attrs({ cx: x + 1.2, cy: eyeY - 1.8, r: 1.1, fill: '#FFFFFF' })}/>` +
        `<path d="${lid}"${attrs({ fill: 'none', stroke: '#2A1C16', 'stroke-width': female ? 2.2 : 1.6, 'stroke-linecap': 'round' })}/>` +
        `<path d="${brow}"${attrs({ fill: 'none', stroke: darken(hairColor, 0.1), 'stroke-width': female ? 2.2 : 3.4, 'stroke-linecap': 'round' })}/>`
      );
    })
    .join('');
  const nose = `<path d="M${f(cx + 2)} ${f(cy + 8)}Q${f(cx + 5)} ${f(cy + 19)} ${f(cx + 1)} ${f(cy + 21)}Q${f(cx - 2)} ${f(cy + 22)} ${f(cx - 4)} ${f(cy + 20)}"${attrs({ fill: 'none', stroke: s.line, 'stroke-width': 1.4, 'stroke-linecap': 'round', opacity: 0.75 })}/>`;
  const my = cy + (female ? 29 : 30);
  // Blush reads as a bruise on deep skin; keep it faint there.
  const blush = luminance(s.base) > 0.3 ? 0.16 : 0.07;
  const mouth = female
    ? `<path d="M${f(cx - 10)} ${f(my)}Q${f(cx - 4)} ${f(my - 4.5)} ${f(cx)} ${f(my - 2.4)}Q${f(cx + 4)} ${f(my - 4.5)} ${f(cx + 10)} ${f(my)}Q${f(cx)} ${f(my + 1.6)} ${f(cx - 10)} ${f(my)}Z" fill="${s.lip}"/>` +
      `<path d="M${f(cx - 9)} ${f(my + 0.4)}Q${f(cx)} ${f(my + 8.5)} ${f(cx + 9)} ${f(my + 0.4)}Q${f(cx)} ${f(my + 2)} ${f(cx - 9)} ${f(my + 0.4)}Z" fill="${lighten(s.lip, 0.12)}"/>` +
      `<ellipse${attrs({ cx: cx - 19, cy: cy + 17, rx: 7, ry: 4.5, fill: '#E0707A', opacity: blush })}/><ellipse${attrs({ cx: cx + 19, cy: cy + 17, rx: 7, ry: 4.5, fill: '#E0707A', opacity: blush })}/>`
    : `<path d="M${f(cx - 10)} ${f(my)}Q${f(cx)} ${f(my + 2.5)} ${f(cx + 10)} ${f(my)}"${attrs({ fill: 'none', stroke: darken(s.lip, 0.25), 'stroke-width': 1.8, 'stroke-linecap': 'round' })}/>` +
      `<path d="M${f(cx - 6)} ${f(my + 5)}Q${f(cx)} ${f(my + 7.5)} ${f(cx + 6)} ${f(my + 5)}"${attrs({ fill: 'none', stroke: s.shade, 'stroke-width': 1.6, 'stroke-linecap': 'round' })}/>`;
  return ears + head + eyes + nose + mouth;
}

/** A short boxed beard and moustache that leave the lips visible. */
export function drawBeard(b: Body, hairColor: string): string {
  const { cx, headCy: cy, headRx: rx, headRy: ry } = b;
  const my = cy + 30;
  const outer = [
    pt(cx - rx + 1, cy + 2), pt(cx - rx * 0.92, cy + ry * 0.55), pt(cx - rx * 0.58, cy + ry * 0.92), pt(cx, cy + ry + 3),
    pt(cx + rx * 0.58, cy + ry * 0.92), pt(cx + rx * 0.92, cy + ry * 0.55), pt(cx + rx - 1, cy + 2),
    pt(cx + rx - 7, cy + 6), pt(cx + rx * 0.62, cy + 20), pt(cx + 12, my - 4), pt(cx, my - 7), pt(cx - 12, my - 4),
    pt(cx - rx * 0.62, cy + 20), pt(cx - rx + 7, cy + 6),
  ];
  const lips = `M${f(cx - 11)} ${f(my - 1)}Q${f(cx)} ${f(my - 3)} ${f(cx + 11)} ${f(my - 1)}Q${f(cx + 9)} ${f(my + 7)} ${f(cx)} ${f(my + 8)}Q${f(cx - 9)} ${f(my + 7)} ${f(cx - 11)} ${f(my - 1)}Z`;
  return `<path d="${smooth(outer)}${lips}" fill="${hairColor}" fill-rule="evenodd" opacity="0.88"/>` +
    `<path d="M${f(cx - 10)} ${f(my)}Q${f(cx)} ${f(my + 2.5)} ${f(cx + 10)} ${f(my)}" fill="none" stroke="${darken(b.skin.lip, 0.25)}" stroke-width="1.8" stroke-linecap="round"/>`;
}
