// Tops, bottoms, dresses and coats, cut from their forms and fitted to the body. Each returns
// SVG for its own layer; render.ts decides the order (a tucked shirt goes under the waistband).
import { armOutline, type Body } from './figure';
import type { BottomForm, CoatForm, DressForm, Length, Sleeve, TopForm } from './garment-forms';
import { GOLD_THREAD, shape, stroke, type Paint } from './paint';
import { f, mirrored, profile, pt, smooth, steps, type Pt } from './svg';

// ---- shared measures ---------------------------------------------------------------------

function lengthY(b: Body, length: Length, kind: 'trousers' | 'skirt'): number {
  switch (length) {
    case 'hot': return b.crotchY + 16;
    case 'short': return b.crotchY + 42;
    case 'mid_thigh': return b.crotchY + 94;
    case 'mini': return b.crotchY + 56;
    case 'above_knee': return b.kneeY - 34;
    case 'knee': return b.kneeY + 12;
    case 'midi': return b.kneeY + 84;
    case 'ankle': return kind === 'skirt' ? b.ankleY - 14 : b.ankleY - 4;
    case 'floor': return b.ankleY + 24;
  }
}

export const riseY = (b: Body, rise: 'high' | 'mid'): number => (rise === 'high' ? b.waistY - 6 : b.waistY + 18);

const hline = (b: Body, y: number, half: number, sag = 3): string =>
  `M${f(b.cx - half)} ${f(y)}Q${f(b.cx)} ${f(y + sag * 2)} ${f(b.cx + half)} ${f(y)}`;

// ---- tops ---------------------------------------------------------------------------------

function topHemY(b: Body, form: TopForm, tuckY: number | null): number {
  if (tuckY !== null && form.hem !== 'crop') return tuckY;
  switch (form.hem) {
    case 'crop': return b.waistY - 26;
    case 'waist': return b.waistY + 8;
    case 'hip': return b.gender === 'female' ? b.hipY - 6 : b.hipY + 6;
    case 'low': return b.hipY + 22;
  }
}

/** Side profile of a top: fitted tops follow the waist, loose ones hang straight from the bust. */
function topSide(b: Body, form: TopForm): (y: number) => number {
  const loose = form.ease >= 6;
  return (y: number) => {
    const fitted = b.torso(y) + form.ease;
    return loose && y > b.bustY ? Math.max(fitted, (b.torso(b.bustY) + form.ease) * 0.93) : fitted;
  };
}

function topHalf(b: Body, form: TopForm, hemY: number): Pt[] {
  const N = b.neck;
  const sY = b.shoulderY;
  const side = topSide(b, form);
  const sleeveless = form.sleeve === 'none';
  const pts: Pt[] = [];
  switch (form.neck) {
    case 'v': pts.push(pt(0, b.bustY - 8, true), pt(N + 5, sY - 12, true)); break;
    case 'camp': pts.push(pt(0, sY + 44, true), pt(N + 5, sY - 12, true)); break;
    case 'boat': pts.push(pt(0, sY - 2), pt(N + 28, sY - 5, true)); break;
    case 'gathered': pts.push(pt(0, sY + 20), pt(b.shoulder - 10, sY + 10, true)); break;
    case 'square': pts.push(pt(0, b.bustY - 24, true), pt(N + 17, b.bustY - 24, true), pt(N + 17, sY - 4, true), pt(N + 27, sY - 2, true)); break;
    case 'tank': pts.push(pt(0, sY + 36), pt(N + 13, sY - 7, true), pt(N + 27, sY - 5, true)); break;
    case 'straps': pts.push(pt(0, b.bustY - 12), pt(N + 20, b.bustY - 24), pt(b.torso(b.bustY - 24) + form.ease - 6, b.bustY - 30, true)); break;
    default: pts.push(pt(0, sY + 3), pt(N + 5, sY - 12, true));
  }
  const hugging = form.neck === 'straps' || form.neck === 'tank' || form.neck === 'square';
  if (!hugging) {
    if (sleeveless) pts.push(pt(b.shoulder - 8, sY + 1, true), pt(side(sY + 54) - 4, sY + 46));
    else pts.push(pt(b.shoulder - 2 + form.ease * 0.4, sY + 4));
  } else {
    pts.push(pt(side(sY + 56) - 2, sY + 56));
  }
  for (const y of [b.bustY, b.waistY, (b.waistY + hemY) / 2]) if (y < hemY - 8 && y > sY + 56) pts.push(pt(side(y), y));
  pts.push(pt(side(hemY), hemY, true), pt(0, hemY + 2, true));
  return pts;
}

