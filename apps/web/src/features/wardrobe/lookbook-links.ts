import type { ColorFamily } from '@drape/contracts';
import { MAX_COLOR_CHIPS, type LookView } from '@drape/contracts/looks';
import { routes } from '../../lib/routes';

/** The look's color chips: its colors in piece order, each once, at most MAX_COLOR_CHIPS (user-area §2, §9). */
export function colorChips(colors: readonly ColorFamily[], max: number = MAX_COLOR_CHIPS): ColorFamily[] {
  return [...new Set(colors)].slice(0, max);
}

/** user-area §2 Wardrobe: the trend chip opens the LookBook with the look's gender and trend. */
export function lookbookTrendPath(look: Pick<LookView, 'gender' | 'selection'>): string {
  return routes.lookbook({ gender: look.gender, trend: look.selection.id });
}

/** user-area §2 Wardrobe: a color chip opens the LookBook with the look's gender and that color. */
export function lookbookColorPath(look: Pick<LookView, 'gender'>, color: ColorFamily): string {
  return routes.lookbook({ gender: look.gender, color });
}
