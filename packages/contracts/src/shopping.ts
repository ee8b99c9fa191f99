import { z } from 'zod';

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
}

/** POST /api/fashion-items/{id}/track-click: the piece (path) and where the shopper went (body). */
export const trackClickInput = z.object({
  id: z.uuid('Not a fashion item id'),
  platform: z.enum(SHOPPING_PLATFORMS, 'Platform must be google or amazon'),
});
export type TrackClickInput = z.infer<typeof trackClickInput>;
