import { describe, expect, it } from 'vitest';
import { enumerateCombinations } from '../combinations';
import { compose } from '../compose';
import { isConcern, stylistConcerns } from './concerns';
import { judgeLook, RULE_WEIGHTS, type Rule } from './judge';

describe('stylistConcerns', () => {
  const looks = enumerateCombinations({}).slice(0, 600).map((c, i) => compose(c, i));

  it('says nothing of a look every rule passes, and one sentence per rule under 0.8 (the silhouette only for a piece against the shape)', () => {
    for (const look of looks) {
      const j = judgeLook(look);
      const weak = (Object.keys(RULE_WEIGHTS) as Rule[]).filter((r) => j[r].score < 0.8 && (r !== 'silhouette' || j.silhouette.unflattering.length > 0));
      expect(weak.every((r) => isConcern(j, r))).toBe(true);
      const said = stylistConcerns(look, j);
      expect(said).toHaveLength(weak.length);
      for (const s of said) expect(s).toMatch(/^[A-Z0-9].*\.$/);
    }
  });

  it('names the piece that washes out the face', () => {
    const look = looks.find((l) => judgeLook(l).skin.score === 0)!;
    const j = judgeLook(look);
    const framing = look.pieces[j.skin.piece!]!;
    expect(stylistConcerns(look, j).join(' ')).toContain(framing.name.toLowerCase().split(' ').at(-1)!);
    expect(stylistConcerns(look, j).join(' ')).toContain('washes out the face');
  });

  it('says "an" before a shape that starts with a vowel sound', () => {
    const look = looks.find((l) => l.model.bodyShape === 'apple' && judgeLook(l).silhouette.unflattering.length > 0);
    if (look) expect(stylistConcerns(look, judgeLook(look)).join(' ')).toContain('against an apple shape');
    for (const l of looks) expect(stylistConcerns(l, judgeLook(l)).join(' ')).not.toMatch(/\ba (apple|hourglass|inverted)/);
  });

  it('puts the costliest rule first', () => {
    const look = looks.find((l) => stylistConcerns(l, judgeLook(l)).length >= 2)!;
    const j = judgeLook(look);
    const cost = (r: Rule) => (1 - j[r].score) * RULE_WEIGHTS[r];
    const weak = (Object.keys(RULE_WEIGHTS) as Rule[]).filter((r) => isConcern(j, r)).sort((a, b) => cost(b) - cost(a));
    expect(weak.length).toBeGreaterThanOrEqual(2);
    expect(cost(weak[0]!)).toBeGreaterThanOrEqual(cost(weak[1]!));
  });
});
