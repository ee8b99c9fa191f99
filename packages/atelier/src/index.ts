// @drape/atelier: fashion knowledge and the built-in renderer. Pure functions, no I/O.
export { compose } from './compose';
export { combinationCode, parseCombinationCode, selectionOf } from '@drape/contracts';
export type { Look, Piece, Person, HairStyle } from './look';
export { enhancedPrompt, lookPrompt, NEGATIVE_PROMPT } from './prompt';
export { render, watermarkSvg, IMAGE_WIDTH, IMAGE_HEIGHT, type RenderOptions } from './render';
export {
  qualityScore,
  qualityThreshold,
  passesQuality,
  stylistScale,
  QUALITY_GOOD,
  JUDGEMENT_FLOOR,
  type QualityInput,
  type QualityBreakdown,
  type QualityResult,
} from './scoring';
export { judgeLook, noteOf, stylistNote, stylistConcerns, measurePhotoColours, familyOf, type Judgement, type PhotoColours } from './stylist';
export { composeToStandard, COMPOSE_TRIES, trySeed, type ComposedLook } from './compose-to-standard';
export { composeAround, AROUND_TRIES, type OwnedPiece } from './compose-around';
export { safetyVerdict, type SafetyVerdict, type SafetyReason } from './safety';
export { severityLevel, severityRank, SEVERITY_LEVELS, SEVERITY_BANDS, type SeverityLevel, type SeverityBand } from '@drape/contracts';
export { GARMENTS, GARMENT_KEYS, garment, type GarmentDef, type GarmentKey } from './garments';
export { enumerateCombinations, type EnumerateOptions } from './combinations';
export { createRng, hashSeed, type Rng } from './random';
