import { describe, expect, it } from 'vitest';
import type { Combination } from '@drape/contracts';
import { compose } from './compose';
import { COMPOSE_TRIES, composeToStandard, trySeed } from './compose-to-standard';
import { qualityScore, qualityThreshold } from './scoring';
import { NOTE_MIN_REASONS } from './stylist/note';

const combos: Combination[] = [
  { gender: 'female', trend: 'boho_chic', skinTone: 'fair' },
  { gender: 'male', occasion: 'office', skinTone: 'deep' },
  { gender: 'female', palette: 'botanic_pop', bodyShape: 'pear' },
  { gender: 'male', trend: 'preppy' },
];

describe('composeToStandard', () => {
  it('keeps the first composition when it reaches the threshold', () => {
    for (const c of combos) {
      for (let seed = 0; seed < 30; seed++) {
        const first = compose(c, seed);
        if (qualityScore({ look: first, sharpness: 1 }).score < qualityThreshold(c.gender, c.skinTone)) continue;
        const chosen = composeToStandard(c, seed);
        expect(chosen.tries).toBe(1);
        expect(chosen.look).toEqual(first);
      }
    }
  });

  it('composes again from another seed when the first falls short, and records that seed', () => {
    let retried = 0;
    for (const c of combos) {
      for (let seed = 0; seed < 40; seed++) {
        const chosen = composeToStandard(c, seed);
        const threshold = qualityThreshold(c.gender, c.skinTone);
        if (chosen.tries === 1) continue;
        retried++;
        expect(qualityScore({ look: compose(c, seed), sharpness: 1 }).score).toBeLessThan(threshold);
        expect(chosen.look.seed).toBe(trySeed(seed, chosen.tries - 1));
        expect(chosen.look).toEqual(compose(c, chosen.look.seed));
        if (chosen.tries < COMPOSE_TRIES) expect(chosen.expectedScore).toBeGreaterThanOrEqual(threshold);
      }
    }
    expect(retried).toBeGreaterThan(0);
  });

  it('writes the chosen look a note of three reasons or more', () => {
    for (const c of combos) {
      const chosen = composeToStandard(c, 11);
      expect(chosen.note.length).toBeGreaterThanOrEqual(NOTE_MIN_REASONS);
    }
  });
});
