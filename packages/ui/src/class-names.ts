import { clsx, type ClassValue } from 'clsx';

/** Joins class names; later Tailwind utilities are written to win by order, so keep overrides last. */
export function cn(...values: ClassValue[]): string {
  return clsx(values);
}
