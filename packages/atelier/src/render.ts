// The built-in image provider: a fashion illustration of the composed look as one SVG string
// (768x1024). Layers go back to front: backdrop, hair behind, body, shoes, clothes, jacket,
// bag and hands, hair, hat, eyewear, then the caption and palette swatches.
import { GENDER_NAMES } from '@drape/contracts';
import { darken, luminance, mix } from './color';
import { ACCESSORY_LAYER, drawAccessory, type AccessoryLayer } from './draw-accessories';
import {
  drawBottom,
  drawCoatBody,
  drawCoatSleeves,
  drawDressBody,
  drawSleeves,
  drawTopBody,
  riseY,
} from './draw-clothes';
import { drawShoes } from './draw-shoes';
import { bodyFor, drawArms, drawBeard, drawHands, drawHead, drawLegs, drawTorso, type Body } from './figure';
import { BOTTOM_FORMS, COAT_FORMS, DRESS_FORMS, TOP_FORMS } from './garment-forms';
import { hairBack, hairFront } from './hair';
import type { Look, Person, Piece } from './look';
import { plainPaint, type Paint } from './paint';
import { patternDef, printColors } from './patterns';
import { esc, f } from './svg';

export const IMAGE_WIDTH = 768;
export const IMAGE_HEIGHT = 1024;

export interface RenderOptions {
  /** Title, subtitle and palette swatches (default true). */
  readonly caption?: boolean;
  /**
   * Draw the 'Drape' mark into the SVG itself (default false). Cheaper than compositing
   * watermarkSvg() over the raster when the image comes from this renderer anyway.
   */
  readonly watermark?: boolean;
}

const FONT = `font-family="DejaVu Sans, sans-serif"`;

function backdrop(look: Look): { defs: string; body: string } {
  const lightest = [...look.palette.colors].sort((a, b) => luminance(b.hex) - luminance(a.hex))[0]?.hex ?? '#F4F1EC';
  const accent = look.palette.colors.find((c) => luminance(c.hex) > 0.15 && luminance(c.hex) < 0.7)?.hex ?? lightest;
  const top = mix(lightest, '#F3F0EA', 0.55);
  const bottom = mix(mix(accent, '#EDE8E0', 0.82), '#000000', 0.03);
  const defs =
    `<linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="0.72" stop-color="${mix(top, bottom, 0.6)}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>` +
    `<radialGradient id="halo" cx="0.5" cy="0.42" r="0.5"><stop offset="0" stop-color="#FFFFFF" stop-opacity="0.55"/><stop offset="1" stop-color="#FFFFFF" stop-opacity="0"/></radialGradient>` +
    `<radialGradient id="floor" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#000000" stop-opacity="0.28"/><stop offset="1" stop-color="#000000" stop-opacity="0"/></radialGradient>` +
    `<linearGradient id="vol" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000" stop-opacity="0.2"/><stop offset="0.2" stop-color="#fff" stop-opacity="0.12"/><stop offset="0.45" stop-color="#fff" stop-opacity="0"/><stop offset="0.78" stop-color="#000" stop-opacity="0.05"/><stop offset="1" stop-color="#000" stop-opacity="0.24"/></linearGradient>`;
  const body =
    `<rect width="${IMAGE_WIDTH}" height="${IMAGE_HEIGHT}" fill="url(#bg)"/>` +
    `<ellipse cx="384" cy="470" rx="330" ry="470" fill="url(#halo)"/>` +
    `<path d="M0 842Q384 826 768 842" fill="none" stroke="${darken(bottom, 0.08)}" stroke-width="1.2" opacity="0.6"/>` +
    `<ellipse cx="384" cy="936" rx="130" ry="18" fill="url(#floor)"/>`;
  return { defs, body };
}

function caption(look: Look, person: Person): string {
  const kind = look.selection.kind === 'trend' ? 'MONTHLY TREND' : look.selection.kind === 'palette' ? 'COLOR PALETTE' : 'OCCASION';
  const sub = `${kind}  ·  ${GENDER_NAMES[person.gender].toUpperCase()}${look.selection.kind === 'occasion' ? `  ·  ${look.palette.name.toUpperCase()}` : ''}`;
  const swatches = look.palette.colors
    .map((c, i) => `<circle cx="${f(52 + i * 30)}" cy="60" r="11" fill="${c.hex}" stroke="#000" stroke-opacity="0.18" stroke-width="1"/>`)
    .join('');
  return (
    swatches +
    `<text x="40" y="962" ${FONT} font-size="13" letter-spacing="2" fill="#5A5650">${esc(sub)}</text>` +
    `<text x="38" y="994" ${FONT} font-size="27" font-weight="bold" letter-spacing="2.5" fill="#23211F">${esc(look.title.toUpperCase())}</text>`
  );
}

interface Painted {
  readonly piece: Piece;
  readonly paint: Paint;
}

