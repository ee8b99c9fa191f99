import { sharedOutfitPath } from '@drape/contracts/share-link';

/**
 * The web app's links that carry a query, built from typed values: each value is encoded once,
 * and an unset one is left out, so no page spells a query string by hand.
 */

/** The LookBook's filters as a link presets them (user-area §2 LookBook, §3 Lookbook filter). */
export interface LookbookLinkQuery {
  gender?: string;
  style_vibe?: string;
  occasion?: string;
  trend?: string;
  color?: string;
}

export interface AuthLinkQuery {
  /** Where to go once signed in: a same-site path (lib/return-url.ts checks it on arrival). */
  returnUrl?: string;
  /** The member a referral link names: /auth with a ref opens Sign Up with it. */
  ref?: string;
}

/**
 * `path?query` with the values set, in the order given; the bare path when none is. A slash stays
 * a slash (it needs no escape in a query), so a path in a value reads as the spec writes it:
 * /auth?returnUrl=/outfit/{id}.
 */
export function withQuery(path: string, query: object): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (typeof value === 'string' && value !== '') params.set(key, value);
  }
  const search = params.toString().replace(/%2F/gi, '/');
  return search ? `${path}?${search}` : path;
}

export const routes = {
  auth: (query: AuthLinkQuery = {}) => withQuery('/auth', query),
  lookbook: (query: LookbookLinkQuery = {}) => withQuery('/lookbook', query),
  wardrobe: () => '/wardrobe',
  sharedOutfit: (imageId: string) => sharedOutfitPath(imageId),
} as const;
