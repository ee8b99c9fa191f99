// 'Why this works' (issue 19, section 2): a stylist's short note on a look, built from what the
// rules found, each reason naming the pieces it is about. Deterministic: the same look and
// judgement give the same note, with no model behind it. Only what the rules found good is said.
import type { BodyShapeId, PatternKey } from '@drape/contracts';
import type { Look, Piece } from '../look';
import { formalityFor } from '../settings';
import type { Judgement } from './judge';
import { list, sentence } from './prose';

/** The fewest reasons a note gives. */
export const NOTE_MIN_REASONS = 3;
const NOTE_MAX_REASONS = 5;

/** What the pieces that flatter a shape do for it: said of one piece, and of several. */
const SHAPE_EFFECT: Readonly<Record<BodyShapeId, readonly [one: string, several: string]>> = {
  hourglass: ['follows the waist of an hourglass shape', 'follow the waist of an hourglass shape'],
  pear: ['balances the hips of a pear shape', 'balance the hips of a pear shape'],
  rectangle: ['gives a rectangle shape a waist', 'give a rectangle shape a waist'],
  apple: ['draws the eye up and lengthens an apple shape', 'draw the eye up and lengthen an apple shape'],
  inverted_triangle: ['balances the shoulders of an inverted triangle shape', 'balance the shoulders of an inverted triangle shape'],
};

const FORMALITY_WORDS = ['relaxed', 'casual', 'smart', 'dressy'] as const;

const PRINT_NAMES: Readonly<Partial<Record<PatternKey, string>>> = {
  florals: 'floral', animal: 'animal', dots: 'polka-dot', check: 'check', waves: 'wave', stripes: 'striped', retro: 'retro',
};

/** "the terracotta floral mini dress": a piece as a sentence names it. */
export function pieceLabel(piece: Piece): string {
  const name = piece.name.toLowerCase();
  const color = piece.color.name.toLowerCase();
  return `the ${name.includes(color) ? name : `${color} ${name}`}`;
}


function colourReasons(look: Look, j: Judgement): string[] {
  const { pieces } = look;
  const reasons: string[] = [];
  const { accents, neutrals } = j.harmony;
  if (accents.length === 1 && neutrals.length > 0) {
    const accent = accents[0]!;
    reasons.push(sentence(`${list(accent.pieces.map((i) => pieceLabel(pieces[i]!)))} ${accent.pieces.length > 1 ? 'carry' : 'carries'} the one accent colour, ${accent.color.name.toLowerCase()}; ${list(neutrals.map((i) => pieceLabel(pieces[i]!)))} in neutrals let it lead`));
  } else if (accents.length === 2 && neutrals.length > 0) {
    const [a, b] = accents as [(typeof accents)[number], (typeof accents)[number]];
    reasons.push(sentence(`Two accents, ${a.color.name.toLowerCase()} and ${b.color.name.toLowerCase()}, are grounded by ${list(neutrals.map((i) => pieceLabel(pieces[i]!)))}`));
  } else if (accents.length === 0 && neutrals.length > 1) {
    reasons.push(sentence(`A quiet look in neutrals: ${list(neutrals.map((i) => pieceLabel(pieces[i]!)))} go with each other and with anything`));
  }
  const shades = j.palette.matches.filter((m) => m.fidelity > 0 && m.distance > 5);
  const exact = j.palette.matches.filter((m) => m.distance <= 5);
  if (exact.length >= 2) {
    reasons.push(sentence(`${list(exact.slice(0, 3).map((m) => pieceLabel(pieces[m.piece]!)))} keep to the ${look.palette.name} palette`));
  }
  const shade = shades[0];
  if (shade) reasons.push(sentence(`${pieceLabel(pieces[shade.piece]!)} picks up the palette's ${shade.nearest.name.toLowerCase()} in a shade of its own`));
  return reasons;
}

function separationReason(look: Look, j: Judgement): string | null {
  if (j.harmony.separation < 0.99) return null;
  const at = (type: Piece['type']) => look.pieces.find((p) => p.type === type);
  const under = at('top') ?? at('dress');
  const against = at('bottom') ?? at('outerwear');
  if (!under || !against) return null;
  return sentence(`${pieceLabel(under)} stands apart from ${pieceLabel(against)}, so each piece reads on its own`);
}

function printReason(look: Look, j: Judgement): string | null {
  const printed = j.patterns.printed.map((i) => look.pieces[i]!);
  const name = (p: Piece) => PRINT_NAMES[p.pattern!] ?? 'printed';
  switch (j.patterns.verdict) {
    case 'one print':
      return sentence(`${pieceLabel(printed[0]!)} carries the ${name(printed[0]!)} print and everything else is plain, so the print leads`);
    case 'matching prints':
      return sentence(`The ${name(printed[0]!)} print repeats on ${list(printed.map(pieceLabel))}, a matching set`);
    case 'scales mixed':
      return sentence(`The ${name(printed[0]!)} and ${name(printed[1]!)} prints mix because their scales differ`);
    default:
      return null;
  }
}

function shapeReason(look: Look, j: Judgement): string | null {
  const flattering = j.silhouette.flattering.map((i) => look.pieces[i]!);
  if (flattering.length === 0) return null;
  const [one, several] = SHAPE_EFFECT[look.model.bodyShape];
  return sentence(`${list(flattering.map(pieceLabel))} ${flattering.length > 1 ? several : one}`);
}

function occasionReason(look: Look, j: Judgement, formality: readonly [number, number]): string | null {
  if (!j.occasion.coherent || j.occasion.outOfRegister.length > 0) return null;
  const words = formality[0] === formality[1] ? FORMALITY_WORDS[formality[0]]! : `${FORMALITY_WORDS[formality[0]]} to ${FORMALITY_WORDS[formality[1]]}`;
  return sentence(`Every piece sits in ${look.title}'s ${words} register`);
}

function skinReason(look: Look, j: Judgement): string | null {
  if (j.skin.piece === null || j.skin.score < 0.7) return null;
  return sentence(`${pieceLabel(look.pieces[j.skin.piece]!)} frames the face without washing out ${look.model.skinTone} skin`);
}

/**
 * The note: colour first (the accents and neutrals, the palette, how the pieces stand apart), then
 * the print, the shape, the occasion and the skin; at least NOTE_MIN_REASONS reasons, at most five.
 */
export function stylistNote(look: Look, j: Judgement, formality: readonly [number, number]): string[] {
  const reasons = [
    ...colourReasons(look, j),
    separationReason(look, j),
    printReason(look, j),
    shapeReason(look, j),
    occasionReason(look, j, formality),
    skinReason(look, j),
  ].filter((r): r is string => r !== null);
  // Fewer than three: what finishes the look, then the palette's colours that run through it.
  const finish = look.pieces.filter((p) => p.type === 'shoes' || p.type === 'accessory');
  if (reasons.length < NOTE_MIN_REASONS && finish.length > 0) reasons.push(sentence(`${list(finish.map(pieceLabel))} finish the look`));
  const used = [...new Set(j.palette.matches.filter((m) => m.fidelity >= 0.8).map((m) => m.nearest.name.toLowerCase()))];
  if (reasons.length < NOTE_MIN_REASONS && used.length >= 2) reasons.push(sentence(`The ${look.palette.name} palette's ${list(used)} run through the look, piece to piece`));
  return reasons.slice(0, NOTE_MAX_REASONS);
}

/** The note of a look as the pipeline writes it: the brief's formality from its combination. */
export const noteOf = (look: Look, j: Judgement): string[] => stylistNote(look, j, formalityFor(look.combination));
