/** How each LookBook color family is drawn on a dot or chip, and named (one table with the atelier's, in contracts). */
export { COLOR_FAMILY_SWATCH, colorFamilyName } from '@drape/contracts';
