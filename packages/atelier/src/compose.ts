// Outfit composition: from a combination and a seed to the exact pieces of a look. The image,
// the item list and the prompt are all derived from this one result, so they always agree.
import { combinationCode, type BodyShapeId, type Combination, type NamedColor, type PatternKey, type PieceType } from '@drape/contracts';
import { isNeutral, signatureColors } from './color-stories';
import { deltaE, luminance } from './color';
import { pieceDescription, pieceName, priceBand } from './describe';
import { GARMENTS, garment, isDenim, type AccessorySlot, type GarmentDef, type GarmentKey } from './garments';
import { colorsOf, type Look, type Piece } from './look';
import { resolveModel } from './model';
import { createRng, hashSeed, type Rng } from './random';
import { settingFor, type Setting } from './settings';

/** Main pieces the trend's print prefers, most wanted first. */
const HERO_ORDER: Record<PatternKey, readonly PieceType[]> = {
  florals: ['dress', 'top', 'bottom', 'outerwear'],
  animal: ['dress', 'bottom', 'top', 'outerwear'],
  denim: ['bottom', 'outerwear', 'dress', 'top'],
  dots: ['dress', 'top', 'bottom'],
  check: ['bottom', 'outerwear', 'dress', 'top'],
  // A yellow jacket would hide a yellow top, so a jacket carries the color when there is one.
  solid_bright: ['dress', 'outerwear', 'top', 'bottom'],
  waves: ['dress', 'top', 'bottom'],
  stripes: ['top', 'dress', 'bottom'],
  // Hot Pants Revival: the hot pants carry the color; the 70s stripes go on the top.
  retro: ['bottom', 'top'],
};

/** Tops that are worn tucked into a waistband when the bottom or formality calls for it. */
const TUCKABLE: ReadonlySet<GarmentKey> = new Set([
  'shirt', 'blouse', 'camisole', 'tshirt', 'breton_top', 'polo', 'turtleneck', 'linen_shirt', 'training_top',
]);
const SHORT_BOTTOMS: ReadonlySet<GarmentKey> = new Set(['hot_pants', 'short_shorts', 'denim_shorts']);
const HIGH_WAISTED: ReadonlySet<GarmentKey> = new Set([
  'hot_pants', 'mini_skirt', 'denim_skirt', 'midi_skirt', 'pencil_skirt', 'maxi_skirt', 'wide_trousers', 'flare_jeans', 'trousers',
]);

const overlaps = (a: readonly [number, number], b: readonly [number, number]): boolean => a[0] <= b[1] && b[0] <= a[1];

function candidates(type: PieceType, c: Combination, s: Setting, strict: boolean): GarmentDef[] {
  return GARMENTS.filter(
    (g) =>
      g.type === type &&
      g.genders.includes(c.gender) &&
      !g.onlyWhenRequired &&
      // Breton stripes would clash with another trend's print.
      !(g.key === 'breton_top' && s.pattern !== null && !['stripes', 'solid_bright', 'denim'].includes(s.pattern)) &&
      !s.forbidden.has(g.key) &&
      (!g.swim || s.swimAllowed) &&
      (!strict || (g.climates.includes(s.climate) && overlaps(g.formality, s.formality))),
  );
}

/**
 * Strict candidates first; relaxing weather and formality beats failing to dress someone.
 * An occasion narrows further to garments made for it (beach shoes at the beach), when any are.
 */
function pool(type: PieceType, c: Combination, s: Setting): GarmentDef[] {
  const strict = candidates(type, c, s, true);
  const list = strict.length > 0 ? strict : candidates(type, c, s, false);
  const occasion = s.occasion;
  if (!occasion) return list;
  const fitting = list.filter((g) => g.tags.includes(occasion));
  return fitting.length > 0 ? fitting : list;
}

