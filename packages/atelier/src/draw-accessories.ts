// Bags, hats, eyewear and jewellery. Each is drawn in its own layer: a necklace under the
// jacket, a bag in the hand, a hat over the hair.
import { darken, lighten } from './color';
import type { Body } from './figure';
import type { GarmentKey } from './garments';
import { shape, stroke, type Paint } from './paint';
import { f, pt, smooth } from './svg';

export type AccessoryLayer = 'neck' | 'waist' | 'hand' | 'wrist' | 'strap' | 'ears' | 'head' | 'eyes';

export const ACCESSORY_LAYER: Partial<Record<GarmentKey, AccessoryLayer>> = {
  necklace: 'neck', chain: 'neck', scarf: 'neck',
  belt: 'waist',
  tote: 'hand', clutch: 'hand',
  crossbody: 'strap',
  watch: 'wrist',
  hoops: 'ears',
  sun_hat: 'head', panama_hat: 'head', cap: 'head',
  sunglasses: 'eyes',
};

/** The hand that holds a bag: the figure's left, drawn on the viewer's right. */
const BAG_SIDE = 1;

export function drawAccessory(b: Body, key: GarmentKey, p: Paint, waistHalf: number): string {
  const { cx } = b;
  const sY = b.shoulderY;
  switch (key) {
    case 'necklace': {
      const y = sY + 10;
      return stroke(`M${f(cx - b.neck - 6)} ${f(sY - 8)}Q${f(cx)} ${f(y + 22)} ${f(cx + b.neck + 6)} ${f(sY - 8)}M${f(cx - b.neck - 10)} ${f(sY - 6)}Q${f(cx)} ${f(y + 48)} ${f(cx + b.neck + 10)} ${f(sY - 6)}`, p.base, 2) +
        `<circle cx="${f(cx)}" cy="${f(y + 34)}" r="5.5" fill="${p.base}" stroke="${p.line}" stroke-width="1"/>`;
    }
    case 'chain':
      return stroke(`M${f(cx - b.neck - 8)} ${f(sY - 8)}Q${f(cx)} ${f(sY + 40)} ${f(cx + b.neck + 8)} ${f(sY - 8)}`, p.base, 4.5, { 'stroke-dasharray': '4 1.6' });
    case 'scarf': {
      const knot = smooth([pt(cx - 12, sY - 4), pt(cx + 12, sY - 6), pt(cx + 9, sY + 12), pt(cx - 8, sY + 12)]);
      const band = smooth([pt(cx - b.neck - 8, sY - 18, true), pt(cx + b.neck + 8, sY - 18, true), pt(cx + b.neck + 10, sY - 4), pt(cx, sY + 4), pt(cx - b.neck - 10, sY - 4)]);
      const tail = smooth([pt(cx + 4, sY + 8, true), pt(cx + 20, sY + 30), pt(cx + 30, sY + 62, true), pt(cx + 16, sY + 58, true), pt(cx + 8, sY + 28)]);
      return shape(band, p, 1.2) + shape(tail, p, 1.2) + shape(knot, p, 1.2);
    }
    case 'belt': {
      const y = b.waistY - 2;
      const w = waistHalf;
      const buckle = lighten(p.base, 0.55);
      return `<path d="M${f(cx - w)} ${f(y - 6)}L${f(cx + w)} ${f(y - 6)}L${f(cx + w)} ${f(y + 6)}L${f(cx - w)} ${f(y + 6)}Z" fill="${p.fill}" stroke="${p.line}" stroke-width="1.2"/>` +
        `<rect x="${f(cx - 9)}" y="${f(y - 9)}" width="18" height="18" rx="3" fill="none" stroke="${buckle}" stroke-width="3"/>`;
    }
    case 'tote': {
      const hx = cx + BAG_SIDE * b.armCentre(b.wristY);
      const top = b.wristY + 34;
      const body = smooth([pt(hx - 36, top, true), pt(hx + 36, top, true), pt(hx + 44, top + 86, true), pt(hx - 44, top + 86, true)]);
      return stroke(`M${f(hx - 20)} ${f(top)}Q${f(hx - 16)} ${f(b.wristY + 6)} ${f(hx)} ${f(b.wristY + 20)}Q${f(hx + 16)} ${f(b.wristY + 6)} ${f(hx + 20)} ${f(top)}`, p.line, 3.2) +
        shape(body, p) + stroke(`M${f(hx - 38)} ${f(top + 14)}L${f(hx + 38)} ${f(top + 14)}`, p.detail, 1.2);
    }
    case 'clutch': {
      const hx = cx + BAG_SIDE * (b.armCentre(b.wristY) - 4);
      const y = b.wristY + 16;
      const body = smooth([pt(hx - 30, y, true), pt(hx + 26, y, true), pt(hx + 26, y + 30, true), pt(hx - 30, y + 30, true)]);
      return shape(body, p) + stroke(`M${f(hx - 30)} ${f(y)}L${f(hx - 2)} ${f(y + 16)}L${f(hx + 26)} ${f(y)}`, p.line, 1.2) +
        `<circle cx="${f(hx - 2)}" cy="${f(y + 16)}" r="2.4" fill="${lighten(p.base, 0.5)}"/>`;
    }
    case 'crossbody': {
      const bx = cx + BAG_SIDE * (b.torso(b.hipY) + 4);
      const y = b.hipY - 10;
      const strap = stroke(`M${f(cx - BAG_SIDE * (b.shoulder - 14))} ${f(sY - 2)}L${f(bx - BAG_SIDE * 10)} ${f(y + 2)}`, darken(p.base, 0.2), 3.2);
      const body = smooth([pt(bx - 24, y, true), pt(bx + 24, y, true), pt(bx + 24, y + 34, true), pt(bx - 24, y + 34, true)]);
      return strap + shape(body, p) + shape(smooth([pt(bx - 24, y, true), pt(bx + 24, y, true), pt(bx + 24, y + 14, true), pt(bx - 24, y + 14, true)]), p, 1.1);
    }
    case 'watch': {
      const side = -BAG_SIDE;
      const x = cx + side * b.armCentre(b.wristY - 8);
      const half = b.armHalf(b.wristY - 8) + 1.5;
      return `<rect x="${f(x - half)}" y="${f(b.wristY - 14)}" width="${f(half * 2)}" height="8" rx="2" fill="${p.fill}" stroke="${p.line}" stroke-width="1"/>` +
        `<circle cx="${f(x)}" cy="${f(b.wristY - 10)}" r="5.2" fill="#F4F1EA" stroke="${p.line}" stroke-width="1.6"/>`;
    }
    case 'hoops':
      return ([1, -1] as const)
        .map((s) => `<circle cx="${f(cx + s * (b.headRx + 1))}" cy="${f(b.headCy + 26)}" r="9" fill="none" stroke="${p.base}" stroke-width="2.6"/>`)
        .join('');
    case 'sun_hat': {
      const y = b.headCy - b.headRy + 14;
      const crown = smooth([pt(cx - 36, y + 4, true), pt(cx - 32, y - 32), pt(cx, y - 42), pt(cx + 32, y - 32), pt(cx + 36, y + 4, true)]);
      const brim = `M${f(cx - 92)} ${f(y + 8)}Q${f(cx)} ${f(y - 26)} ${f(cx + 92)} ${f(y + 8)}Q${f(cx)} ${f(y + 34)} ${f(cx - 92)} ${f(y + 8)}Z`;
      return shape(brim, p) + shape(crown, p) + `<path d="M${f(cx - 35)} ${f(y - 6)}Q${f(cx)} ${f(y - 2)} ${f(cx + 35)} ${f(y - 6)}L${f(cx + 36)} ${f(y + 4)}Q${f(cx)} ${f(y + 8)} ${f(cx - 36)} ${f(y + 4)}Z" fill="${darken(p.base, 0.45)}"/>`;
    }
    case 'panama_hat': {
      const y = b.headCy - b.headRy + 12;
      const crown = smooth([pt(cx - 34, y + 4, true), pt(cx - 30, y - 30, true), pt(cx - 8, y - 34), pt(cx, y - 28), pt(cx + 8, y - 34), pt(cx + 30, y - 30, true), pt(cx + 34, y + 4, true)]);
      const brim = `M${f(cx - 64)} ${f(y + 6)}Q${f(cx)} ${f(y - 14)} ${f(cx + 64)} ${f(y + 6)}Q${f(cx)} ${f(y + 22)} ${f(cx - 64)} ${f(y + 6)}Z`;
      return shape(brim, p) + shape(crown, p) + `<path d="M${f(cx - 33)} ${f(y - 8)}L${f(cx + 33)} ${f(y - 8)}L${f(cx + 34)} ${f(y + 3)}L${f(cx - 34)} ${f(y + 3)}Z" fill="${darken(p.base, 0.6)}"/>`;
    }
    case 'cap': {
      const y = b.headCy - 16;
      const crown = smooth([pt(cx - b.headRx - 3, y + 2, true), pt(cx - b.headRx, y - 30), pt(cx, y - b.headRy + 2), pt(cx + b.headRx, y - 30), pt(cx + b.headRx + 3, y + 2, true)]);
      const visor = `M${f(cx - b.headRx + 2)} ${f(y)}Q${f(cx)} ${f(y - 6)} ${f(cx + b.headRx - 2)} ${f(y)}Q${f(cx + b.headRx + 4)} ${f(y + 12)} ${f(cx)} ${f(y + 13)}Q${f(cx - b.headRx - 4)} ${f(y + 12)} ${f(cx - b.headRx + 2)} ${f(y)}Z`;
      return shape(crown, p) + shape(visor, { ...p, fill: darken(p.base, 0.12) }) + `<circle cx="${f(cx)}" cy="${f(y - b.headRy + 4)}" r="3" fill="${p.detail}"/>`;
    }
    case 'sunglasses': {
      const y = b.headCy + 2;
      const cat = b.gender === 'female';
      const lens = (s: 1 | -1) => {
        const x = cx + s * 14;
        return cat
          ? smooth([pt(x - s * 11, y - 5, true), pt(x + s * 13, y - 9, true), pt(x + s * 9, y + 7), pt(x - s * 1, y + 9), pt(x - s * 10, y + 4)])
          : smooth([pt(x - s * 11, y - 7, true), pt(x + s * 12, y - 7, true), pt(x + s * 11, y + 5), pt(x, y + 10), pt(x - s * 10, y + 5)]);
      };
      const frame = `fill="#1E1E24" fill-opacity="0.88" stroke="${p.base}" stroke-width="2.4" stroke-linejoin="round"`;
      return `<path d="${lens(1)}" ${frame}/><path d="${lens(-1)}" ${frame}/>` +
        stroke(`M${f(cx - 4)} ${f(y - 4)}Q${f(cx)} ${f(y - 7)} ${f(cx + 4)} ${f(y - 4)}`, p.base, 2.2) +
        stroke(`M${f(cx - 10)} ${f(y - 3)}l4 -2M${f(cx + 18)} ${f(y - 3)}l4 -2`, '#FFFFFF', 1.4, { opacity: 0.55 });
    }
    default:
      return '';
  }
}
