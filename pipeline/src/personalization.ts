import { createRng } from '@drape/atelier';
import { BODY_SHAPES, SKIN_TONES, STYLE_VIBES, selectionField, selectionOf, type Combination } from '@drape/contracts';
import type { GenerateJobData } from '@drape/jobs';

/**
 * Every stored image belongs to a fully specified combination: what a request leaves open
 * (an Enthusiast sets no personalization) is chosen from the seed among the generator's values.
 */
export function resolveCombination(data: GenerateJobData, seed: number): Combination {
  const rng = createRng(seed ^ 0x5bd1e995);
  return {
    ...selectionField(selectionOf(data)),
    gender: data.gender,
    styleVibe: data.styleVibe ?? rng.pick(STYLE_VIBES).id,
    bodyShape: data.bodyShape ?? rng.pick(BODY_SHAPES.filter((b) => b.inGenerator)).id,
    skinTone: data.skinTone ?? rng.pick(SKIN_TONES).id,
  };
}
