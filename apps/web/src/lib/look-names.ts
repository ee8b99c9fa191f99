import { GENDER_NAMES, isGender, lookAltText, lookSelectionName } from '@drape/contracts';

/** What a look's name is read from: an outfit, a LookBook look or a wardrobe entry. */
export interface NamedLook {
  gender: string;
  trend: string | null;
  occasion: string | null;
  colorPalette: string | null;
}

export function genderName(gender: string): string {
  return isGender(gender) ? GENDER_NAMES[gender] : gender;
}

/** The trend, palette or occasion the look was made for. */
export function lookName(look: NamedLook): string {
  return lookSelectionName(look, 'Your outfit');
}

/** The picture's alternative text: what it shows, for whom, and its pieces (contracts' lookAltText). */
export function lookAlt(look: NamedLook & { fashionItems?: readonly { name: string; color: string }[] }): string {
  return lookAltText({ name: lookName(look), gender: look.gender, pieces: look.fashionItems });
}
