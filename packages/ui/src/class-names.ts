import { clsx, type ClassValue } from 'clsx';
import { extendTailwindMerge } from 'tailwind-merge';

/**
 * tailwind-merge with the theme's own names (tokens.css): `rounded-card` is a radius and
 * `shadow-soft`/`shadow-lift` are shadows, not colours, so they replace `rounded-full`/`shadow-sm`.
 */
const merge = extendTailwindMerge({
  extend: {
    theme: {
      radius: ['card'],
      shadow: ['soft', 'lift'],
    },
  },
});

/**
 * Joins class names, and a later Tailwind utility replaces an earlier one of the same property
 * (a caller's `px-2` beats the button size's `px-4`): the stylesheet's order would otherwise decide.
 */
export function cn(...values: ClassValue[]): string {
  return merge(clsx(values));
}