function affinity(g: GarmentDef, s: Setting, body: BodyShapeId, wantPrint: boolean): number {
  // A garment sharing nothing with the brief stays possible, but rare.
  let w = 0.25;
  for (const tag of s.tags) if (g.tags.includes(tag)) w += 3;
  if (s.vibeTag && g.tags.includes(s.vibeTag)) w += 1.5;
  if (g.flatters?.includes(body)) w *= 1.6;
  if (g.avoidFor?.includes(body)) w *= 0.25;
  if (wantPrint && g.printable) w *= 1.8;
  return w;
}

function chooseKeys(c: Combination, s: Setting, body: BodyShapeId, rng: Rng): GarmentKey[] {
  const wantPrint = s.pattern !== null && s.pattern !== 'denim' && s.pattern !== 'solid_bright';
  const pickFrom = (list: readonly GarmentDef[]): GarmentDef => rng.weighted(list, (g) => affinity(g, s, body, wantPrint));
  const keys: GarmentKey[] = [];

  const dresses = c.gender === 'female' ? pool('dress', c, s) : [];
  const required = s.requiredBottom[c.gender];
  if (dresses.length > 0 && !required && rng.chance(s.dressChance)) {
    keys.push(pickFrom(dresses).key);
  } else {
    keys.push(pickFrom(pool('top', c, s)).key);
    // A required bottom (hot pants for Hot Pants Revival) overrides the occasion filters, but
    // still prefers the weather: no denim cut-offs on a mild Denim day when jeans exist.
    const requiredDefs = required ? GARMENTS.filter((g) => required.includes(g.key) && g.genders.includes(c.gender)) : [];
    const inWeather = requiredDefs.filter((g) => g.climates.includes(s.climate));
    const bottoms = required ? (inWeather.length > 0 ? inWeather : requiredDefs) : pool('bottom', c, s);
    keys.push(pickFrom(bottoms).key);
    // A print trend needs a printable main piece (Hot Pants Revival: a printable top);
    // swap the top for a printable one when the draw gave none.
    const printableTops = pool('top', c, s).filter((g) => g.printable);
    const needsTop = s.pattern === 'retro' ? !garment(keys[0] as GarmentKey).printable : wantPrint && !keys.some((k) => garment(k).printable);
    if (needsTop && printableTops.length > 0) keys[0] = pickFrom(printableTops).key;
  }

  const coatChance = s.climate === 'cool' ? Math.max(s.outerwearChance, 0.85) : s.outerwearChance;
  if (s.outerwearChance > 0 && rng.chance(coatChance)) {
    // A jacket must belong to the brief (no blazer over hot pants just because it is warm).
    const wanted = [...s.tags, ...(s.vibeTag ? [s.vibeTag] : [])];
    const coats = candidates('outerwear', c, s, true).filter((g) => wanted.length === 0 || g.tags.some((t) => wanted.includes(t)));
    if (coats.length > 0) keys.push(pickFrom(coats).key);
  }

  keys.push(pickFrom(pool('shoes', c, s)).key);
  return keys;
}

/** One or two accessories in different body slots; a belt only where a waist shows. */
function chooseAccessories(c: Combination, s: Setting, body: BodyShapeId, rng: Rng, waistShows: boolean): GarmentKey[] {
  const keys: GarmentKey[] = [];
  const count = rng.chance(0.55) ? 2 : 1;
  const used = new Set<AccessorySlot>();
  for (let i = 0; i < count; i++) {
    const options = pool('accessory', c, s).filter((g) => g.slot && !used.has(g.slot) && (waistShows || g.slot !== 'waist'));
    if (options.length === 0) break;
    const pick = rng.weighted(options, (g) => affinity(g, s, body, false));
    keys.push(pick.key);
    if (pick.slot) used.add(pick.slot);
  }
  return keys;
}

