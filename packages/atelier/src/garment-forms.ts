// How each garment is cut, as drawing parameters: necklines, sleeve lengths, hems, leg widths,
// coat lengths and lapels. The renderer fits these to the model's measurements.
import type { GarmentKey } from './garments';

export type Neck =
  | 'crew' | 'v' | 'boat' | 'collar' | 'camp' | 'polo' | 'square' | 'straps' | 'tank' | 'turtle' | 'hood' | 'gathered';
export type Sleeve = 'none' | 'short' | 'elbow' | 'three_quarter' | 'long' | 'puff' | 'balloon' | 'flutter' | 'rolled';
export type TopHem = 'crop' | 'waist' | 'hip' | 'low';

export interface TopForm {
  readonly neck: Neck;
  readonly sleeve: Sleeve;
  readonly hem: TopHem;
  readonly ease: number;
  readonly buttons?: boolean;
  readonly rib?: boolean;
  readonly pocket?: 'kangaroo';
  readonly embroidery?: boolean;
}

export type Length = 'hot' | 'short' | 'mid_thigh' | 'mini' | 'above_knee' | 'knee' | 'midi' | 'ankle' | 'floor';

export interface BottomForm {
  readonly kind: 'trousers' | 'skirt';
  readonly rise: 'high' | 'mid';
  readonly length: Length;
  /** Trousers: extra width outside and inside the leg, at the hip, the knee and the hem. */
  readonly outer?: readonly [hip: number, knee: number, hem: number];
  readonly inner?: readonly [knee: number, hem: number];
  /** Skirts: how far the hem stands out beyond the hip. */
  readonly flare?: number;
  readonly fly?: boolean;
  readonly pockets?: 'jeans' | 'slant' | 'none';
  readonly crease?: boolean;
  readonly cuffs?: 'turn_up' | 'rib';
  readonly drawstring?: boolean;
  readonly pleats?: boolean;
  readonly tiers?: boolean;
  readonly frayed?: boolean;
  readonly buttons?: boolean;
  readonly slit?: boolean;
  readonly stripe?: boolean;
}

export interface DressForm {
  readonly top: TopForm;
  readonly skirt: BottomForm;
  readonly wrap?: boolean;
  readonly belt?: boolean;
  readonly smocked?: boolean;
  /** No waist seam: the bodice runs into the skirt. */
  readonly seamless?: boolean;
}

export type Lapel = 'notch' | 'wide' | 'collar' | 'stand' | 'none' | 'biker';

export interface CoatForm {
  readonly length: 'cropped' | 'hip' | 'thigh' | 'knee' | 'calf';
  readonly ease: number;
  readonly lapel: Lapel;
  readonly sleeve: 'long' | 'wide';
  /** How far apart the fronts hang at the hem (an open jacket shows what is under it). */
  readonly gap: number;
  readonly buttons?: 'single' | 'double';
  readonly pockets?: 'flap' | 'patch' | 'chest';
  readonly belt?: boolean;
  readonly rib?: boolean;
  readonly fringe?: boolean;
  readonly stripes?: boolean;
  readonly stitch?: boolean;
  readonly zip?: boolean;
}

export const TOP_FORMS: Partial<Record<GarmentKey, TopForm>> = {
  tshirt: { neck: 'crew', sleeve: 'short', hem: 'hip', ease: 6 },
  tank_top: { neck: 'tank', sleeve: 'none', hem: 'hip', ease: 2 },
  camisole: { neck: 'straps', sleeve: 'none', hem: 'hip', ease: 4 },
  blouse: { neck: 'v', sleeve: 'flutter', hem: 'hip', ease: 7 },
  peasant_blouse: { neck: 'gathered', sleeve: 'balloon', hem: 'hip', ease: 9, embroidery: true },
  shirt: { neck: 'collar', sleeve: 'long', hem: 'hip', ease: 6, buttons: true },
  linen_shirt: { neck: 'camp', sleeve: 'rolled', hem: 'hip', ease: 9, buttons: true },
  polo: { neck: 'polo', sleeve: 'short', hem: 'hip', ease: 6 },
  breton_top: { neck: 'boat', sleeve: 'three_quarter', hem: 'hip', ease: 6 },
  sweater: { neck: 'crew', sleeve: 'long', hem: 'low', ease: 10, rib: true },
  turtleneck: { neck: 'turtle', sleeve: 'long', hem: 'hip', ease: 3 },
  crop_top: { neck: 'square', sleeve: 'none', hem: 'crop', ease: 2 },
  training_top: { neck: 'crew', sleeve: 'long', hem: 'waist', ease: 2 },
  hoodie: { neck: 'hood', sleeve: 'long', hem: 'low', ease: 11, rib: true, pocket: 'kangaroo' },
};