function sleeveEnd(b: Body, sleeve: Sleeve): number {
  switch (sleeve) {
    case 'none': return b.shoulderY;
    case 'short': return b.shoulderY + 74;
    case 'puff': return b.shoulderY + 62;
    case 'flutter': return b.shoulderY + 70;
    case 'elbow': return b.elbowY + 4;
    case 'rolled': return b.elbowY - 6;
    case 'three_quarter': return b.elbowY + 64;
    case 'long': return b.wristY;
    case 'balloon': return b.wristY - 2;
  }
}

function sleeveEase(b: Body, sleeve: Sleeve, base: number): (y: number) => number {
  const end = sleeveEnd(b, sleeve);
  const e = Math.min(base, 7);
  switch (sleeve) {
    case 'puff': return profile([[b.shoulderY, e + 2], [(b.shoulderY + end) / 2, e + 8], [end, e + 1]]);
    case 'flutter': return profile([[b.shoulderY, e], [end, e + 11]]);
    case 'balloon': return profile([[b.shoulderY, e], [b.elbowY, e + 7], [end - 24, e + 9], [end, e - 2]]);
    default: return () => e * 0.7 + 1.5;
  }
}

export function drawSleeves(b: Body, sleeve: Sleeve, ease: number, p: Paint): string {
  if (sleeve === 'none') return '';
  const end = sleeveEnd(b, sleeve);
  const e = sleeveEase(b, sleeve, ease);
  let out = '';
  for (const side of [1, -1] as const) {
    out += shape(smooth(armOutline(b, end, e, side)), p);
    const c = b.cx + side * b.armCentre(end);
    const half = b.armHalf(end) + e(end);
    if (sleeve === 'rolled' || sleeve === 'balloon' || sleeve === 'long') {
      const cuff = sleeve === 'rolled' ? 14 : 9;
      out += stroke(`M${f(c - half)} ${f(end - cuff)}L${f(c + half)} ${f(end - cuff)}`, p.detail, 1.2);
    }
    if (sleeve === 'puff' || sleeve === 'balloon') {
      out += stroke(`M${f(c - half + 3)} ${f(end - 3)}l2 -7M${f(c)} ${f(end - 2)}l0 -8M${f(c + half - 3)} ${f(end - 3)}l-2 -7`, p.detail, 1);
    }
    // An elbow crease gives long sleeves some life.
    if (end > b.elbowY + 20) {
      const ec = b.cx + side * b.armCentre(b.elbowY);
      out += stroke(`M${f(ec - side * 4)} ${f(b.elbowY - 4)}q${f(side * 6)} 5 ${f(side * 10)} 2`, p.line, 1, { opacity: 0.5 });
    }
  }
  return out;
}

