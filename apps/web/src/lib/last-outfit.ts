import type { OutfitView } from '@drape/contracts/generation';
import { STORAGE_PREFIX } from '@drape/contracts/storage-keys';

/** user-area §3: the generated outfit is kept in local storage (product-prefixed, wiped with the auth). */
export const LAST_OUTFIT_KEY = `${STORAGE_PREFIX}last_outfit`;

export function storeLastOutfit(outfit: OutfitView): void {
  try {
    localStorage.setItem(LAST_OUTFIT_KEY, JSON.stringify(outfit));
  } catch {
    // Storage can be full or refused; the result page then sends the user back to the dashboard.
  }
}

/** The stored outfit, or null when there is none or it is not an outfit. */
export function readLastOutfit(): OutfitView | null {
  try {
    const raw = localStorage.getItem(LAST_OUTFIT_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<OutfitView> | null;
    if (!value || typeof value !== 'object' || typeof value.id !== 'string' || typeof value.imageUrl !== 'string') return null;
    // An outfit kept by an earlier version may lack a list: the page shows none rather than failing.
    const list = <T,>(v: readonly T[] | undefined): T[] => (Array.isArray(v) ? [...v] : []);
    return { ...value, fashionItems: list(value.fashionItems), stylistNote: list(value.stylistNote).filter((r) => typeof r === 'string') } as OutfitView;
  } catch {
    return null;
  }
}
