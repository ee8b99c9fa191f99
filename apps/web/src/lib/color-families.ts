import type { ColorFamily } from '@drape/contracts';

/** How each LookBook color family is drawn on a dot or chip (one table with the atelier's, in contracts). */
export { COLOR_FAMILY_SWATCH } from '@drape/contracts';

export function colorFamilyName(family: ColorFamily): string {
  return family.charAt(0).toUpperCase() + family.slice(1);
}