function neckDetails(b: Body, form: TopForm, p: Paint): string {
  const { cx } = b;
  const N = b.neck;
  const sY = b.shoulderY;
  switch (form.neck) {
    case 'collar':
    case 'polo': {
      const small = form.neck === 'polo' ? 0.8 : 1;
      const flap = (side: 1 | -1) => smooth([
        pt(cx + side * 1, sY + 10 * small, true), pt(cx + side * (N + 3), sY - 17, true), pt(cx + side * (N + 10), sY - 12),
        pt(cx + side * (N + 16) * small, sY + 20 * small, true),
      ]);
      let out = shape(flap(1), p) + shape(flap(-1), p);
      if (form.neck === 'polo') {
        out += stroke(`M${f(cx)} ${f(sY + 6)}L${f(cx)} ${f(sY + 42)}`, p.detail, 1.2);
        out += `<g fill="${p.detail}"><circle cx="${f(cx + 3)}" cy="${f(sY + 20)}" r="2"/><circle cx="${f(cx + 3)}" cy="${f(sY + 34)}" r="2"/></g>`;
      }
      return out;
    }
    case 'camp': {
      const flap = (side: 1 | -1) => smooth([
        pt(cx + side * 2, sY + 40, true), pt(cx + side * (N + 4), sY - 13, true), pt(cx + side * (N + 22), sY - 6, true),
        pt(cx + side * (N + 24), sY + 24, true),
      ]);
      return shape(flap(1), p) + shape(flap(-1), p);
    }
    case 'turtle': {
      const top = b.headCy + b.headRy - 8;
      const d = smooth([pt(cx - N - 6, sY - 6, true), pt(cx - N - 5, top, true), pt(cx, top + 3), pt(cx + N + 5, top, true), pt(cx + N + 6, sY - 6, true), pt(cx, sY + 2)]);
      return shape(d, p) + stroke(`${hline(b, top + 12, N + 5, 1.5)}${hline(b, top + 24, N + 6, 1.5)}`, p.detail, 1);
    }
    case 'hood': {
      const d = smooth([
        pt(cx - N - 34, sY + 10), pt(cx - N - 24, sY - 24), pt(cx, sY - 34), pt(cx + N + 24, sY - 24), pt(cx + N + 34, sY + 10),
        pt(cx + N + 10, sY - 4), pt(cx, sY + 6), pt(cx - N - 10, sY - 4),
      ]);
      return shape(d, p) +
        stroke(`M${f(cx - 8)} ${f(sY + 4)}L${f(cx - 10)} ${f(sY + 62)}M${f(cx + 8)} ${f(sY + 4)}L${f(cx + 10)} ${f(sY + 62)}`, p.detail, 2);
    }
    case 'straps':
      return stroke(`M${f(cx - N - 12)} ${f(sY - 10)}L${f(cx - b.torso(b.bustY - 24) + 6)} ${f(b.bustY - 26)}M${f(cx + N + 12)} ${f(sY - 10)}L${f(cx + b.torso(b.bustY - 24) - 6)} ${f(b.bustY - 26)}`, p.line, 3);
    case 'gathered':
      return stroke(steps(-b.shoulder + 16, b.shoulder - 16, 9).map((x) => `M${f(cx + x)} ${f(sY + 14 + Math.abs(x) * -0.1)}l0 7`).join(''), p.detail, 1);
    default:
      return '';
  }
}

export function drawTopBody(b: Body, form: TopForm, p: Paint, tuckY: number | null): string {
  const hemY = topHemY(b, form, tuckY);
  const half = topHalf(b, form, hemY);
  let out = shape(smooth(mirrored(b.cx, half)), p);
  const side = topSide(b, form);
  if (form.buttons) {
    out += stroke(`M${f(b.cx)} ${f(b.shoulderY + 8)}L${f(b.cx)} ${f(hemY)}`, p.detail, 1.1);
    out += `<g fill="${p.detail}">${steps(b.shoulderY + 30, hemY - 16, 5).map((y) => `<circle cx="${f(b.cx + 4)}" cy="${f(y)}" r="2.1"/>`).join('')}</g>`;
  }
  if (form.rib) out += stroke(`M${f(b.cx - side(hemY) + 2)} ${f(hemY - 12)}L${f(b.cx + side(hemY) - 2)} ${f(hemY - 12)}`, p.detail, 1.2);
  if (form.pocket === 'kangaroo') {
    const y0 = b.waistY + 4;
    const y1 = hemY - 16;
    out += stroke(`M${f(b.cx - 36)} ${f(y1)}L${f(b.cx - 26)} ${f(y0)}L${f(b.cx + 26)} ${f(y0)}L${f(b.cx + 36)} ${f(y1)}`, p.detail, 1.3);
  }
  if (form.embroidery) {
    out += `<g fill="${p.detail}">${steps(-b.shoulder + 18, b.shoulder - 18, 11).map((x) => `<circle cx="${f(b.cx + x)}" cy="${f(b.shoulderY + 34 + Math.abs(x) * -0.12)}" r="2.2"/>`).join('')}</g>`;
  }
  // Soft folds from the bust to the hem.
  if (hemY - b.bustY > 60) {
    out += stroke(`M${f(b.cx - 14)} ${f(b.bustY + 26)}q-4 ${f((hemY - b.bustY) / 3)} -2 ${f(hemY - b.bustY - 34)}M${f(b.cx + 18)} ${f(b.bustY + 34)}q3 ${f((hemY - b.bustY) / 3)} 1 ${f(hemY - b.bustY - 44)}`, p.line, 1, { opacity: 0.35 });
  }
  return out + neckDetails(b, form, p);
}

// ---- bottoms ------------------------------------------------------------------------------

