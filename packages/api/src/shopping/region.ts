import { DEFAULT_SHOPPING_COUNTRY, SHOPPING_DOMAINS, isShoppingCountry, type DomainSource, type ShoppingCountry, type ShoppingDomains } from '@drape/contracts/shopping';

/**
 * The shopping region of a request (user-area §3 Localised domains): pure rules, no I/O. The order:
 * the user's saved preference, then (geolocation on) the CDN's country header, the browser's
 * Accept-Language, and the US.
 */

/** Codes a CDN sends when it does not know the country: Cloudflare's unknown (XX) and Tor (T1). */
const NO_COUNTRY = new Set(['XX', 'T1']);

/**
 * The first CDN country header (CF-IPCountry, CloudFront-Viewer-Country) that names one of our
 * countries; unknown, Tor and malformed values are ignored.
 */
export function countryFromCdn(values: readonly (string | null | undefined)[]): ShoppingCountry | null {
  for (const value of values) {
    const code = value?.trim().toUpperCase() ?? '';
    if (!/^[A-Z][A-Z0-9]$/.test(code) || NO_COUNTRY.has(code)) continue;
    if (isShoppingCountry(code)) return code;
  }
  return null;
}

/**
 * A bare language's main country. Portuguese is Brazil's: it is the larger market and Amazon has no
 * Portuguese store; English is the US's, the spec's default.
 */
const LANGUAGE_COUNTRY: Readonly<Record<string, ShoppingCountry>> = {
  en: 'US',
  de: 'DE',
  fr: 'FR',
  it: 'IT',
  es: 'ES',
  nl: 'NL',
  sv: 'SE',
  nb: 'NO',
  nn: 'NO',
  no: 'NO',
  da: 'DK',
  ja: 'JP',
  ko: 'KR',
  pt: 'BR',
  hi: 'IN',
};

/** A header this long is not a browser's; the rest is not read. */
const MAX_ACCEPT_LANGUAGE = 1000;

/** One language range's country: its region subtag when it is one of ours, else its language's. */
function countryOfTag(tag: string): ShoppingCountry | null {
  const [language = '', ...subtags] = tag.toLowerCase().split(/[-_]/);
  if (!/^[a-z]{2,3}$/.test(language)) return null;
  // The region is the first two-letter subtag after the language (a script such as Hant has four).
  const region = subtags.find((s) => /^[a-z]{2}$/.test(s))?.toUpperCase();
  if (region && isShoppingCountry(region)) return region;
  return LANGUAGE_COUNTRY[language] ?? null;
}

/**
 * The country of the most preferred language range that names one of ours: 'de-DE' -> DE,
 * 'en-GB' -> GB, a bare 'de' -> DE. Ranges keep their q order (equal weights in the order given);
 * q=0 means "not this one", and a malformed weight drops its range.
 */
export function countryFromAcceptLanguage(header: string | null | undefined): ShoppingCountry | null {
  if (!header) return null;
  const ranges = header
    .slice(0, MAX_ACCEPT_LANGUAGE)
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      let q = 1;
      for (const param of params) {
        const m = /^\s*q\s*=\s*(\S*)\s*$/i.exec(param);
        if (!m) continue;
        q = /^(0(\.\d{0,3})?|1(\.0{0,3})?)$/.test(m[1]!) ? Number(m[1]) : -1;
      }
      return { tag: tag.trim(), q, index };
    })
    .filter((r) => r.tag && r.tag !== '*' && r.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const range of ranges) {
    const country = countryOfTag(range.tag);
    if (country) return country;
  }
  return null;
}

/** What the user saved in settings (settings-and-admin §2.1); null means none ('auto'). */
export interface SavedShoppingPreference {
  geolocationEnabled: boolean;
  preferredCountry: string | null;
  preferredDomains: { google: string | null; amazon: string | null };
}

/** What the request says about where the shopper is. */
export interface RegionSignals {
  cdnCountries: readonly (string | null | undefined)[];
  acceptLanguage: string | null | undefined;
}

export interface ResolvedRegion {
  domains: ShoppingDomains;
  detectedCountry: ShoppingCountry;
  source: DomainSource;
}

function detect(saved: SavedShoppingPreference, signals: RegionSignals): { country: ShoppingCountry; source: DomainSource } {
  if (saved.geolocationEnabled) {
    const cdn = countryFromCdn(signals.cdnCountries);
    if (cdn) return { country: cdn, source: 'cdn' };
    const language = countryFromAcceptLanguage(signals.acceptLanguage);
    if (language) return { country: language, source: 'accept-language' };
  }
  return { country: DEFAULT_SHOPPING_COUNTRY, source: 'default' };
}

/** A saved domain as the answer gives domains: lower case, without www. ('WWW.Google.de' -> google.de). */
function bareDomain(value: string | null): string | null {
  return value?.trim().toLowerCase().replace(/^www\./, '') || null;
}

/**
 * The saved preference first: a preferred country gives its sites, and a saved domain replaces
 * that platform's site (a saved Google domain alone keeps the detected Amazon one). Without a
 * preference, the detected country (geolocation permitting) or the US.
 */
export function resolveRegion(saved: SavedShoppingPreference, signals: RegionSignals): ResolvedRegion {
  const preferred = isShoppingCountry(saved.preferredCountry) ? saved.preferredCountry : null;
  const google = bareDomain(saved.preferredDomains.google);
  const amazon = bareDomain(saved.preferredDomains.amazon);
  const detected = preferred ? { country: preferred, source: 'preference' as const } : detect(saved, signals);
  const base = SHOPPING_DOMAINS[detected.country];
  return {
    domains: { google: google ?? base.google, amazon: amazon ?? base.amazon },
    detectedCountry: detected.country,
    source: preferred || google || amazon ? 'preference' : detected.source,
  };
}
