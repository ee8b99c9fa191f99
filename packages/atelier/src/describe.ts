// Shop-ready words for a piece: its name, a one-sentence description and a price band.
import { BODY_SHAPES, PRICE_RANGES, type BodyShapeId, type Gender, type NamedColor, type PatternKey, type PriceRange } from '@drape/contracts';
import { garmentName, isDenim, type GarmentDef } from './garments';
import type { Rng } from './random';
import type { Setting } from './settings';

const PATTERN_WORDS: Record<PatternKey, { readonly prefix: string; readonly phrase: string }> = {
  florals: { prefix: 'Floral', phrase: 'a painterly floral print' },
  animal: { prefix: 'Leopard-Print', phrase: 'a bold leopard print' },
  denim: { prefix: 'Denim', phrase: 'washed denim with contrast stitching' },
  dots: { prefix: 'Polka Dot', phrase: 'crisp polka dots' },
  check: { prefix: 'Checked', phrase: 'a preppy windowpane check' },
  solid_bright: { prefix: '', phrase: 'a saturated, sunny solid' },
  waves: { prefix: 'Wave-Print', phrase: 'a rippling wave print' },
  stripes: { prefix: 'Striped', phrase: 'mariner stripes' },
  retro: { prefix: 'Retro-Stripe', phrase: '70s racing stripes' },
};

export function pieceName(g: GarmentDef, gender: Gender, pattern: PatternKey | null): string {
  const base = garmentName(g, gender);
  if (!pattern) return base;
  const { prefix } = PATTERN_WORDS[pattern];
  // Denim garments and striped tops already say so.
  if (!prefix || (pattern === 'denim' && (isDenim(g) || /denim|jeans/i.test(base)))) return base;
  if (pattern === 'stripes' && /stripe/i.test(base)) return base;
  return `${prefix} ${base}`;
}

const capitalise = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

export function pieceDescription(
  g: GarmentDef,
  gender: Gender,
  color: NamedColor,
  pattern: PatternKey | null,
  bodyShape: BodyShapeId,
  rng: Rng,
): string {
  const noun = garmentName(g, gender).toLowerCase();
  const intrinsic = (pattern === 'denim' && isDenim(g)) || (pattern === 'stripes' && g.key === 'breton_top');
  const print = pattern && !intrinsic ? `, ${PATTERN_WORDS[pattern].phrase},` : '';
  let text = `${capitalise(color.name)} ${noun} in ${g.material}${print} with ${rng.pick(g.details)}`;
  if (g.flatters?.includes(bodyShape)) {
    const shape = BODY_SHAPES.find((b) => b.id === bodyShape)?.name.toLowerCase() ?? bodyShape;
    text += `; a cut that flatters a${/^[aeiou]/.test(shape) ? 'n' : ''} ${shape} figure`;
  }
  return `${text}.`;
}

/** The garment's own level, moved by the vibe and the occasion, with a little spread. */
export function priceBand(g: GarmentDef, setting: Setting, rng: Rng): PriceRange {
  let level = g.price;
  if (setting.vibe === 'elegant') level += 0.75;
  if (setting.vibe === 'contemporary') level += 0.35;
  if (setting.vibe === 'casual') level -= 0.4;
  if (setting.occasion === 'party' || setting.occasion === 'date') level += 0.4;
  if (setting.occasion === 'athleisure' || setting.occasion === 'lounge' || setting.occasion === 'beach') level -= 0.3;
  level += rng.range(-0.45, 0.45);
  const index = Math.max(0, Math.min(PRICE_RANGES.length - 1, Math.round(level)));
  return PRICE_RANGES[index] ?? 'mid-range';
}
