// The composer's second try (issue 19, section 1): a composition the stylist's rules would send
// back is composed again from another seed, before anything is rendered (composing and judging
// cost a third of a millisecond; a render costs a hundred times more). Batches and the starter set
// therefore still fill every combination while the score keeps its meaning.
import type { Combination } from '@drape/contracts';
import { compose } from './compose';
import type { Look } from './look';
import { qualityScore, qualityThreshold } from './scoring';
import { judgeLook, type Judgement } from './stylist/judge';
import { noteOf } from './stylist/note';

/** Compositions tried before the best of them goes to the renderer anyway. */
export const COMPOSE_TRIES = 10;
/** A prime step between the seeds tried, apart from the pipeline's own retry step (7919). */
const TRY_SEED_STEP = 104_729;

export interface ComposedLook {
  readonly look: Look;
  readonly judgement: Judgement;
  /** 'Why this works' (./stylist/note.ts). */
  readonly note: readonly string[];
  /** The quality the look would score drawn perfectly sharp: the render can only lower it. */
  readonly expectedScore: number;
  /** Compositions made: 1 when the first one passed. */
  readonly tries: number;
}

/** The seed of the n-th try (0: the seed asked for): the look records the seed it was composed from. */
export const trySeed = (seed: number, n: number): number => (seed + n * TRY_SEED_STEP) >>> 0;

/**
 * The first composition that reaches the combination's quality threshold, or the best of
 * COMPOSE_TRIES when none does (the pipeline's threshold then refuses its render, as before).
 */
export function composeToStandard(combination: Combination, seed: number): ComposedLook {
  const threshold = qualityThreshold(combination.gender, combination.skinTone);
  let best: Omit<ComposedLook, 'note' | 'tries'> | null = null;
  let tries = 0;
  for (let n = 0; n < COMPOSE_TRIES; n++) {
    tries = n + 1;
    const look = compose(combination, trySeed(seed, n));
    const judgement = judgeLook(look);
    const expectedScore = qualityScore({ look, judgement, sharpness: 1 }).score;
    if (!best || expectedScore > best.expectedScore) best = { look, judgement, expectedScore };
    if (expectedScore >= threshold) break;
  }
  const chosen = best!;
  return { ...chosen, note: noteOf(chosen.look, chosen.judgement), tries };
}