function trousersHalf(b: Body, form: BottomForm, top: number, hemY: number): Pt[] {
  const [oh, ok, oe] = form.outer ?? [4, 6, 8];
  const [ik, ie] = form.inner ?? [5, 6];
  const outerEase = profile(hemY <= b.kneeY ? [[b.hipY, oh], [hemY, oe]] : [[b.hipY, oh], [b.kneeY, ok], [hemY, oe]]);
  const innerEase = profile(hemY <= b.kneeY ? [[b.crotchY, 0], [hemY, ie]] : [[b.crotchY, 1], [b.kneeY, ik], [hemY, ie]]);
  const wTop = b.torso(top) + 2;
  const pts: Pt[] = [pt(0, top), pt(wTop, top, true), pt(b.torso(b.hipY) + oh, b.hipY)];
  const hot = form.length === 'hot';
  const outerHem = hot ? hemY - 12 : hemY;
  const ys = steps(b.crotchY + 20, outerHem, Math.max(2, Math.round((outerHem - b.crotchY) / 50))).filter((y) => y > b.hipY + 10);
  ys.forEach((y, i) => pts.push(pt(b.legOuter(y) + outerEase(y), y, i === ys.length - 1)));
  const inner = (y: number) => Math.max(1.5, b.legInner(y) - innerEase(y));
  const innerYs = steps(hemY, b.crotchY + 14, Math.max(2, Math.round((hemY - b.crotchY) / 50)));
  innerYs.forEach((y, i) => pts.push(pt(inner(y), y, i === 0)));
  pts.push(pt(0, b.crotchY + 6, true));
  return pts;
}

function skirtHalf(b: Body, form: BottomForm, top: number, hemY: number): Pt[] {
  const flare = form.flare ?? 20;
  const hip = b.torso(b.hipY) + 4;
  const hem = hip + flare;
  const pts: Pt[] = [pt(0, top), pt(b.torso(top) + 2, top, true), pt(hip, b.hipY)];
  if (form.tiers) {
    const y1 = b.hipY + (hemY - b.hipY) * 0.3;
    const y2 = b.hipY + (hemY - b.hipY) * 0.64;
    const w1 = hip + flare * 0.3;
    const w2 = hip + flare * 0.64;
    pts.push(pt(w1, y1, true), pt(w1 + 7, y1 + 2, true), pt(w2, y2, true), pt(w2 + 7, y2 + 2, true));
  } else if (flare < 0) {
    pts.push(pt(hip + 1, b.crotchY + 10));
  }
  pts.push(pt(hem, hemY, true));
  // A soft wavy hem reads as fabric; a pencil skirt stays straight.
  if (flare > 10) pts.push(pt(hem * 0.66, hemY + 7), pt(hem * 0.33, hemY + 3), pt(0, hemY + 8));
  else pts.push(pt(0, hemY + 4));
  return pts;
}

