import type { ColorFamily } from '@drape/contracts';

/** How each LookBook color family is drawn on a dot or chip (the family, not a piece's exact shade). */
export const COLOR_FAMILY_SWATCH: Record<ColorFamily, string> = {
  black: '#1c1b1a', white: '#fbfaf7', gray: '#8d8a86', red: '#c0392b', blue: '#2e6fd8', navy: '#1f2f57',
  green: '#2f8f5b', yellow: '#e8c53a', orange: '#e67e22', purple: '#7d4fb3', pink: '#e58fb1', brown: '#7a4e2d',
  beige: '#d9c4a3', cream: '#f3e9d2', gold: '#c9a227', silver: '#c0c4c8',
};

export function colorFamilyName(family: ColorFamily): string {
  return family.charAt(0).toUpperCase() + family.slice(1);
}