function paints(look: Look): { defs: string; painted: Painted[] } {
  const palette = look.palette.colors.map((c) => c.hex);
  let defs = '';
  const painted = look.pieces.map((piece, i): Painted => {
    const hex = piece.color.hex;
    if (piece.pattern) {
      const def = patternDef(`p${i}`, piece.pattern, printColors(hex, palette));
      if (def) {
        defs += def;
        return { piece, paint: plainPaint(hex, `url(#p${i})`) };
      }
    }
    return { piece, paint: plainPaint(hex) };
  });
  return { defs, painted };
}

function waistHalf(b: Body, look: Look): number {
  const dress = look.pieces.find((p) => p.type === 'dress');
  if (dress) return b.torso(b.waistY) + (DRESS_FORMS[dress.key]?.top.ease ?? 4) + 2;
  return b.torso(b.waistY) + 4;
}

/**
 * Draw a look on a model. `person` defaults to the look's own model; passing another one
 * (a different skin tone, say) redraws the same clothes on them.
 */
export function render(look: Look, person: Person = look.model, options: RenderOptions = {}): string {
  const b = bodyFor(person);
  const bg = backdrop(look);
  const { defs: printDefs, painted } = paints(look);
  const find = (type: Piece['type']) => painted.find((p) => p.piece.type === type);
  const top = find('top');
  const bottom = find('bottom');
  const dress = find('dress');
  const coat = find('outerwear');
  const shoes = find('shoes');
  const accessories = painted.filter((p) => p.piece.type === 'accessory');
  const accessoriesIn = (layer: AccessoryLayer) =>
    accessories
      .filter((a) => ACCESSORY_LAYER[a.piece.key] === layer)
      .map((a) => drawAccessory(b, a.piece.key, a.paint, waistHalf(b, look)))
      .join('');

  const topForm = top ? TOP_FORMS[top.piece.key] : undefined;
  const bottomForm = bottom ? BOTTOM_FORMS[bottom.piece.key] : undefined;
  const dressForm = dress ? DRESS_FORMS[dress.piece.key] : undefined;
  const coatForm = coat ? COAT_FORMS[coat.piece.key] : undefined;

  const bottomSvg = bottom && bottomForm ? drawBottom(b, bottomForm, bottom.paint, bottom.piece.pattern === 'denim') : '';
  const tuckY = look.tucked && bottomForm ? riseY(b, bottomForm.rise) + 12 : null;
  const topSvg = top && topForm ? drawTopBody(b, topForm, top.paint, tuckY) : '';

  const layers = [
    bg.body,
    hairBack(b, person.hairStyle, person.hairColor),
    drawLegs(b),
    drawTorso(b),
    drawHead(b, person.hairColor),
    person.beard && person.gender === 'male' ? drawBeard(b, person.hairColor) : '',
    shoes ? drawShoes(b, shoes.piece.key, shoes.paint) : '',
    dress && dressForm ? drawDressBody(b, dressForm, dress.paint) : look.tucked ? topSvg + bottomSvg : bottomSvg + topSvg,
    accessoriesIn('waist'),
    drawArms(b),
    top && topForm ? drawSleeves(b, topForm.sleeve, topForm.ease, top.paint) : '',
    dress && dressForm ? drawSleeves(b, dressForm.top.sleeve, dressForm.top.ease, dress.paint) : '',
    accessoriesIn('neck'),
    coat && coatForm ? drawCoatBody(b, coatForm, coat.paint) + drawCoatSleeves(b, coatForm, coat.paint) : '',
    accessoriesIn('hand'),
    drawHands(b),
    accessoriesIn('wrist'),
    accessoriesIn('strap'),
    hairFront(b, person.hairStyle, person.hairColor),
    accessoriesIn('ears'),
    accessoriesIn('head'),
    accessoriesIn('eyes'),
    options.caption === false ? '' : caption(look, person),
    options.watermark ? watermarkMark(IMAGE_WIDTH, IMAGE_HEIGHT) : '',
  ];
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${IMAGE_WIDTH}" height="${IMAGE_HEIGHT}" viewBox="0 0 ${IMAGE_WIDTH} ${IMAGE_HEIGHT}">` +
    `<defs>${bg.defs}${printDefs}</defs>${layers.join('')}</svg>`
  );
}

function watermarkMark(width: number, height: number): string {
  const size = Math.round(width * 0.044);
  const margin = Math.round(width * 0.03);
  return (
    `<text x="${width - margin}" y="${height - margin}" text-anchor="end" ${FONT} font-size="${size}" font-weight="bold" letter-spacing="1" ` +
    `fill="#FFFFFF" fill-opacity="0.9" stroke="#000000" stroke-opacity="0.45" stroke-width="${f(size / 28)}">Drape</text>`
  );
}

/** The 'Drape' mark the pipeline composites bottom right over every generated image. */
export function watermarkSvg(width: number = IMAGE_WIDTH, height: number = IMAGE_HEIGHT): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${watermarkMark(width, height)}</svg>`;
}