export function drawBottom(b: Body, form: BottomForm, p: Paint, denimStitch: boolean): string {
  const top = riseY(b, form.rise);
  const hemY = lengthY(b, form.length, form.kind);
  const half = form.kind === 'trousers' ? trousersHalf(b, form, top, hemY) : skirtHalf(b, form, top, hemY);
  let out = shape(smooth(mirrored(b.cx, half)), p);
  const { cx } = b;
  const w = b.torso(top) + 2;
  const band = top + 11;
  out += stroke(hline(b, band, w - 1, 1), p.detail, 1.2);
  const stitch = denimStitch ? { stroke: GOLD_THREAD, dash: '3 2' } : null;
  const seam = (d: string) =>
    stroke(d, stitch ? stitch.stroke : p.detail, stitch ? 1.1 : 1.2, stitch ? { 'stroke-dasharray': stitch.dash } : {});

  if (form.fly) out += seam(`M${f(cx + 6)} ${f(band)}L${f(cx + 6)} ${f(b.crotchY - 20)}Q${f(cx + 6)} ${f(b.crotchY - 6)} ${f(cx)} ${f(b.crotchY)}`);
  if (form.pockets === 'jeans') {
    out += seam(`M${f(cx - w + 3)} ${f(band + 4)}Q${f(cx - w + 12)} ${f(band + 26)} ${f(cx - w + 30)} ${f(band + 2)}M${f(cx + w - 3)} ${f(band + 4)}Q${f(cx + w - 12)} ${f(band + 26)} ${f(cx + w - 30)} ${f(band + 2)}`);
  } else if (form.pockets === 'slant') {
    out += seam(`M${f(cx - w + 14)} ${f(band + 1)}L${f(cx - w - 2)} ${f(band + 44)}M${f(cx + w - 14)} ${f(band + 1)}L${f(cx + w + 2)} ${f(band + 44)}`);
  }
  if (form.buttons) {
    const xs = form.kind === 'skirt' ? [0] : [-14, 14];
    const ys = form.kind === 'skirt' ? steps(band + 10, hemY - 16, 5) : [band + 10, band + 26];
    out += `<g fill="${p.detail}" stroke="${p.line}" stroke-width="0.6">${xs.flatMap((x) => ys.map((y) => `<circle cx="${f(cx + x)}" cy="${f(y)}" r="2.6"/>`)).join('')}</g>`;
  }
  if (form.drawstring) out += stroke(`M${f(cx - 4)} ${f(band - 3)}q-3 20 -6 34M${f(cx + 4)} ${f(band - 3)}q3 20 5 36`, p.detail, 1.6);

  if (form.kind === 'trousers') {
    const legMid = (y: number) => (b.legOuter(y) + b.legInner(y)) / 2;
    if (form.crease) out += ([1, -1] as const).map((s) => stroke(`M${f(cx + s * legMid(b.crotchY + 30))} ${f(b.crotchY + 30)}L${f(cx + s * legMid(hemY - 10))} ${f(hemY - 4)}`, p.line, 1, { opacity: 0.45 })).join('');
    if (form.cuffs === 'turn_up') {
      const y = hemY - 12;
      out += ([1, -1] as const).map((s) => seam(`M${f(cx + s * (b.legInner(y) - 4))} ${f(y)}L${f(cx + s * (b.legOuter(y) + (form.outer?.[2] ?? 6)))} ${f(y)}`)).join('');
    }
    if (form.cuffs === 'rib') {
      const y = hemY - 12;
      out += ([1, -1] as const).map((s) => stroke(`M${f(cx + s * (b.legInner(y) - 2))} ${f(y)}L${f(cx + s * (b.legOuter(y) + 4))} ${f(y)}`, p.detail, 1.2)).join('');
    }
    if (form.stripe) {
      out += ([1, -1] as const).map((s) => {
        const ys = steps(b.hipY, hemY - 4, 6);
        return stroke(`M${ys.map((y) => `${f(cx + s * (y < b.crotchY ? b.torso(y) : b.legOuter(y)) + s * ((form.outer?.[1] ?? 4) - 3))} ${f(y)}`).join('L')}`, '#FAFAFA', 3, { opacity: 0.9 });
      }).join('');
    }
    if (form.frayed) {
      out += ([1, -1] as const).map((s) => steps(b.legInner(hemY) + 2, b.legOuter(hemY) + 2, 6).map((x) => stroke(`M${f(cx + s * x)} ${f(hemY - 1)}l${f(s * 1)} 6`, '#F2F2F2', 1.2)).join('')).join('');
    }
    // A few drag lines at the crotch and knees.
    out += stroke(`M${f(cx - 4)} ${f(b.crotchY + 2)}q-10 -8 -20 -12M${f(cx + 4)} ${f(b.crotchY + 2)}q10 -8 20 -12`, p.line, 1, { opacity: 0.35 });
  } else {
    const hem = b.torso(b.hipY) + 4 + (form.flare ?? 20);
    if (form.pleats) out += stroke(steps(-hem + 10, hem - 10, 7).map((x) => `M${f(cx + x * 0.45)} ${f(b.hipY - 6)}L${f(cx + x)} ${f(hemY + 2)}`).join(''), p.line, 1, { opacity: 0.5 });
    else if ((form.flare ?? 0) > 10) out += stroke(`M${f(cx - 18)} ${f(b.hipY + 10)}L${f(cx - hem * 0.42)} ${f(hemY)}M${f(cx + 24)} ${f(b.hipY + 20)}L${f(cx + hem * 0.5)} ${f(hemY)}`, p.line, 1, { opacity: 0.35 });
    if (form.tiers) {
      for (const t of [0.3, 0.64]) {
        const y = b.hipY + (hemY - b.hipY) * t;
        const wTier = b.torso(b.hipY) + 4 + (form.flare ?? 20) * t;
        out += stroke(hline(b, y + 1, wTier + 5, 2), p.detail, 1.3);
      }
    }
    if (form.slit) out += stroke(`M${f(cx - 14)} ${f(hemY + 3)}L${f(cx - 14)} ${f(hemY - 44)}`, p.line, 1.3);
    if (form.pockets === 'jeans') out += seam(`M${f(cx - w + 3)} ${f(band + 4)}Q${f(cx - w + 12)} ${f(band + 24)} ${f(cx - w + 28)} ${f(band + 2)}M${f(cx + w - 3)} ${f(band + 4)}Q${f(cx + w - 12)} ${f(band + 24)} ${f(cx + w - 28)} ${f(band + 2)}`);
    if (denimStitch) out += seam(hline(b, hemY - 6, (form.flare ?? 0) + b.torso(b.hipY) - 2, 1));
  }
  if (denimStitch && form.kind === 'trousers') {
    out += ([1, -1] as const).map((s) => seam(`M${f(cx + s * (b.legInner(hemY) - 2))} ${f(hemY - 7)}L${f(cx + s * (b.legOuter(hemY) + (form.outer?.[2] ?? 6) - 2))} ${f(hemY - 7)}`)).join('');
  }
  return out;
}

