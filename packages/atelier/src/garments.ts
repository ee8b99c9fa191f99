// The wardrobe the stylist composes from: what each garment is, who wears it, in which weather
// and at which formality, and which trends, occasions, vibes and body shapes it suits.
import type { BodyShapeId, Gender, PieceType } from '@drape/contracts';

export type Climate = 'hot' | 'mild' | 'cool';

/** Affinities: a garment scores higher in a look whose setting, trend or vibe shares a tag. */
export type Tag =
  | 'casual' | 'playful' | 'elegant' | 'contemporary'
  | 'office' | 'date' | 'party' | 'beach' | 'athleisure' | 'lounge' | 'goingout'
  | 'boho' | 'animal' | 'denim' | 'polka' | 'preppy' | 'yellow' | 'aquatic' | 'hot_pants' | 'nautical';

/** Which colors of a story a garment is plausibly made in. */
export type ColorHint = 'any' | 'neutral' | 'dark' | 'light' | 'blue' | 'metal';

/** Accessories occupy a body slot: never two hats or two bags. */
export type AccessorySlot = 'head' | 'eyes' | 'neck' | 'waist' | 'wrist' | 'bag' | 'ears';

export const GARMENT_KEYS = [
  // tops
  'tshirt', 'tank_top', 'camisole', 'blouse', 'peasant_blouse', 'shirt', 'linen_shirt', 'polo',
  'breton_top', 'sweater', 'turtleneck', 'crop_top', 'training_top', 'hoodie',
  // bottoms
  'jeans', 'flare_jeans', 'trousers', 'wide_trousers', 'chinos', 'linen_trousers', 'joggers',
  'leggings', 'shorts', 'denim_shorts', 'hot_pants', 'short_shorts', 'swim_shorts',
  'mini_skirt', 'denim_skirt', 'midi_skirt', 'pencil_skirt', 'maxi_skirt',
  // dresses
  'sundress', 'wrap_dress', 'maxi_dress', 'slip_dress', 'mini_dress', 'shirt_dress', 'sheath_dress',
  // outerwear
  'blazer', 'denim_jacket', 'trench', 'wool_coat', 'cardigan', 'bomber', 'leather_jacket',
  'kimono', 'track_jacket',
  // shoes
  'sneakers', 'running_shoes', 'pumps', 'strappy_heels', 'ankle_boots', 'knee_boots', 'sandals',
  'espadrilles', 'loafers', 'boat_shoes', 'slides', 'platform_sandals', 'derby_shoes',
  // accessories
  'tote', 'clutch', 'crossbody', 'sun_hat', 'panama_hat', 'cap', 'sunglasses', 'necklace',
  'chain', 'belt', 'scarf', 'watch', 'hoops',
] as const;
export type GarmentKey = (typeof GARMENT_KEYS)[number];

export interface GarmentDef {
  readonly key: GarmentKey;
  readonly type: PieceType;
  /** Display name, per gender where the shop vocabulary differs. */
  readonly name: string | { readonly female: string; readonly male: string };
  readonly genders: readonly Gender[];
  readonly climates: readonly Climate[];
  /** 0 lounge/sport, 1 casual, 2 smart, 3 dressy. */
  readonly formality: readonly [min: number, max: number];
  readonly tags: readonly Tag[];
  readonly material: string;
  /** Description fragments, one is chosen per piece. */
  readonly details: readonly string[];
  /** 0 budget .. 3 luxury, before vibe and occasion adjust it. */
  readonly price: number;
  /** Can carry a trend's print (leather and rib knits cannot). */
  readonly printable: boolean;
  readonly color: ColorHint;
  readonly swim?: boolean;
  readonly flatters?: readonly BodyShapeId[];
  readonly avoidFor?: readonly BodyShapeId[];
  readonly slot?: AccessorySlot;
  /** Only worn when a trend requires it (men's short shorts belong to Hot Pants Revival). */
  readonly onlyWhenRequired?: boolean;
}

const F: readonly Gender[] = ['female'];
const M: readonly Gender[] = ['male'];
const FM: readonly Gender[] = ['female', 'male'];
const HOT: readonly Climate[] = ['hot'];
const WARM: readonly Climate[] = ['hot', 'mild'];
const MILD: readonly Climate[] = ['mild'];
const COOLER: readonly Climate[] = ['mild', 'cool'];
const ALL: readonly Climate[] = ['hot', 'mild', 'cool'];

