import { z } from './zod';

/**
 * The shopping regions: the countries the spec offers (user-area §3), as ISO 3166-1 codes, in the
 * spec's order. The settings' preferred-country choice is this list too (user.ts).
 */
export const SHOPPING_COUNTRIES = ['US', 'CA', 'GB', 'AU', 'DE', 'FR', 'IT', 'ES', 'NL', 'SE', 'NO', 'DK', 'JP', 'KR', 'SG', 'IN', 'BR', 'MX'] as const;
export type ShoppingCountry = (typeof SHOPPING_COUNTRIES)[number];

export const SHOPPING_PLATFORMS = ['google', 'amazon'] as const;
export type ShoppingPlatform = (typeof SHOPPING_PLATFORMS)[number];

/** A Google and an Amazon domain, without scheme or www ('google.co.uk', 'amazon.co.uk'). */
export type ShoppingDomains = Record<ShoppingPlatform, string>;

/**
 * Each country's real regional sites. Amazon has no store of its own in Norway, Denmark or South
 * Korea: Norway and Denmark get amazon.de (the store that has long delivered there; amazon.se is
 * newer and ships to fewer places), South Korea amazon.com (its international shipping covers
 * Korea; there is no nearer Amazon store). docs/spec-notes.md records the choice.
 */
export const SHOPPING_DOMAINS: Readonly<Record<ShoppingCountry, ShoppingDomains>> = {
  US: { google: 'google.com', amazon: 'amazon.com' },
  CA: { google: 'google.ca', amazon: 'amazon.ca' },
  GB: { google: 'google.co.uk', amazon: 'amazon.co.uk' },
  AU: { google: 'google.com.au', amazon: 'amazon.com.au' },
  DE: { google: 'google.de', amazon: 'amazon.de' },
  FR: { google: 'google.fr', amazon: 'amazon.fr' },
  IT: { google: 'google.it', amazon: 'amazon.it' },
  ES: { google: 'google.es', amazon: 'amazon.es' },
  NL: { google: 'google.nl', amazon: 'amazon.nl' },
  SE: { google: 'google.se', amazon: 'amazon.se' },
  NO: { google: 'google.no', amazon: 'amazon.de' },
  DK: { google: 'google.dk', amazon: 'amazon.de' },
  JP: { google: 'google.co.jp', amazon: 'amazon.co.jp' },
  KR: { google: 'google.co.kr', amazon: 'amazon.com' },
  SG: { google: 'google.com.sg', amazon: 'amazon.sg' },
  IN: { google: 'google.co.in', amazon: 'amazon.in' },
  BR: { google: 'google.com.br', amazon: 'amazon.com.br' },
  MX: { google: 'google.com.mx', amazon: 'amazon.com.mx' },
};

/** user-area §3: with nothing else to go on, the US sites. */
export const DEFAULT_SHOPPING_COUNTRY: ShoppingCountry = 'US';

export function isShoppingCountry(code: unknown): code is ShoppingCountry {
  return typeof code === 'string' && (SHOPPING_COUNTRIES as readonly string[]).includes(code);
}

/**
 * Where the answer came from: the user's saved preference, the CDN's country header, the browser's
 * Accept-Language, or the US default.
 */
export const DOMAIN_SOURCES = ['preference', 'cdn', 'accept-language', 'default'] as const;
export type DomainSource = (typeof DOMAIN_SOURCES)[number];

/** GET /api/user/localized-domains (user-area §3 Localised domains). */
export interface LocalizedDomainsAnswer {
  success: true;
  domains: ShoppingDomains;
  detectedCountry: ShoppingCountry;
  source: DomainSource;
  /** The affiliate tag the Amazon links carry (AFFILIATE_TAGS names this store), else null. */
  amazonTag: string | null;
  /** The line shown under the pieces: what the links search, and whether Drape earns from them. */
  disclosure: string;
}

/** POST /api/fashion-items/{id}/track-click: the piece (path) and where the shopper went (body). */
export const trackClickInput = z.object({
  id: z.uuid('Not a fashion item id'),
  platform: z.enum(SHOPPING_PLATFORMS, 'Platform must be google or amazon'),
});
export type TrackClickInput = z.infer<typeof trackClickInput>;

/**
 * An Amazon store's domain as AFFILIATE_TAGS names it ('amazon.de', 'amazon.co.uk', 'amazon.com.br'):
 * Amazon Associates tags belong to one store each.
 */
const AMAZON_STORE = /^amazon\.[a-z]{2,3}(\.[a-z]{2})?$/;
/** An Associates tracking id ('drape-21'): letters, digits and hyphens. */
const AFFILIATE_TAG = /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/i;

/** Each Amazon store's affiliate tag (AFFILIATE_TAGS), by its bare domain. */
export type AffiliateTags = Readonly<Record<string, string>>;

/**
 * AFFILIATE_TAGS ('amazon.de:drape-21,amazon.com:drape-20') as store -> tag, or what is wrong with
 * it, each fault naming the entry. Empty: no tags.
 */
export function parseAffiliateTags(raw: string): { ok: true; tags: AffiliateTags } | { ok: false; errors: string[] } {
  const tags: Record<string, string> = {};
  const errors: string[] = [];
  const example = 'use store:tag pairs, e.g. amazon.de:drape-21,amazon.com:drape-20';
  for (const entry of raw.split(',').map((e) => e.trim()).filter(Boolean)) {
    const [storeRaw, tag, extra] = entry.split(':').map((p) => p.trim());
    const store = (storeRaw ?? '').toLowerCase().replace(/^www\./, '');
    if (!store || tag === undefined || extra !== undefined) errors.push(`"${entry}" is not store:tag (${example})`);
    else if (!AMAZON_STORE.test(store)) errors.push(`"${storeRaw}" is not an Amazon store domain such as amazon.de`);
    else if (!AFFILIATE_TAG.test(tag)) errors.push(`"${tag}" is not an affiliate tag (letters, digits and hyphens, such as drape-21)`);
    else if (store in tags) errors.push(`${store} is given more than one tag`);
    else tags[store] = tag;
  }
  return errors.length ? { ok: false, errors } : { ok: true, tags: Object.freeze(tags) };
}

/**
 * The one line under a look's pieces (issue 18): what the links are and whether Drape earns from
 * them. `tagged`: the user's Amazon links carry an affiliate tag.
 */
export const shoppingMessages = {
  disclosure: 'These links search Google Shopping and Amazon. Drape earns nothing from them.',
  disclosureAffiliate: 'These links search Google Shopping and Amazon. As an Amazon Associate, Drape may earn a commission from qualifying purchases.',
} as const;

export function shoppingDisclosure(tagged: boolean): string {
  return tagged ? shoppingMessages.disclosureAffiliate : shoppingMessages.disclosure;
}