// ---- dresses ------------------------------------------------------------------------------

export function drawDressBody(b: Body, form: DressForm, p: Paint): string {
  let out = drawBottom(b, form.skirt, p, false);
  const bodice = drawTopBody(b, { ...form.top, hem: 'waist' }, p, b.waistY + 6);
  out += bodice;
  const { cx } = b;
  if (form.seamless) {
    // Cover the waist seam with a sliver of the same fabric, so the dress reads as one piece.
    const w = b.torso(b.waistY + 6) + 4;
    out += `<path d="M${f(cx - w + 1.5)} ${f(b.waistY - 4)}L${f(cx + w - 1.5)} ${f(b.waistY - 4)}L${f(cx + w - 1)} ${f(b.waistY + 14)}L${f(cx - w + 1)} ${f(b.waistY + 14)}Z" fill="${p.fill}"/>`;
  }
  if (form.smocked) out += stroke(steps(b.bustY + 4, b.waistY, 6).map((y) => `M${f(cx - b.torso(y) - 2)} ${f(y)}L${f(cx + b.torso(y) + 2)} ${f(y)}`).join(''), p.detail, 0.9, { 'stroke-dasharray': '2 2' });
  if (form.wrap) {
    out += stroke(`M${f(cx - b.neck - 4)} ${f(b.shoulderY - 8)}Q${f(cx - 4)} ${f(b.bustY + 10)} ${f(cx + b.torso(b.waistY) + 4)} ${f(b.waistY + 4)}`, p.line, 1.3);
    const bx = cx + b.torso(b.waistY) + 2;
    out += shape(smooth([pt(bx - 2, b.waistY), pt(bx + 14, b.waistY - 10), pt(bx + 16, b.waistY + 2), pt(bx + 2, b.waistY + 6)]), p, 1.2);
    out += stroke(`M${f(bx)} ${f(b.waistY + 4)}q8 30 4 62M${f(bx + 2)} ${f(b.waistY + 4)}q14 24 16 50`, p.line, 2.4);
  }
  if (form.belt) {
    const w = b.torso(b.waistY) + 6;
    out += `<path d="M${f(cx - w)} ${f(b.waistY - 6)}L${f(cx + w)} ${f(b.waistY - 6)}L${f(cx + w)} ${f(b.waistY + 6)}L${f(cx - w)} ${f(b.waistY + 6)}Z" fill="${p.detail}" stroke="${p.line}" stroke-width="1"/>`;
  }
  return out;
}

// ---- coats and jackets --------------------------------------------------------------------

function coatHemY(b: Body, form: CoatForm): number {
  switch (form.length) {
    case 'cropped': return b.waistY + 22;
    case 'hip': return b.hipY + 26;
    case 'thigh': return b.crotchY + 50;
    case 'knee': return b.kneeY + 10;
    case 'calf': return b.calfY + 30;
  }
}

