// The stylist's rules (issue 19): each a pure function of the pieces, and their judgement of a look.
export { ciede2000, familyOf, readsAsNeutral, lch, type Lch } from './color-science';
export { paletteFidelity, type PaletteFidelity, type PaletteMatch } from './palette-fidelity';
export { harmony, type Harmony, type HarmonyPiece } from './harmony';
export { skinContrast, type SkinContrast } from './skin-contrast';
export { patternMixing, PRINT_SCALE, type PatternMixing, type PrintScale } from './pattern-mixing';
export { silhouette, type Silhouette, type SilhouettePiece } from './silhouette';
export { occasionFit, type Formality, type OccasionFit } from './occasion-fit';
export { judgeLook, RULE_WEIGHTS, type Judgement, type Rule } from './judge';
export { NOTE_MIN_REASONS, noteOf, pieceLabel, stylistNote } from './note';
export { stylistConcerns } from './concerns';
export { measurePhotoColours, type PhotoColour, type PhotoColours } from './photo-colours';
