import { createRng } from '@drape/atelier';
import { BODY_SHAPES, SKIN_TONES, STYLE_VIBES, type Combination, type GenerateJobData, type Selection } from '@drape/contracts';

/**
 * Every stored image belongs to a fully specified combination: what a request leaves open
 * (an Enthusiast sets no personalization) is chosen from the seed among the generator's values.
 */
export function resolveCombination(data: GenerateJobData, seed: number): Combination {
  const rng = createRng(seed ^ 0x5bd1e995);
  const selection: Selection = data.trend ? { trend: data.trend } : data.palette ? { palette: data.palette } : { occasion: data.occasion! };
  return {
    ...selection,
    gender: data.gender,
    styleVibe: data.styleVibe ?? rng.pick(STYLE_VIBES).id,
    bodyShape: data.bodyShape ?? rng.pick(BODY_SHAPES.filter((b) => b.inGenerator)).id,
    skinTone: data.skinTone ?? rng.pick(SKIN_TONES).id,
  };
}
