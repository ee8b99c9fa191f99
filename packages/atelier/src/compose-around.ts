// A look built around the user's own pieces (issue 19, section 4). Each owned piece goes into the
// look as itself: its category, its measured colour, solid or patterned, drawn in the shape of a
// garment of its category that suits the brief. The rest of the look is chosen by the stylist's
// rules: the composer proposes looks for the combination, each with the owned pieces put in, and
// the one the rules judge best is kept.
import { colorFamilyName, type ColorFamily, type Combination, type PatternKey, type PieceType } from '@drape/contracts';
import { compose } from './compose';
import { trySeed, type ComposedLook } from './compose-to-standard';
import { GARMENTS, garment, type GarmentDef, type GarmentKey } from './garments';
import { colorsOf, type Look, type Piece } from './look';
import { qualityScore } from './scoring';
import { formalityFor } from './settings';
import { judgeLook } from './stylist/judge';
import { noteOf, pieceLabel } from './stylist/note';

/** What the closet knows of a piece (packages/contracts closet: the user's category, the measured rest). */
export interface OwnedPiece {
  readonly id: string;
  readonly name: string;
  readonly category: 'top' | 'bottom' | 'dress' | 'outerwear' | 'shoes' | 'bag' | 'accessory';
  readonly colorHex: string;
  readonly colorFamily: ColorFamily;
  readonly pattern: 'solid' | 'patterned';
}

/** Proposals judged: more than the standard's, since each must also make room for the owned pieces. */
export const AROUND_TRIES = 24;
/** The print a patterned piece is drawn with when the brief has none of its own: the measure says 'patterned', not which print. */
const GENERIC_PRINT: PatternKey = 'check';
const PRINTS: ReadonlySet<PatternKey> = new Set(['florals', 'animal', 'dots', 'check', 'waves', 'stripes', 'retro']);

const typeOf = (category: OwnedPiece['category']): PieceType => (category === 'bag' ? 'accessory' : category);

/** The owned piece in the look, drawn in the shape of `key`. */
function ownedAs(owned: OwnedPiece, key: GarmentKey, look: Look, priceRange: Piece['priceRange']): Piece {
  const family = owned.colorFamily;
  const pattern = owned.pattern === 'patterned' ? (look.pattern && PRINTS.has(look.pattern) ? look.pattern : GENERIC_PRINT) : null;
  return {
    key,
    name: owned.name,
    type: typeOf(owned.category),
    color: { name: colorFamilyName(family), hex: owned.colorHex as `#${string}`, family },
    pattern,
    description: `Your own ${owned.name.toLowerCase()}, from My Pieces.`,
    priceRange,
    owned: owned.id,
  };
}

/** A garment of the category for the brief, when the proposal has none to take the shape of. */
function shapeFor(category: OwnedPiece['category'], look: Look): GarmentDef {
  const type = typeOf(category);
  const brief = formalityFor(look.combination);
  const all = GARMENTS.filter((g) => g.type === type && (category !== 'bag' || g.slot === 'bag') && (category !== 'accessory' || g.slot !== 'bag'));
  const mine = all.filter((g) => g.genders.includes(look.combination.gender));
  const pool = mine.length > 0 ? mine : all;
  return pool.find((g) => g.formality[0] <= brief[1] && brief[0] <= g.formality[1]) ?? pool[0]!;
}

/** Where an owned piece goes in a proposal: the index of the piece it takes the place of, or -1 to add it. */
function placeOf(pieces: readonly Piece[], owned: OwnedPiece): number {
  return pieces.findIndex((p) => {
    if (p.owned) return false;
    if (owned.category === 'bag') return p.type === 'accessory' && garment(p.key).slot === 'bag';
    if (owned.category === 'accessory') return p.type === 'accessory' && garment(p.key).slot !== 'bag';
    return p.type === owned.category;
  });
}

