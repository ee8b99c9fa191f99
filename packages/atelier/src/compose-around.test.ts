import { describe, expect, it } from 'vitest';
import type { Combination } from '@drape/contracts';
import { AROUND_TRIES, composeAround, placeOwned, type OwnedPiece } from './compose-around';
import type { Piece } from './look';
import { compose } from './compose';
import { garment } from './garments';
import { judgeLook } from './stylist/judge';

const redTop: OwnedPiece = { id: 'p-top', name: 'Red top', category: 'top', colorHex: '#C62828', colorFamily: 'red', pattern: 'solid' };
const navyDress: OwnedPiece = { id: 'p-dress', name: 'Navy dress', category: 'dress', colorHex: '#1F2A44', colorFamily: 'navy', pattern: 'solid' };
const stripedBag: OwnedPiece = { id: 'p-bag', name: 'Striped bag', category: 'bag', colorHex: '#F2E8D5', colorFamily: 'cream', pattern: 'patterned' };
const coat: OwnedPiece = { id: 'p-coat', name: 'Camel coat', category: 'outerwear', colorHex: '#B08150', colorFamily: 'brown', pattern: 'solid' };

const owned = (pieces: readonly Piece[]) => pieces.filter((p) => p.owned);

describe('composeAround', () => {
  const combos: Combination[] = [
    { gender: 'female', trend: 'boho_chic' },
    { gender: 'male', occasion: 'office', skinTone: 'deep' },
    { gender: 'female', occasion: 'beach' },
    { gender: 'female', palette: 'ocean_depths', bodyShape: 'pear' },
  ];

  it('puts each owned piece in as itself: its category, its measured colour, solid or patterned', () => {
    for (const c of combos) {
      for (const mine of [[redTop], [stripedBag, coat], [navyDress]] as const) {
        const { look } = composeAround(c, 7, mine);
        const worn = owned(look.pieces);
        expect(worn.map((p) => p.owned).sort()).toEqual(mine.map((m) => m.id).sort());
        for (const m of mine) {
          const p = worn.find((w) => w.owned === m.id)!;
          expect(p.type).toBe(m.category === 'bag' ? 'accessory' : m.category);
          expect(p.color.hex).toBe(m.colorHex);
          expect(p.color.family).toBe(m.colorFamily);
          expect(p.name).toBe(m.name);
          expect(p.pattern === null).toBe(m.pattern === 'solid');
          if (m.category === 'bag') expect(garment(p.key).slot).toBe('bag');
          expect(garment(p.key).type).toBe(p.type);
        }
        // Never two pieces of one kind where a body has room for one.
        for (const type of ['top', 'bottom', 'dress', 'outerwear', 'shoes'] as const) expect(look.pieces.filter((p) => p.type === type).length).toBeLessThanOrEqual(1);
        expect(look.pieces.some((p) => p.type === 'dress') && look.pieces.some((p) => p.type === 'top')).toBe(false);
      }
    }
  });

  it('keeps the proposal the rules judge best among those with room for the pieces', () => {
    const c = combos[0]!;
    const { look, judgement } = composeAround(c, 3, [redTop]);
    expect(judgement).toEqual(judgeLook(look));
    for (let n = 0; n < AROUND_TRIES; n++) {
      const placed = placeOwned(compose(c, (3 + n * 104_729) >>> 0), [redTop]);
      if (placed.fits) expect(judgeLook(placed.look).score).toBeLessThanOrEqual(judgement.score + 1e-9);
    }
  });

  it("puts a dress in place of the separates when the brief's looks have none", () => {
    const { look } = composeAround({ gender: 'male', trend: 'preppy' }, 1, [navyDress]);
    expect(look.pieces.filter((p) => p.type === 'dress')).toHaveLength(1);
    expect(look.pieces.some((p) => p.type === 'top' || p.type === 'bottom')).toBe(false);
  });

  it('says first how the rest was chosen around the piece, then three reasons or more', () => {
    const { note } = composeAround(combos[1]!, 2, [redTop]);
    expect(note[0]).toMatch(/^Built around your red top; .* chosen to go with it/);
    expect(note.length).toBeGreaterThanOrEqual(3);
    expect(note.length).toBeLessThanOrEqual(5);
  });

  it('is deterministic', () => {
    expect(composeAround(combos[2]!, 9, [coat])).toEqual(composeAround(combos[2]!, 9, [coat]));
  });
});

describe('a look around owned pieces and the safety checks', () => {
  it("passes them in every kind of brief: the owned piece's colour and cut are the user's, not the brief's", async () => {
    const { safetyVerdict } = await import('./safety');
    const briefs: Combination[] = [
      { gender: 'female', palette: 'ocean_depths' }, { gender: 'male', palette: 'sunset_sorbet' }, { gender: 'female', trend: 'hot_pants_revival' },
      { gender: 'male', occasion: 'beach' }, { gender: 'female', occasion: 'office' },
    ];
    for (const c of briefs) {
      for (const m of [redTop, navyDress, stripedBag, coat, { ...redTop, id: 'p-b', category: 'bottom' as const }]) {
        const { look } = composeAround(c, 5, [m]);
        expect(safetyVerdict(look), `${JSON.stringify(c)} ${m.category}`).toMatchObject({ safe: true });
      }
    }
  });
});
