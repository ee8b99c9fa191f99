import type { Combination } from '@drape/contracts';
import { describe, expect, it } from 'vitest';
import { enumerateCombinations } from '../combinations';
import { compose } from '../compose';
import { formalityFor } from '../settings';
import { judgeLook } from './judge';
import { NOTE_MIN_REASONS, pieceLabel, stylistNote } from './note';

const noteOf = (c: Combination, seed: number | string) => {
  const look = compose(c, seed);
  return { look, note: stylistNote(look, judgeLook(look), formalityFor(c)) };
};

describe('stylistNote', () => {
  // Every 10th combination of the matrix: 240 looks of every kind.
  const sample = enumerateCombinations().filter((_, i) => i % 10 === 0).map((c, i) => noteOf(c, i));

  it('gives at least three reasons and at most five, each a sentence', () => {
    for (const { note } of sample) {
      expect(note.length).toBeGreaterThanOrEqual(NOTE_MIN_REASONS);
      expect(note.length).toBeLessThanOrEqual(5);
      for (const reason of note) expect(reason).toMatch(/^[A-Z].*\.$/);
    }
  });

  it('names the pieces it is about: most reasons name a piece of the look', () => {
    for (const { look, note } of sample) {
      const labels = look.pieces.map(pieceLabel);
      const naming = note.filter((r) => labels.some((l) => r.toLowerCase().includes(l)));
      expect(naming.length).toBeGreaterThanOrEqual(2);
    }
  });

  it('is the same for the same look', () => {
    const c = { gender: 'female', occasion: 'date' } satisfies Combination;
    expect(noteOf(c, 11).note).toEqual(noteOf(c, 11).note);
  });

  it('says what the rules found: a print-led trend look names its print, an office look its register', () => {
    const boho = noteOf({ gender: 'female', trend: 'boho_chic' }, 4);
    expect(boho.note.some((r) => /floral print/.test(r))).toBe(true);
    const office = Array.from({ length: 5 }, (_, seed) => noteOf({ gender: 'male', occasion: 'office' }, seed).note).flat();
    expect(office.some((r) => /Office's smart/.test(r))).toBe(true);
  });

  it('labels a piece by its colour and name, without saying the colour twice', () => {
    const { look } = noteOf({ gender: 'female', trend: 'boho_chic' }, 4);
    const dress = look.pieces.find((p) => p.type === 'dress')!;
    expect(pieceLabel(dress)).toBe(`the ${dress.color.name.toLowerCase()} ${dress.name.toLowerCase()}`);
    expect(pieceLabel({ ...dress, name: 'Cream Canvas Espadrilles', color: { ...dress.color, name: 'cream' } })).toBe('the cream canvas espadrilles');
  });
});