export function drawCoatBody(b: Body, form: CoatForm, p: Paint): string {
  const { cx } = b;
  const N = b.neck;
  const sY = b.shoulderY;
  const hemY = coatHemY(b, form);
  const e = form.ease;
  const hipHalf = b.torso(b.hipY) + e;
  const outerX = (y: number): number => {
    if (y <= b.hipY) return Math.max(b.torso(y) + e, form.length === 'cropped' ? 0 : (b.torso(b.bustY) + e) * 0.9);
    return hipHalf + (y - b.hipY) * (form.sleeve === 'wide' ? 0.14 : 0.09);
  };
  const breakY = form.lapel === 'none' ? b.bustY + 30 : form.lapel === 'stand' || form.lapel === 'collar' ? sY + 2 : b.bustY + 14;
  const gapAt = (y: number) => (y <= breakY ? 0 : ((y - breakY) / Math.max(1, hemY - breakY)) * form.gap + 4);
  const frontTop = form.lapel === 'stand' || form.lapel === 'collar' ? 6 : N + 4;

  let out = '';
  for (const side of [1, -1] as const) {
    const x = (dx: number) => cx + side * dx;
    const sideYs = [sY + 50, b.bustY, b.waistY, b.hipY, ...(hemY > b.hipY + 60 ? [(b.hipY + hemY) / 2] : [])].filter((y) => y < hemY - 10);
    const panel: Pt[] = [
      pt(x(N + 3), sY - 14, true),
      // The shoulder seam meets the sleeve cap, so no ledge shows past the sleeve.
      pt(x(b.shoulder - 6 + e * 0.3), sY - 1),
      ...sideYs.map((y) => pt(x(outerX(y)), y)),
      pt(x(outerX(hemY)), hemY, true),
      pt(x(gapAt(hemY)), hemY + 1, true),
      pt(x(gapAt((breakY + hemY) / 2)), (breakY + hemY) / 2),
      pt(x(Math.max(4, gapAt(breakY))), breakY, true),
      pt(x(frontTop), sY - 10, true),
    ];
    out += shape(smooth(panel), p);

    // Lapels, collars and fronts.
    if (form.lapel === 'notch' || form.lapel === 'wide' || form.lapel === 'biker') {
      const wide = form.lapel === 'notch' ? 0 : 10;
      const lapel: Pt[] = [
        pt(x(4), breakY, true), pt(x(N + 30 + wide), sY + 44, true), pt(x(N + 22 + wide), sY + 30, true),
        pt(x(N + 30 + wide * 0.5), sY + 18, true), pt(x(N + 6), sY - 14, true), pt(x(N + 2), sY + 10),
      ];
      out += shape(smooth(lapel), p, 1.3);
    } else if (form.lapel === 'collar') {
      out += shape(smooth([pt(x(2), sY + 2, true), pt(x(N + 4), sY - 16, true), pt(x(N + 22), sY - 8, true), pt(x(N + 26), sY + 22, true)]), p, 1.3);
    } else if (form.lapel === 'stand') {
      out += shape(smooth([pt(x(4), sY - 12, true), pt(x(N + 6), sY - 20, true), pt(x(N + 10), sY - 6, true), pt(x(6), sY + 2, true)]), p, 1.2);
    } else {
      out += stroke(`M${f(x(N + 3))} ${f(sY - 12)}L${f(x(Math.max(4, gapAt(breakY))))} ${f(breakY)}L${f(x(gapAt(hemY)))} ${f(hemY)}`, p.detail, 5, { opacity: 0.55 });
    }
  }
  // Details that belong to the whole coat.
  const edge = (y: number) => cx + gapAt(y) + 3;
  if (form.buttons === 'single') out += `<g fill="${p.detail}" stroke="${p.line}" stroke-width="0.7">${steps(breakY + 16, hemY - 24, form.length === 'hip' ? 2 : 4).map((y) => `<circle cx="${f(edge(y) + 5)}" cy="${f(y)}" r="3"/>`).join('')}</g>`;
  if (form.buttons === 'double') out += `<g fill="${p.detail}" stroke="${p.line}" stroke-width="0.7">${steps(breakY + 16, b.waistY + 30, 3).flatMap((y) => [edge(y) + 6, edge(y) + 26].map((x) => `<circle cx="${f(x)}" cy="${f(y)}" r="3"/>`)).join('')}</g>`;
  if (form.pockets === 'flap') out += ([1, -1] as const).map((s) => stroke(`M${f(cx + s * (b.torso(b.hipY) - 24))} ${f(b.hipY - 4)}l${f(s * 30)} 0`, p.line, 1.6)).join('');
  if (form.pockets === 'chest') out += ([1, -1] as const).map((s) => shape(smooth([pt(cx + s * 20, b.bustY - 22, true), pt(cx + s * 46, b.bustY - 22, true), pt(cx + s * 46, b.bustY - 8, true), pt(cx + s * 33, b.bustY - 2, true), pt(cx + s * 20, b.bustY - 8, true)]), p, 1.1)).join('');
  if (form.belt) {
    const y = b.waistY;
    out += ([1, -1] as const).map((s) => `<path d="M${f(cx + s * (gapAt(y) + 2))} ${f(y - 6)}L${f(cx + s * outerX(y))} ${f(y - 6)}L${f(cx + s * outerX(y))} ${f(y + 6)}L${f(cx + s * (gapAt(y) + 2))} ${f(y + 6)}Z"${` fill="${p.fill}" stroke="${p.line}" stroke-width="1.2"`}/>`).join('');
    out += stroke(`M${f(cx + gapAt(y) + 4)} ${f(y + 4)}q-6 30 -2 54M${f(cx + gapAt(y) + 8)} ${f(y + 4)}q4 28 12 48`, p.line, 2.6);
  }
  if (form.rib) out += stroke(`M${f(cx - outerX(hemY))} ${f(hemY - 12)}L${f(cx - gapAt(hemY - 12))} ${f(hemY - 12)}M${f(cx + outerX(hemY))} ${f(hemY - 12)}L${f(cx + gapAt(hemY - 12))} ${f(hemY - 12)}`, p.detail, 1.3);
  if (form.zip) out += stroke(`M${f(cx + gapAt(hemY) + 2)} ${f(hemY)}L${f(cx + Math.max(5, gapAt(breakY)) + 2)} ${f(breakY)}`, '#B8B8B8', 1.8, { 'stroke-dasharray': '2 1.5' });
  if (form.stitch) out += stroke(`M${f(cx - outerX(hemY) + 4)} ${f(hemY - 8)}L${f(cx - gapAt(hemY) - 4)} ${f(hemY - 8)}M${f(cx + outerX(hemY) - 4)} ${f(hemY - 8)}L${f(cx + gapAt(hemY) + 4)} ${f(hemY - 8)}M${f(cx - b.torso(b.bustY) - 4)} ${f(b.bustY - 28)}L${f(cx - 12)} ${f(b.bustY - 28)}M${f(cx + b.torso(b.bustY) + 4)} ${f(b.bustY - 28)}L${f(cx + 12)} ${f(b.bustY - 28)}`, GOLD_THREAD, 1.1, { 'stroke-dasharray': '3 2' });
  if (form.fringe) out += ([1, -1] as const).map((s) => stroke(steps(gapAt(hemY) + 4, outerX(hemY) - 2, 12).map((x) => `M${f(cx + s * x)} ${f(hemY)}l0 16`).join(''), p.line, 1.4)).join('');
  return out;
}