function chooseHero(defs: readonly GarmentDef[], s: Setting, rng: Rng): number {
  const order: readonly PieceType[] = s.pattern ? HERO_ORDER[s.pattern] : ['dress', 'top', 'bottom'];
  const needsPrint = s.pattern !== null && s.pattern !== 'solid_bright' && s.pattern !== 'retro';
  for (const type of order) {
    const idx = defs
      .map((d, i) => ({ d, i }))
      .filter(({ d }) => d.type === type && (!needsPrint || d.printable || (s.pattern === 'denim' && isDenim(d)) || (s.pattern === 'stripes' && d.key === 'breton_top')));
    if (idx.length > 0) return rng.pick(idx).i;
  }
  // Nothing printable among the clothes: the print goes on a printable accessory, else nowhere.
  const accessory = defs.findIndex((d) => d.type === 'accessory' && d.printable);
  if (needsPrint && accessory >= 0) return accessory;
  const main = defs.findIndex((d) => d.type === 'dress' || d.type === 'top');
  return main >= 0 ? main : 0;
}

function hinted(g: GarmentDef, colors: readonly NamedColor[]): readonly NamedColor[] {
  const byLum = [...colors].sort((a, b) => luminance(a.hex) - luminance(b.hex));
  let list: readonly NamedColor[];
  switch (g.color) {
    case 'neutral': list = colors.filter(isNeutral); break;
    case 'dark': list = colors.filter((c) => luminance(c.hex) < 0.2); if (list.length === 0) list = byLum.slice(0, 2); break;
    case 'light': list = colors.filter((c) => luminance(c.hex) > 0.45); if (list.length === 0) list = byLum.slice(-2); break;
    case 'blue': list = colors.filter((c) => c.family === 'blue' || c.family === 'navy'); break;
    case 'metal': list = colors.filter((c) => ['gold', 'silver', 'yellow', 'gray'].includes(c.family)); break;
    default: list = colors;
  }
  return list.length > 0 ? list : colors;
}

/** The piece this one is seen against: top vs bottom, a coat vs what is under it. */
function counterparts(type: PieceType): readonly PieceType[] {
  switch (type) {
    case 'top': return ['bottom'];
    case 'bottom': return ['top'];
    case 'outerwear': return ['top', 'dress'];
    case 'shoes': return ['bottom', 'dress'];
    default: return ['top', 'dress', 'outerwear'];
  }
}

function colorPieces(defs: readonly GarmentDef[], hero: number, s: Setting, rng: Rng): NamedColor[] {
  const colors: (NamedColor | undefined)[] = defs.map(() => undefined);
  colors[hero] = rng.pick(hinted(defs[hero] as GarmentDef, signatureColors(s.story)));
  const order = defs.map((_, i) => i).filter((i) => i !== hero);
  const rank: Record<PieceType, number> = { dress: 0, top: 1, bottom: 1, outerwear: 2, shoes: 3, accessory: 4 };
  order.sort((a, b) => rank[(defs[a] as GarmentDef).type] - rank[(defs[b] as GarmentDef).type]);
  for (const i of order) {
    const def = defs[i] as GarmentDef;
    const against = defs
      .map((d, j) => ({ d, c: colors[j] }))
      .filter((e): e is { d: GarmentDef; c: NamedColor } => e.c !== undefined && counterparts(def.type).includes(e.d.type));
    const usedCount = (c: NamedColor) => colors.filter((u) => u === c).length;
    const score = (c: NamedColor): number => {
      let v = rng.next() * 1.5 - usedCount(c) * 1.2;
      for (const a of against) v += deltaE(c.hex, a.c.hex) >= 25 ? 2.5 : -3;
      if ((def.type === 'shoes' || def.type === 'bottom' || def.type === 'outerwear') && isNeutral(c)) v += 1;
      if (def.type === 'accessory' && !isNeutral(c)) v += 0.5;
      return v;
    };
    // Gold and silver are for trims, shoes and accessories, not for a whole garment.
    const hint = hinted(def, s.story.colors);
    const cloth = hint.filter((c) => c.family !== 'gold' && c.family !== 'silver');
    const options = def.type === 'accessory' || def.type === 'shoes' || cloth.length === 0 ? hint : cloth;
    colors[i] = options.reduce((best, c) => (score(c) > score(best) ? c : best));
  }
  return colors.map((c) => c ?? (s.story.colors[0] as NamedColor));
}