export const GARMENTS: readonly GarmentDef[] = [
  // ---- tops
  { key: 'tshirt', type: 'top', name: 'Crew-Neck T-Shirt', genders: FM, climates: WARM, formality: [0, 1],
    tags: ['casual', 'playful', 'denim', 'hot_pants', 'goingout'], material: 'organic cotton jersey',
    details: ['a relaxed boxy fit', 'a clean crew neckline', 'a soft washed finish'], price: 0, printable: true, color: 'any' },
  { key: 'tank_top', type: 'top', name: 'Ribbed Tank Top', genders: FM, climates: HOT, formality: [0, 1],
    tags: ['casual', 'beach', 'hot_pants', 'aquatic'], material: 'rib-knit cotton',
    details: ['a scooped neckline', 'a close, stretchy fit'], price: 0, printable: false, color: 'any', avoidFor: ['apple'] },
  { key: 'camisole', type: 'top', name: 'Satin Camisole', genders: F, climates: WARM, formality: [2, 3],
    tags: ['date', 'party', 'elegant', 'contemporary'], material: 'fluid satin',
    details: ['a lace-trimmed V neckline', 'delicate spaghetti straps'], price: 1, printable: true, color: 'any',
    flatters: ['inverted_triangle', 'rectangle'] },
  { key: 'blouse', type: 'top', name: 'Flutter-Sleeve Blouse', genders: F, climates: ALL, formality: [1, 3],
    tags: ['office', 'elegant', 'date', 'polka', 'aquatic', 'animal'], material: 'silky crepe de chine',
    details: ['a soft V neckline', 'fluttering sleeves', 'a tie-front detail'], price: 1, printable: true, color: 'any',
    flatters: ['apple', 'inverted_triangle', 'hourglass'] },
  { key: 'peasant_blouse', type: 'top', name: 'Embroidered Peasant Blouse', genders: F, climates: WARM, formality: [1, 2],
    tags: ['boho', 'casual', 'playful'], material: 'cotton voile',
    details: ['billowing balloon sleeves', 'hand-embroidered yoke', 'a gathered neckline'], price: 1, printable: true, color: 'light',
    flatters: ['pear', 'rectangle'] },
  { key: 'shirt', type: 'top', name: { female: 'Poplin Button-Down Shirt', male: 'Oxford Button-Down Shirt' }, genders: FM, climates: ALL, formality: [1, 3],
    tags: ['office', 'preppy', 'elegant', 'contemporary', 'denim', 'date', 'party'], material: 'crisp cotton poplin',
    details: ['a pointed collar', 'mother-of-pearl buttons', 'a tailored fit'], price: 1, printable: true, color: 'any' },
  { key: 'linen_shirt', type: 'top', name: 'Linen Camp Shirt', genders: FM, climates: WARM, formality: [1, 2],
    tags: ['beach', 'aquatic', 'nautical', 'boho', 'casual', 'date'], material: 'washed linen',
    details: ['a relaxed camp collar', 'rolled sleeves', 'a breezy open weave'], price: 1, printable: true, color: 'any' },
  { key: 'polo', type: 'top', name: 'Piqué Polo Shirt', genders: FM, climates: WARM, formality: [1, 2],
    tags: ['preppy', 'nautical', 'casual'], material: 'cotton piqué',
    details: ['a ribbed collar', 'a two-button placket'], price: 1, printable: false, color: 'any' },
  { key: 'breton_top', type: 'top', name: 'Breton Striped Top', genders: FM, climates: WARM, formality: [1, 2],
    tags: ['nautical', 'preppy', 'casual'], material: 'heavy cotton jersey',
    details: ['a wide boat neckline', 'three-quarter sleeves'], price: 1, printable: false, color: 'light',
    flatters: ['pear', 'rectangle'], avoidFor: ['inverted_triangle'] },
  { key: 'sweater', type: 'top', name: 'Cable-Knit Sweater', genders: FM, climates: COOLER, formality: [1, 2],
    tags: ['preppy', 'lounge', 'casual'], material: 'merino wool',
    details: ['chunky cable knit', 'ribbed cuffs and hem', 'a cosy crew neck'], price: 2, printable: false, color: 'any' },
  { key: 'turtleneck', type: 'top', name: 'Fine-Knit Turtleneck', genders: FM, climates: COOLER, formality: [1, 3],
    tags: ['contemporary', 'elegant', 'office', 'party'], material: 'fine-gauge merino',
    details: ['a slim roll neck', 'a sleek second-skin fit'], price: 2, printable: false, color: 'any' },
  { key: 'crop_top', type: 'top', name: 'Cropped Knit Top', genders: F, climates: HOT, formality: [0, 2],
    tags: ['playful', 'hot_pants', 'party', 'goingout', 'yellow'], material: 'stretch rib knit',
    details: ['a square neckline', 'a cropped hem above the waist'], price: 0, printable: true, color: 'any',
    flatters: ['hourglass', 'rectangle'], avoidFor: ['apple'] },
  { key: 'training_top', type: 'top', name: { female: 'Seamless Training Top', male: 'Performance Tee' }, genders: FM, climates: ALL, formality: [0, 0],
    tags: ['athleisure'], material: 'moisture-wicking stretch jersey',
    details: ['flatlock seams', 'a sculpted athletic fit'], price: 1, printable: false, color: 'any' },
  { key: 'hoodie', type: 'top', name: 'Brushed Fleece Hoodie', genders: FM, climates: COOLER, formality: [0, 1],
    tags: ['lounge', 'athleisure', 'casual'], material: 'brushed cotton fleece',
    details: ['a kangaroo pocket', 'a drawstring hood'], price: 1, printable: false, color: 'any' },

  // ---- bottoms
  { key: 'jeans', type: 'bottom', name: { female: 'High-Rise Straight Jeans', male: 'Slim Straight Jeans' }, genders: FM, climates: ALL, formality: [1, 2],
    tags: ['denim', 'casual', 'goingout', 'contemporary', 'party'], material: 'rigid cotton denim',
    details: ['five-pocket styling', 'contrast topstitching', 'a clean ankle hem'], price: 1, printable: false, color: 'blue' },
  { key: 'flare_jeans', type: 'bottom', name: 'Flared Jeans', genders: F, climates: ALL, formality: [1, 2],
    tags: ['denim', 'boho', 'playful', 'hot_pants'], material: 'stretch denim',
    details: ['a 70s flare', 'a high waist'], price: 1, printable: false, color: 'blue',
    flatters: ['pear', 'inverted_triangle', 'hourglass'] },
  { key: 'trousers', type: 'bottom', name: 'Tailored Straight Trousers', genders: FM, climates: ALL, formality: [2, 3],
    tags: ['office', 'elegant', 'contemporary', 'date', 'party'], material: 'wool-blend suiting',
    details: ['pressed front creases', 'a clean flat front'], price: 2, printable: true, color: 'any', flatters: ['apple'] },
  { key: 'wide_trousers', type: 'bottom', name: 'Wide-Leg Trousers', genders: F, climates: ALL, formality: [2, 3],
    tags: ['office', 'elegant', 'contemporary', 'nautical', 'party'], material: 'fluid crepe',
    details: ['a high waist', 'a floor-grazing wide leg', 'sailor buttons'], price: 2, printable: true, color: 'any',
    flatters: ['pear', 'inverted_triangle', 'rectangle'] },
  { key: 'chinos', type: 'bottom', name: 'Cotton Chinos', genders: FM, climates: WARM, formality: [1, 2],
    tags: ['preppy', 'casual', 'nautical', 'office'], material: 'cotton twill',
    details: ['a slim tapered leg', 'slanted pockets'], price: 1, printable: true, color: 'neutral' },
  { key: 'linen_trousers', type: 'bottom', name: 'Drawstring Linen Trousers', genders: FM, climates: WARM, formality: [1, 2],
    tags: ['beach', 'aquatic', 'boho', 'nautical', 'lounge'], material: 'washed linen',
    details: ['a relaxed drawstring waist', 'a breezy straight leg'], price: 1, printable: true, color: 'light' },
  { key: 'joggers', type: 'bottom', name: 'Tapered Joggers', genders: FM, climates: COOLER, formality: [0, 1],
    tags: ['athleisure', 'lounge', 'casual'], material: 'cotton fleece',
    details: ['ribbed cuffs', 'an elastic waist'], price: 0, printable: false, color: 'any' },
  { key: 'leggings', type: 'bottom', name: 'High-Rise Leggings', genders: F, climates: ALL, formality: [0, 0],
    tags: ['athleisure'], material: 'sculpting stretch nylon',
    details: ['a high waistband', 'a squat-proof knit'], price: 1, printable: false, color: 'dark' },
  { key: 'shorts', type: 'bottom', name: { female: 'Tailored Shorts', male: 'Chino Shorts' }, genders: FM, climates: HOT, formality: [0, 1],
    tags: ['beach', 'casual', 'nautical', 'aquatic', 'playful', 'athleisure'], material: 'cotton twill',
    details: ['a mid-thigh length', 'turned-up hems'], price: 0, printable: true, color: 'any' },
  { key: 'denim_shorts', type: 'bottom', name: 'Denim Cut-Off Shorts', genders: FM, climates: HOT, formality: [0, 1],
    tags: ['denim', 'casual', 'beach', 'hot_pants'], material: 'washed denim',
    details: ['frayed hems', 'faded whiskering'], price: 0, printable: false, color: 'blue' },
  { key: 'hot_pants', type: 'bottom', name: 'High-Waisted Hot Pants', genders: F, climates: WARM, formality: [0, 2],
    tags: ['hot_pants', 'playful', 'party'], material: 'stretch cotton sateen',
    details: ['a high waist', 'a retro short cut', 'button-front detailing'], price: 1, printable: true, color: 'any' },
  { key: 'short_shorts', type: 'bottom', name: '5-Inch Short Shorts', genders: M, climates: WARM, formality: [0, 1],
    tags: ['hot_pants', 'playful'], material: 'cotton twill',
    details: ['a retro 5-inch inseam', 'an elasticated back waist'], price: 1, printable: true, color: 'any', onlyWhenRequired: true },
  { key: 'swim_shorts', type: 'bottom', name: 'Swim Shorts', genders: M, climates: HOT, formality: [0, 1],
    tags: ['beach', 'aquatic'], material: 'quick-dry recycled nylon',
    details: ['a mesh lining', 'a drawcord waist'], price: 1, printable: true, color: 'any', swim: true },
  { key: 'mini_skirt', type: 'bottom', name: 'A-Line Mini Skirt', genders: F, climates: WARM, formality: [1, 3],
    tags: ['playful', 'party', 'goingout', 'polka', 'preppy', 'yellow'], material: 'structured cotton',
    details: ['a flippy A-line', 'a high waist'], price: 1, printable: true, color: 'any', flatters: ['rectangle', 'hourglass', 'apple'] },
  { key: 'denim_skirt', type: 'bottom', name: 'Denim Mini Skirt', genders: F, climates: WARM, formality: [1, 2],
    tags: ['denim', 'casual', 'playful'], material: 'rigid denim',
    details: ['a button front', 'contrast topstitching'], price: 1, printable: false, color: 'blue' },
  { key: 'midi_skirt', type: 'bottom', name: 'Pleated Midi Skirt', genders: F, climates: ALL, formality: [1, 3],
    tags: ['elegant', 'preppy', 'office', 'polka', 'animal', 'date'], material: 'fluid satin',
    details: ['knife pleats', 'a swishy midi length'], price: 2, printable: true, color: 'any', flatters: ['pear', 'hourglass', 'apple'] },
  { key: 'pencil_skirt', type: 'bottom', name: 'Pencil Skirt', genders: F, climates: COOLER, formality: [2, 3],
    tags: ['office', 'elegant', 'contemporary', 'animal'], material: 'stretch wool suiting',
    details: ['a back vent', 'a sculpted high waist'], price: 2, printable: true, color: 'any', flatters: ['hourglass'], avoidFor: ['pear'] },
  { key: 'maxi_skirt', type: 'bottom', name: 'Tiered Maxi Skirt', genders: F, climates: WARM, formality: [1, 2],
    tags: ['boho', 'beach', 'aquatic', 'casual'], material: 'crinkled cotton gauze',
    details: ['three flowing tiers', 'an elastic waist'], price: 1, printable: true, color: 'any', flatters: ['pear', 'inverted_triangle', 'apple'] },

  // ---- dresses (female only: the rule set dresses no male look)
  { key: 'sundress', type: 'dress', name: 'Tie-Strap Sundress', genders: F, climates: HOT, formality: [1, 2],
    tags: ['beach', 'polka', 'playful', 'aquatic', 'yellow', 'casual'], material: 'cotton poplin',
    details: ['tie shoulder straps', 'a full skirt to the knee'], price: 1, printable: true, color: 'any' },
  { key: 'wrap_dress', type: 'dress', name: 'Wrap Midi Dress', genders: F, climates: ALL, formality: [1, 3],
    tags: ['date', 'office', 'elegant', 'polka', 'animal'], material: 'jersey crepe',
    details: ['a wrap V neckline', 'a self-tie waist', 'fluttered sleeves'], price: 2, printable: true, color: 'any',
    flatters: ['hourglass', 'apple', 'rectangle'] },
  { key: 'maxi_dress', type: 'dress', name: 'Tiered Maxi Dress', genders: F, climates: WARM, formality: [1, 3],
    tags: ['boho', 'beach', 'aquatic', 'date'], material: 'airy cotton voile',
    details: ['a smocked bodice', 'flowing tiers', 'puffed sleeves'], price: 2, printable: true, color: 'any',
    flatters: ['pear', 'apple', 'inverted_triangle'] },
  { key: 'slip_dress', type: 'dress', name: 'Satin Slip Dress', genders: F, climates: WARM, formality: [2, 3],
    tags: ['party', 'date', 'elegant', 'contemporary', 'animal'], material: 'bias-cut satin',
    details: ['a cowl neckline', 'a bias-cut midi skirt'], price: 2, printable: true, color: 'any',
    flatters: ['rectangle', 'inverted_triangle'] },
  { key: 'mini_dress', type: 'dress', name: 'Fit-and-Flare Mini Dress', genders: F, climates: WARM, formality: [1, 3],
    tags: ['party', 'goingout', 'playful', 'polka', 'yellow'], material: 'crisp taffeta',
    details: ['a sweetheart neckline', 'a full flared skirt'], price: 2, printable: true, color: 'any',
    flatters: ['hourglass', 'rectangle', 'pear'] },
  { key: 'shirt_dress', type: 'dress', name: 'Belted Shirt Dress', genders: F, climates: ALL, formality: [1, 2],
    tags: ['office', 'preppy', 'denim', 'nautical', 'casual'], material: 'cotton poplin',
    details: ['a button-through front', 'a pointed collar', 'rolled cuffs'], price: 1, printable: true, color: 'any',
    flatters: ['rectangle', 'apple'] },
  { key: 'sheath_dress', type: 'dress', name: 'Tailored Sheath Dress', genders: F, climates: COOLER, formality: [2, 3],
    tags: ['office', 'elegant', 'contemporary'], material: 'stretch crepe',
    details: ['a bateau neckline', 'a knee-length sculpted skirt'], price: 2, printable: true, color: 'any',
    flatters: ['hourglass', 'rectangle'] },

  // ---- outerwear
  { key: 'blazer', type: 'outerwear', name: 'Single-Breasted Blazer', genders: FM, climates: ALL, formality: [2, 3],
    tags: ['office', 'preppy', 'elegant', 'contemporary', 'nautical', 'date', 'party'], material: 'wool-blend twill',
    details: ['sharp notch lapels', 'gilt buttons', 'a softly padded shoulder'], price: 2, printable: true, color: 'any',
    flatters: ['rectangle', 'pear', 'apple'] },
  { key: 'denim_jacket', type: 'outerwear', name: 'Classic Denim Jacket', genders: FM, climates: MILD, formality: [1, 2],
    tags: ['denim', 'casual', 'boho', 'hot_pants', 'goingout'], material: 'washed denim',
    details: ['chest flap pockets', 'copper buttons', 'a cropped boxy cut'], price: 1, printable: false, color: 'blue' },
  { key: 'trench', type: 'outerwear', name: 'Belted Trench Coat', genders: FM, climates: COOLER, formality: [2, 3],
    tags: ['office', 'elegant', 'contemporary', 'preppy'], material: 'cotton gabardine',
    details: ['storm flaps', 'a tie belt', 'a knee length'], price: 3, printable: false, color: 'neutral' },
  { key: 'wool_coat', type: 'outerwear', name: 'Tailored Wool Coat', genders: FM, climates: ['cool'], formality: [2, 3],
    tags: ['elegant', 'office', 'contemporary'], material: 'double-faced wool',
    details: ['a long clean line', 'wide lapels'], price: 3, printable: true, color: 'any' },
  { key: 'cardigan', type: 'outerwear', name: 'Button-Up Cardigan', genders: FM, climates: COOLER, formality: [1, 2],
    tags: ['preppy', 'casual', 'playful'], material: 'lambswool knit',
    details: ['pearly buttons', 'ribbed edges'], price: 1, printable: false, color: 'any' },
  { key: 'bomber', type: 'outerwear', name: 'Satin Bomber Jacket', genders: FM, climates: MILD, formality: [1, 2],
    tags: ['casual', 'goingout', 'playful', 'contemporary', 'party'], material: 'lustrous satin',
    details: ['ribbed trims', 'a zip front'], price: 1, printable: true, color: 'any' },
  { key: 'leather_jacket', type: 'outerwear', name: 'Leather Biker Jacket', genders: FM, climates: COOLER, formality: [1, 2],
    tags: ['goingout', 'party', 'contemporary', 'animal'], material: 'supple lambskin leather',
    details: ['an asymmetric zip', 'silver hardware'], price: 3, printable: false, color: 'dark' },
  { key: 'kimono', type: 'outerwear', name: 'Fringed Kimono', genders: F, climates: WARM, formality: [1, 2],
    tags: ['boho', 'beach', 'aquatic'], material: 'sheer georgette',
    details: ['a fringed hem', 'wide drapey sleeves'], price: 1, printable: true, color: 'any' },
  { key: 'track_jacket', type: 'outerwear', name: 'Zip Track Jacket', genders: FM, climates: COOLER, formality: [0, 0],
    tags: ['athleisure'], material: 'technical tricot',
    details: ['contrast side stripes', 'a stand collar'], price: 1, printable: false, color: 'any' },

  // ---- shoes
  { key: 'sneakers', type: 'shoes', name: 'Leather Court Sneakers', genders: FM, climates: ALL, formality: [0, 2],
    tags: ['casual', 'playful', 'denim', 'contemporary', 'goingout', 'lounge'], material: 'smooth leather',
    details: ['a cupsole', 'tonal laces'], price: 1, printable: false, color: 'light' },
  { key: 'running_shoes', type: 'shoes', name: 'Cushioned Running Shoes', genders: FM, climates: ALL, formality: [0, 0],
    tags: ['athleisure'], material: 'engineered mesh',
    details: ['a springy foam midsole', 'a breathable upper'], price: 2, printable: false, color: 'any' },
  { key: 'pumps', type: 'shoes', name: 'Pointed Pumps', genders: F, climates: ALL, formality: [2, 3],
    tags: ['office', 'elegant', 'party', 'date', 'animal'], material: 'patent leather',
    details: ['a pointed toe', 'an 85 mm stiletto heel'], price: 2, printable: true, color: 'any' },
  { key: 'strappy_heels', type: 'shoes', name: 'Strappy Heeled Sandals', genders: F, climates: WARM, formality: [2, 3],
    tags: ['party', 'date', 'elegant', 'yellow'], material: 'metallic leather',
    details: ['barely-there straps', 'a slim heel'], price: 2, printable: false, color: 'any' },
  { key: 'ankle_boots', type: 'shoes', name: { female: 'Block-Heel Ankle Boots', male: 'Suede Chelsea Boots' }, genders: FM, climates: COOLER, formality: [1, 3],
    tags: ['boho', 'goingout', 'animal', 'contemporary', 'denim', 'party'], material: 'suede',
    details: ['elastic side panels', 'a stacked heel'], price: 2, printable: true, color: 'dark' },
  { key: 'knee_boots', type: 'shoes', name: 'Knee-High Boots', genders: F, climates: COOLER, formality: [1, 3],
    tags: ['boho', 'animal', 'party', 'hot_pants'], material: 'soft leather',
    details: ['a slouchy shaft', 'a block heel'], price: 3, printable: false, color: 'dark' },
  { key: 'sandals', type: 'shoes', name: { female: 'Flat Leather Sandals', male: 'Leather Fisherman Sandals' }, genders: FM, climates: HOT, formality: [0, 1],
    tags: ['beach', 'boho', 'aquatic', 'casual'], material: 'vegetable-tanned leather',
    details: ['braided straps', 'a cushioned footbed'], price: 1, printable: false, color: 'neutral' },
  { key: 'espadrilles', type: 'shoes', name: 'Canvas Espadrilles', genders: FM, climates: HOT, formality: [1, 2],
    tags: ['nautical', 'beach', 'aquatic', 'boho'], material: 'cotton canvas and jute',
    details: ['a braided jute sole', 'a slip-on shape'], price: 0, printable: true, color: 'any' },
  { key: 'loafers', type: 'shoes', name: 'Penny Loafers', genders: FM, climates: ALL, formality: [1, 3],
    tags: ['preppy', 'office', 'elegant', 'nautical', 'date'], material: 'polished calf leather',
    details: ['a penny strap', 'a leather sole'], price: 2, printable: false, color: 'dark' },
  { key: 'boat_shoes', type: 'shoes', name: 'Leather Boat Shoes', genders: FM, climates: WARM, formality: [1, 2],
    tags: ['nautical', 'preppy', 'casual'], material: 'oiled leather',
    details: ['rawhide laces', 'a siped rubber sole'], price: 1, printable: false, color: 'neutral' },
  { key: 'slides', type: 'shoes', name: 'Cushioned Slides', genders: FM, climates: WARM, formality: [0, 0],
    tags: ['lounge', 'beach'], material: 'moulded foam',
    details: ['a wide strap', 'a contoured footbed'], price: 0, printable: false, color: 'any' },
  { key: 'platform_sandals', type: 'shoes', name: 'Platform Sandals', genders: F, climates: WARM, formality: [1, 2],
    tags: ['hot_pants', 'party', 'playful', 'boho'], material: 'cork and suede',
    details: ['a 70s platform', 'an ankle strap'], price: 1, printable: false, color: 'any' },
  { key: 'derby_shoes', type: 'shoes', name: 'Leather Derby Shoes', genders: M, climates: ALL, formality: [2, 3],
    tags: ['office', 'elegant', 'date', 'party'], material: 'burnished calf leather',
    details: ['open lacing', 'a Goodyear-welted sole'], price: 2, printable: false, color: 'dark' },

  // ---- accessories
  { key: 'tote', type: 'accessory', name: { female: 'Structured Leather Tote', male: 'Leather Tote Bag' }, genders: FM, climates: ALL, formality: [1, 3],
    tags: ['office', 'casual', 'beach', 'contemporary'], material: 'grained leather',
    details: ['room for a laptop', 'rolled handles'], price: 2, printable: true, color: 'neutral', slot: 'bag' },
  { key: 'clutch', type: 'accessory', name: 'Evening Clutch', genders: F, climates: ALL, formality: [2, 3],
    tags: ['party', 'date', 'elegant', 'animal'], material: 'embellished satin',
    details: ['a magnetic clasp', 'a slim envelope shape'], price: 2, printable: true, color: 'any', slot: 'bag' },
  { key: 'crossbody', type: 'accessory', name: { female: 'Mini Crossbody Bag', male: 'Crossbody Sling Bag' }, genders: FM, climates: ALL, formality: [0, 2],
    tags: ['goingout', 'casual', 'boho', 'playful', 'athleisure', 'denim'], material: 'soft leather',
    details: ['an adjustable strap', 'a zip top'], price: 1, printable: true, color: 'any', slot: 'bag' },
  { key: 'sun_hat', type: 'accessory', name: 'Wide-Brim Straw Hat', genders: F, climates: HOT, formality: [0, 2],
    tags: ['beach', 'boho', 'aquatic', 'nautical'], material: 'woven raffia',
    details: ['a grosgrain band', 'a floppy brim'], price: 1, printable: false, color: 'light', slot: 'head' },
  { key: 'panama_hat', type: 'accessory', name: 'Straw Panama Hat', genders: M, climates: HOT, formality: [1, 2],
    tags: ['beach', 'nautical', 'boho', 'aquatic'], material: 'toquilla straw',
    details: ['a contrast band', 'a pinched crown'], price: 1, printable: false, color: 'light', slot: 'head' },
  { key: 'cap', type: 'accessory', name: 'Baseball Cap', genders: FM, climates: WARM, formality: [0, 1],
    tags: ['athleisure', 'casual', 'playful'], material: 'cotton twill',
    details: ['a curved brim', 'an adjustable strap'], price: 0, printable: false, color: 'any', slot: 'head' },
  { key: 'sunglasses', type: 'accessory', name: { female: 'Cat-Eye Sunglasses', male: 'Classic Sunglasses' }, genders: FM, climates: WARM, formality: [0, 3],
    tags: ['beach', 'goingout', 'playful', 'aquatic', 'contemporary', 'hot_pants', 'yellow'], material: 'acetate',
    details: ['UV400 lenses', 'a bold frame'], price: 1, printable: false, color: 'dark', slot: 'eyes' },
  { key: 'necklace', type: 'accessory', name: 'Layered Pendant Necklace', genders: F, climates: ALL, formality: [1, 3],
    tags: ['date', 'party', 'elegant', 'boho', 'lounge'], material: 'enamelled brass',
    details: ['two delicate layers', 'a coin pendant'], price: 1, printable: false, color: 'metal', slot: 'neck' },
  { key: 'chain', type: 'accessory', name: 'Curb Chain Necklace', genders: M, climates: ALL, formality: [1, 2],
    tags: ['goingout', 'party', 'contemporary'], material: 'polished metal',
    details: ['a chunky curb link'], price: 2, printable: false, color: 'metal', slot: 'neck' },
  { key: 'belt', type: 'accessory', name: 'Leather Belt', genders: FM, climates: ALL, formality: [1, 3],
    tags: ['office', 'preppy', 'denim', 'boho', 'casual'], material: 'bridle leather',
    details: ['a polished buckle'], price: 1, printable: false, color: 'dark', slot: 'waist',
    flatters: ['hourglass', 'rectangle'], avoidFor: ['apple'] },
  { key: 'scarf', type: 'accessory', name: { female: 'Silk Neck Scarf', male: 'Cotton Neckerchief' }, genders: FM, climates: ALL, formality: [1, 3],
    tags: ['nautical', 'preppy', 'elegant'], material: 'silk twill',
    details: ['a jaunty knot', 'hand-rolled edges'], price: 1, printable: true, color: 'any', slot: 'neck' },
  { key: 'watch', type: 'accessory', name: 'Minimalist Watch', genders: FM, climates: ALL, formality: [1, 3],
    tags: ['office', 'elegant', 'contemporary', 'athleisure', 'lounge', 'party', 'date'], material: 'brushed steel',
    details: ['a clean dial', 'a leather strap'], price: 2, printable: false, color: 'any', slot: 'wrist' },
  { key: 'hoops', type: 'accessory', name: 'Hoop Earrings', genders: F, climates: ALL, formality: [1, 3],
    tags: ['party', 'goingout', 'playful', 'boho', 'hot_pants'], material: 'polished metal',
    details: ['a hinged click closure', 'a chunky tube profile'], price: 1, printable: false, color: 'metal', slot: 'ears' },
];

const BY_KEY: ReadonlyMap<GarmentKey, GarmentDef> = new Map(GARMENTS.map((g) => [g.key, g]));

export function garment(key: GarmentKey): GarmentDef {
  const g = BY_KEY.get(key);
  if (!g) throw new Error(`Unknown garment ${key}`);
  return g;
}

export function garmentName(g: GarmentDef, gender: Gender): string {
  return typeof g.name === 'string' ? g.name : g.name[gender];
}

/** Denim is a fabric, not a print: these garments always show the denim texture. */
export const isDenim = (g: GarmentDef): boolean => g.material.includes('denim');