/**
 * The proposal with the owned pieces put in, and whether it had a place for each as it was (a
 * dress for a dress, a top and a bottom for either). A dress owned in a look of separates takes
 * their place; a top or bottom owned in a dress look takes the dress's, and the look then misses
 * its other half (the rules mark it incomplete, so such proposals lose to any that fit).
 */
export function placeOwned(look: Look, owned: readonly OwnedPiece[]): { look: Look; fits: boolean } {
  let pieces: Piece[] = [...look.pieces];
  let fits = true;
  for (const o of owned) {
    const at = placeOf(pieces, o);
    if (at >= 0) {
      pieces[at] = ownedAs(o, pieces[at]!.key, look, pieces[at]!.priceRange);
      continue;
    }
    fits = false;
    const shape = shapeFor(o.category, look);
    const dress = pieces.findIndex((p) => p.type === 'dress' && !p.owned);
    if (o.category === 'dress') {
      // The dress replaces the separates (not an owned one).
      const first = pieces.findIndex((p) => (p.type === 'top' || p.type === 'bottom') && !p.owned);
      if (pieces.some((p) => (p.type === 'top' || p.type === 'bottom') && p.owned)) continue;
      pieces = pieces.filter((p) => p.type !== 'top' && p.type !== 'bottom');
      pieces.splice(Math.max(0, first), 0, ownedAs(o, shape.key, look, 'mid-range'));
    } else if ((o.category === 'top' || o.category === 'bottom') && dress >= 0) {
      pieces[dress] = ownedAs(o, shape.key, look, pieces[dress]!.priceRange);
    } else {
      const shoes = pieces.findIndex((p) => p.type === 'shoes');
      pieces.splice(o.category === 'outerwear' && shoes >= 0 ? shoes : pieces.length, 0, ownedAs(o, shape.key, look, 'mid-range'));
    }
  }
  return { look: { ...look, pieces, colorsUsed: colorsOf(pieces), tucked: look.tucked && pieces.some((p) => p.type === 'top') && pieces.some((p) => p.type === 'bottom') }, fits };
}

/** The note's first reason: how the rest was chosen around the owned pieces. */
function aroundReason(look: Look): string {
  const mine = look.pieces.filter((p) => p.owned);
  const rest = look.pieces.filter((p) => !p.owned && (p.type === 'top' || p.type === 'bottom' || p.type === 'dress' || p.type === 'outerwear'));
  const names = mine.map((p) => `your ${p.name.toLowerCase()}`);
  const lead = names.length > 1 ? `${names[0]} and ${names[1]}` : names[0];
  const around = rest.length > 0 ? `; ${rest.map(pieceLabel).join(' and ')} ${rest.length > 1 ? 'were' : 'was'} chosen to go with ${mine.length > 1 ? 'them' : 'it'} in ${look.palette.name}'s colours` : '';
  return `Built around ${lead}${around}.`;
}

/**
 * The look around the owned pieces (at most two): the proposal the rules judge best among those
 * with a place for every owned piece (any proposal when none has), with a note whose first reason
 * says how the rest was chosen around them.
 */
export function composeAround(combination: Combination, seed: number, owned: readonly OwnedPiece[]): ComposedLook {
  let best: { look: Look; judgement: ReturnType<typeof judgeLook>; fits: boolean; tries: number } | null = null;
  for (let n = 0; n < AROUND_TRIES; n++) {
    const placed = placeOwned(compose(combination, trySeed(seed, n)), owned);
    const judgement = judgeLook(placed.look);
    const better = !best || (placed.fits && !best.fits) || (placed.fits === best.fits && judgement.score > best.judgement.score);
    if (better) best = { look: placed.look, judgement, fits: placed.fits, tries: n + 1 };
  }
  const chosen = best!;
  const note = [aroundReason(chosen.look), ...noteOf(chosen.look, chosen.judgement)].slice(0, 5);
  return { look: chosen.look, judgement: chosen.judgement, note, expectedScore: qualityScore({ look: chosen.look, judgement: chosen.judgement, sharpness: 1 }).score, tries: AROUND_TRIES };
}