export function drawCoatSleeves(b: Body, form: CoatForm, p: Paint): string {
  const wide = form.sleeve === 'wide';
  const end = wide ? b.elbowY + 74 : b.wristY - 4;
  const ease = wide ? profile([[b.shoulderY, 8], [b.elbowY, 16], [end, 30]]) : () => form.ease * 0.4 + 2;
  let out = '';
  for (const side of [1, -1] as const) {
    out += shape(smooth(armOutline(b, end, ease, side)), p);
    const c = b.cx + side * b.armCentre(end);
    const half = b.armHalf(end) + ease(end);
    if (form.rib || form.stripes) out += stroke(`M${f(c - half + 1)} ${f(end - 12)}L${f(c + half - 1)} ${f(end - 12)}`, p.detail, 1.3);
    else if (!wide) out += stroke(`M${f(c - half + 1)} ${f(end - 16)}L${f(c + half - 1)} ${f(end - 16)}`, p.line, 1, { opacity: 0.5 });
    if (form.stripes) {
      const ys = steps(b.shoulderY + 8, end - 14, 6);
      out += stroke(`M${ys.map((y) => `${f(b.cx + side * (b.armCentre(y) + b.armHalf(y) + ease(y) - 3))} ${f(y)}`).join('L')}`, '#FAFAFA', 3.2);
    }
    if (form.fringe) out += stroke(steps(c - half + 2, c + half - 2, 7).map((x) => `M${f(x)} ${f(end)}l0 12`).join(''), p.line, 1.3);
  }
  return out;
}
