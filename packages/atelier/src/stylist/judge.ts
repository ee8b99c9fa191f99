// A stylist's judgement of a composed look (issue 19, section 1): every rule of this folder applied
// to the look, each a 0..1 score with what it found, and their weighted sum. The weights say what a
// stylist looks at first: the colours (palette and harmony), then whether it suits the occasion,
// then prints, the wearer's shape and skin.
import { SKIN_TONES } from '@drape/contracts';
import { garment } from '../garments';
import type { Look } from '../look';
import { formalityFor } from '../settings';
import { harmony, type Harmony } from './harmony';
import { occasionFit, type OccasionFit } from './occasion-fit';
import { paletteFidelity, type PaletteFidelity } from './palette-fidelity';
import { patternMixing, type PatternMixing } from './pattern-mixing';
import { silhouette, type Silhouette } from './silhouette';
import { skinContrast, type SkinContrast } from './skin-contrast';

export interface Judgement {
  /** The weighted sum of the rules, 0..1. */
  readonly score: number;
  readonly palette: PaletteFidelity;
  readonly harmony: Harmony;
  readonly occasion: OccasionFit;
  readonly patterns: PatternMixing;
  readonly silhouette: Silhouette;
  readonly skin: SkinContrast;
}

export type Rule = Exclude<keyof Judgement, 'score'>;

export const RULE_WEIGHTS: Readonly<Record<Rule, number>> = {
  palette: 0.25,
  harmony: 0.2,
  occasion: 0.2,
  patterns: 0.15,
  silhouette: 0.1,
  skin: 0.1,
};

export function judgeLook(look: Look): Judgement {
  const defs = look.pieces.map((p) => garment(p.key));
  const skinHex = SKIN_TONES.find((t) => t.id === look.model.skinTone)?.hex ?? SKIN_TONES[1].hex;
  const rules = {
    palette: paletteFidelity(look.pieces, look.palette.colors),
    harmony: harmony(look.pieces),
    occasion: occasionFit(defs, formalityFor(look.combination)),
    patterns: patternMixing(look.pieces),
    silhouette: silhouette(defs, look.model.bodyShape),
    skin: skinContrast(look.pieces, skinHex),
  };
  const score = (Object.keys(RULE_WEIGHTS) as Rule[]).reduce((sum, rule) => sum + rules[rule].score * RULE_WEIGHTS[rule], 0);
  return { score, ...rules };
}