function patternFor(def: GarmentDef, isHero: boolean, s: Setting, rng: Rng): PatternKey | null {
  if (isDenim(def)) return 'denim';
  if (def.key === 'breton_top') return 'stripes';
  if (!s.pattern || s.pattern === 'solid_bright' || !def.printable) return null;
  if (s.pattern === 'retro') return def.type === 'top' ? 'retro' : null;
  if (isHero) return s.pattern;
  // A second, smaller dose of the print on a shoe or bag is how animal and polka trends are worn.
  if ((s.pattern === 'animal' || s.pattern === 'dots') && (def.type === 'shoes' || def.type === 'accessory') && rng.chance(0.4)) {
    return s.pattern;
  }
  return null;
}

function isTucked(keys: readonly GarmentKey[], s: Setting, rng: Rng): boolean {
  const top = keys.find((k) => garment(k).type === 'top');
  const bottom = keys.find((k) => garment(k).type === 'bottom');
  if (!top || !bottom || top === 'crop_top') return false;
  // Short shorts only read as such when the top does not hang over them.
  if (SHORT_BOTTOMS.has(bottom)) return true;
  if (!TUCKABLE.has(top)) return false;
  if (bottom === 'joggers' || bottom === 'leggings') return top === 'training_top';
  return HIGH_WAISTED.has(bottom) || s.formality[0] >= 2 || rng.chance(0.4);
}

/**
 * Compose a look. Deterministic: the same combination and seed always give the same look;
 * different seeds generally give different looks.
 */
export function compose(combination: Combination, seed: number | string): Look {
  const code = combinationCode(combination);
  const root = createRng(hashSeed(code, seed));
  const setting = settingFor(combination, root.fork('setting'));
  // Body and skin are drawn before hair from the same fork, so both calls agree on them.
  const body = resolveModel(combination, root.fork('model'), false).bodyShape;
  const garmentRng = root.fork('garments');
  const main = chooseKeys(combination, setting, body, garmentRng);
  const tucked = isTucked(main, setting, root.fork('tuck'));
  const waistShows = tucked || main.some((k) => k === 'crop_top' || garment(k).type === 'dress');
  let keys = [...main, ...chooseAccessories(combination, setting, body, garmentRng, waistShows)];
  let defs = keys.map(garment);
  const model = resolveModel(combination, root.fork('model'), defs.some((d) => d.slot === 'head'));

  let hero = chooseHero(defs, setting, root.fork('hero'));
  // A jacket over a printed top would hide the trend: the jacket carries the print, or stays off.
  const coat = defs.findIndex((d) => d.type === 'outerwear');
  const printTrend = setting.pattern !== null && setting.pattern !== 'solid_bright' && setting.pattern !== 'denim';
  if (printTrend && coat >= 0 && defs[hero]?.type === 'top') {
    if ((defs[coat] as GarmentDef).printable && setting.pattern !== 'retro') hero = coat;
    else {
      keys = keys.filter((_, i) => i !== coat);
      defs = keys.map(garment);
      hero = defs.findIndex((d) => d.type === 'top');
    }
  }

  const colors = colorPieces(defs, hero, setting, root.fork('colors'));
  const words = root.fork('words');
  const pieces: Piece[] = defs.map((def, i) => {
    const color = colors[i] as NamedColor;
    const pattern = patternFor(def, i === hero, setting, words);
    return {
      key: def.key,
      name: pieceName(def, combination.gender, pattern),
      type: def.type,
      color,
      pattern,
      description: pieceDescription(def, combination.gender, color, pattern, model.bodyShape, words),
      priceRange: priceBand(def, setting, words),
    };
  });


  return {
    combination,
    combinationCode: code,
    seed,
    selection: setting.selection,
    title: setting.name,
    occasion: setting.occasion,
    climate: setting.climate,
    palette: { id: setting.story.id, name: setting.story.name, colors: setting.story.colors },
    pattern: setting.pattern,
    pieces,
    colorsUsed: colorsOf(pieces),
    tucked,
    model,
  };
}