export const BOTTOM_FORMS: Partial<Record<GarmentKey, BottomForm>> = {
  jeans: { kind: 'trousers', rise: 'high', length: 'ankle', outer: [3, 5, 8], inner: [4, 7], fly: true, pockets: 'jeans' },
  flare_jeans: { kind: 'trousers', rise: 'high', length: 'floor', outer: [2, 3, 26], inner: [3, 12], fly: true, pockets: 'jeans' },
  trousers: { kind: 'trousers', rise: 'high', length: 'ankle', outer: [5, 9, 10], inner: [7, 9], fly: true, pockets: 'slant', crease: true },
  wide_trousers: { kind: 'trousers', rise: 'high', length: 'floor', outer: [8, 20, 26], inner: [12, 10], pockets: 'slant', crease: true },
  chinos: { kind: 'trousers', rise: 'mid', length: 'ankle', outer: [4, 6, 5], inner: [5, 5], fly: true, pockets: 'slant', cuffs: 'turn_up' },
  linen_trousers: { kind: 'trousers', rise: 'high', length: 'ankle', outer: [8, 14, 15], inner: [10, 10], drawstring: true },
  joggers: { kind: 'trousers', rise: 'mid', length: 'ankle', outer: [7, 9, 3], inner: [8, 3], drawstring: true, cuffs: 'rib', stripe: true },
  leggings: { kind: 'trousers', rise: 'high', length: 'ankle', outer: [1, 1, 1], inner: [1, 1] },
  shorts: { kind: 'trousers', rise: 'high', length: 'mid_thigh', outer: [5, 0, 10], inner: [0, 8], pockets: 'slant', cuffs: 'turn_up' },
  denim_shorts: { kind: 'trousers', rise: 'high', length: 'short', outer: [3, 0, 5], inner: [0, 5], pockets: 'jeans', frayed: true, fly: true },
  hot_pants: { kind: 'trousers', rise: 'high', length: 'hot', outer: [2, 0, 3], inner: [0, 3], buttons: true },
  short_shorts: { kind: 'trousers', rise: 'mid', length: 'short', outer: [4, 0, 6], inner: [0, 6], stripe: true },
  swim_shorts: { kind: 'trousers', rise: 'mid', length: 'mid_thigh', outer: [6, 0, 10], inner: [0, 9], drawstring: true },
  mini_skirt: { kind: 'skirt', rise: 'high', length: 'mini', flare: 26 },
  denim_skirt: { kind: 'skirt', rise: 'high', length: 'mini', flare: 12, buttons: true, pockets: 'jeans' },
  midi_skirt: { kind: 'skirt', rise: 'high', length: 'midi', flare: 40, pleats: true },
  pencil_skirt: { kind: 'skirt', rise: 'high', length: 'knee', flare: -8, slit: true },
  maxi_skirt: { kind: 'skirt', rise: 'high', length: 'ankle', flare: 56, tiers: true },
};

export const DRESS_FORMS: Partial<Record<GarmentKey, DressForm>> = {
  sundress: { top: { neck: 'straps', sleeve: 'none', hem: 'waist', ease: 4 }, skirt: { kind: 'skirt', rise: 'high', length: 'above_knee', flare: 40 } },
  wrap_dress: { top: { neck: 'v', sleeve: 'flutter', hem: 'waist', ease: 5 }, skirt: { kind: 'skirt', rise: 'high', length: 'midi', flare: 28 }, wrap: true },
  maxi_dress: { top: { neck: 'square', sleeve: 'puff', hem: 'waist', ease: 4 }, skirt: { kind: 'skirt', rise: 'high', length: 'ankle', flare: 58, tiers: true }, smocked: true },
  slip_dress: { top: { neck: 'straps', sleeve: 'none', hem: 'waist', ease: 5 }, skirt: { kind: 'skirt', rise: 'high', length: 'midi', flare: 14 }, seamless: true },
  mini_dress: { top: { neck: 'square', sleeve: 'puff', hem: 'waist', ease: 3 }, skirt: { kind: 'skirt', rise: 'high', length: 'mini', flare: 42, pleats: true } },
  shirt_dress: { top: { neck: 'collar', sleeve: 'rolled', hem: 'waist', ease: 7, buttons: true }, skirt: { kind: 'skirt', rise: 'high', length: 'knee', flare: 18, buttons: true }, belt: true },
  sheath_dress: { top: { neck: 'boat', sleeve: 'none', hem: 'waist', ease: 3 }, skirt: { kind: 'skirt', rise: 'high', length: 'knee', flare: -4, slit: true }, seamless: true },
};

export const COAT_FORMS: Partial<Record<GarmentKey, CoatForm>> = {
  blazer: { length: 'hip', ease: 8, lapel: 'notch', sleeve: 'long', gap: 22, buttons: 'single', pockets: 'flap' },
  denim_jacket: { length: 'cropped', ease: 9, lapel: 'collar', sleeve: 'long', gap: 18, pockets: 'chest', stitch: true },
  trench: { length: 'knee', ease: 10, lapel: 'wide', sleeve: 'long', gap: 26, buttons: 'double', belt: true },
  wool_coat: { length: 'calf', ease: 11, lapel: 'wide', sleeve: 'long', gap: 30, pockets: 'flap' },
  cardigan: { length: 'hip', ease: 7, lapel: 'none', sleeve: 'long', gap: 12, buttons: 'single', rib: true },
  bomber: { length: 'hip', ease: 11, lapel: 'stand', sleeve: 'long', gap: 16, rib: true, zip: true },
  leather_jacket: { length: 'cropped', ease: 8, lapel: 'biker', sleeve: 'long', gap: 18, zip: true },
  kimono: { length: 'knee', ease: 14, lapel: 'none', sleeve: 'wide', gap: 34, fringe: true },
  track_jacket: { length: 'hip', ease: 8, lapel: 'stand', sleeve: 'long', gap: 14, stripes: true, zip: true, rib: true },
};
