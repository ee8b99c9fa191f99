import { clsx, type ClassValue } from 'clsx';
import { createTailwindMerge, getDefaultConfig, mergeConfigs } from 'tailwind-merge';

/**
 * tailwind-merge with the theme's own names (tokens.css): `rounded-card` is a radius and
 * `shadow-soft`/`shadow-lift` are shadows, not colours, so they replace `rounded-full`/`shadow-sm`.
 */
const buildConfig = () => mergeConfigs(getDefaultConfig(), { extend: { theme: { radius: ['card'], shadow: ['soft', 'lift'] } } });

let preparedConfig: ReturnType<typeof buildConfig> | null = null;
const merge = createTailwindMerge(() => preparedConfig ?? buildConfig());

/**
 * tailwind-merge builds its tables on its first use: one long task on a phone, in the middle of a
 * screen's first render. A page that starts the app can build them ahead, in two tasks of its own
 * instead (the config, then the class map from it): call this, yield to the browser, then `cn()`.
 */
export function prepareClassMerge(): void {
  preparedConfig ??= buildConfig();
}

/**
 * Joins class names, and a later Tailwind utility replaces an earlier one of the same property
 * (a caller's `px-2` beats the button size's `px-4`): the stylesheet's order would otherwise decide.
 */
export function cn(...values: ClassValue[]): string {
  return merge(clsx(values));
}
