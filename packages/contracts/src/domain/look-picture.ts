import { isGender } from './catalog';

/**
 * How a look's picture is presented wherever it is shown: its files' sizes (the srcset's width
 * descriptors), its visible 'AI-generated' label and its alternative text.
 */

/** Every look has a 384x512 thumbnail beside its full picture (768x1024 from the built-in renderer). */
export const THUMB_WIDTH = 384;
export const THUMB_HEIGHT = 512;

/** The visible label on a generated picture (EU AI Act Art. 50: a visible mark beside the machine-readable one). */
export const AI_GENERATED_LABEL = 'AI-generated';

/** What a look's alternative text is read from. */
export interface AltLook {
  /** The trend, palette or occasion the look was made for (looks have no name of their own). */
  name: string | null | undefined;
  gender: string;
  pieces?: readonly { name: string; color?: string | null }[];
}

const WHO: Record<string, string> = { female: 'women', male: 'men' };

/** A piece as a sentence names it: 'navy blazer' ('Indigo Denim Jeans' stays as it is, colour and all). */
function pieceWords(piece: { name: string; color?: string | null }): string {
  const name = piece.name.trim().toLowerCase();
  const color = piece.color?.trim().toLowerCase();
  return color && !name.includes(color) ? `${color} ${name}` : name;
}

/** The name a look goes by: its selection's (looks have no name of their own), else `fallback`. */
export function lookSelectionName(look: { trend?: string | null; colorPalette?: string | null; occasion?: string | null }, fallback: string): string {
  return look.trend ?? look.colorPalette ?? look.occasion ?? fallback;
}

/**
 * A look picture's alternative text: what it is and for whom, then its pieces, e.g.
 * 'Office look for women: navy blazer, white shirt, grey trousers'.
 */
export function lookAltText(look: AltLook): string {
  const name = look.name?.trim() || 'Outfit';
  const who = isGender(look.gender) ? ` for ${WHO[look.gender]}` : '';
  const pieces = (look.pieces ?? []).filter((p) => p.name.trim()).map(pieceWords);
  return `${name} look${who}${pieces.length ? `: ${pieces.join(', ')}` : ''}`;
}
