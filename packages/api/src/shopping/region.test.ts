import { describe, expect, it } from 'vitest';
import { SHOPPING_COUNTRIES, SHOPPING_DOMAINS } from '@drape/contracts/shopping';
import { PROFILE_COUNTRIES } from '@drape/contracts/user';
import { countryFromAcceptLanguage, countryFromCdn, resolveRegion, type SavedShoppingPreference } from './region';

const auto: SavedShoppingPreference = { geolocationEnabled: true, preferredCountry: null, preferredDomains: { google: null, amazon: null } };
const none = { cdnCountries: [], acceptLanguage: null };

describe('the shopping countries', () => {
  it('are the spec’s 18 countries, each with its Google and Amazon site', () => {
    const names = new Intl.DisplayNames(['en'], { type: 'region' });
    expect(SHOPPING_COUNTRIES.map((code) => names.of(code))).toEqual([...PROFILE_COUNTRIES]);
    for (const code of SHOPPING_COUNTRIES) {
      expect(SHOPPING_DOMAINS[code].google).toMatch(/^google\.[a-z.]+$/);
      expect(SHOPPING_DOMAINS[code].amazon).toMatch(/^amazon\.[a-z.]+$/);
    }
  });
});

describe('countryFromCdn', () => {
  it('reads the first header that names one of our countries, in any case', () => {
    expect(countryFromCdn(['DE'])).toBe('DE');
    expect(countryFromCdn([' gb '])).toBe('GB');
    expect(countryFromCdn([null, 'JP'])).toBe('JP');
    expect(countryFromCdn(['FR', 'DE'])).toBe('FR');
  });

  it('ignores unknown (XX), Tor (T1), malformed values and countries without a region of ours', () => {
    expect(countryFromCdn(['XX'])).toBeNull();
    expect(countryFromCdn(['T1', 'SE'])).toBe('SE');
    for (const value of ['', 'DEU', 'D', '12', 'de-DE', 'PL', undefined]) expect(countryFromCdn([value])).toBeNull();
  });
});

describe('countryFromAcceptLanguage', () => {
  it('takes the region subtag when it is one of ours', () => {
    expect(countryFromAcceptLanguage('de-DE')).toBe('DE');
    expect(countryFromAcceptLanguage('en-GB,en;q=0.9')).toBe('GB');
    expect(countryFromAcceptLanguage('fr-CA')).toBe('CA');
    expect(countryFromAcceptLanguage('zh-Hant-SG')).toBe('SG');
    expect(countryFromAcceptLanguage('en_AU')).toBe('AU');
  });

  it('maps a bare language, or a region of none of ours, to the language’s main country', () => {
    expect(countryFromAcceptLanguage('de')).toBe('DE');
    expect(countryFromAcceptLanguage('de-AT')).toBe('DE');
    expect(countryFromAcceptLanguage('ja')).toBe('JP');
    expect(countryFromAcceptLanguage('ko')).toBe('KR');
    expect(countryFromAcceptLanguage('sv')).toBe('SE');
    expect(countryFromAcceptLanguage('nb')).toBe('NO');
    expect(countryFromAcceptLanguage('no')).toBe('NO');
    expect(countryFromAcceptLanguage('da')).toBe('DK');
    expect(countryFromAcceptLanguage('pt-PT')).toBe('BR');
    expect(countryFromAcceptLanguage('en')).toBe('US');
  });

  it('follows the q weights, equal weights in the order given, and skips q=0', () => {
    expect(countryFromAcceptLanguage('en;q=0.5, de;q=0.9')).toBe('DE');
    expect(countryFromAcceptLanguage('fr, it')).toBe('FR');
    expect(countryFromAcceptLanguage('de;q=0, fr;q=0.1')).toBe('FR');
    expect(countryFromAcceptLanguage('pl-PL, ru;q=0.9, *;q=0.5, it;q=0.2')).toBe('IT');
  });

  it('drops malformed ranges and weights, and answers null when nothing is ours', () => {
    expect(countryFromAcceptLanguage('de;q=2, fr;q=0.3')).toBe('FR');
    expect(countryFromAcceptLanguage('de;q=abc, es;q=0.3')).toBe('ES');
    expect(countryFromAcceptLanguage('12-DE, x')).toBeNull();
    expect(countryFromAcceptLanguage('pl-PL, ru')).toBeNull();
    expect(countryFromAcceptLanguage('*')).toBeNull();
    expect(countryFromAcceptLanguage('')).toBeNull();
    expect(countryFromAcceptLanguage(null)).toBeNull();
  });
});

describe('resolveRegion', () => {
  it('answers the US by default', () => {
    expect(resolveRegion(auto, none)).toEqual({ domains: { google: 'google.com', amazon: 'amazon.com' }, detectedCountry: 'US', source: 'default' });
  });

  it('prefers the CDN header to Accept-Language', () => {
    expect(resolveRegion(auto, { cdnCountries: ['FR'], acceptLanguage: 'de-DE' })).toEqual({
      domains: { google: 'google.fr', amazon: 'amazon.fr' }, detectedCountry: 'FR', source: 'cdn',
    });
    expect(resolveRegion(auto, { cdnCountries: ['XX'], acceptLanguage: 'de-DE' })).toMatchObject({ detectedCountry: 'DE', source: 'accept-language' });
  });

  it('uses neither when geolocation is off', () => {
    const off = { ...auto, geolocationEnabled: false };
    expect(resolveRegion(off, { cdnCountries: ['FR'], acceptLanguage: 'de-DE' })).toMatchObject({ detectedCountry: 'US', source: 'default' });
  });

  it('puts a saved country before every signal, geolocation on or off', () => {
    for (const geolocationEnabled of [true, false]) {
      const saved = { ...auto, geolocationEnabled, preferredCountry: 'JP' };
      expect(resolveRegion(saved, { cdnCountries: ['FR'], acceptLanguage: 'de-DE' })).toEqual({
        domains: { google: 'google.co.jp', amazon: 'amazon.co.jp' }, detectedCountry: 'JP', source: 'preference',
      });
    }
  });

  it('replaces one platform’s site by a saved domain and keeps the other', () => {
    const googleOnly = { ...auto, preferredDomains: { google: 'WWW.Google.co.uk', amazon: null } };
    expect(resolveRegion(googleOnly, { cdnCountries: [], acceptLanguage: 'de-DE' })).toEqual({
      domains: { google: 'google.co.uk', amazon: 'amazon.de' }, detectedCountry: 'DE', source: 'preference',
    });
    const both = { ...auto, preferredCountry: 'ES', preferredDomains: { google: null, amazon: 'amazon.fr' } };
    expect(resolveRegion(both, none)).toEqual({ domains: { google: 'google.es', amazon: 'amazon.fr' }, detectedCountry: 'ES', source: 'preference' });
  });

  it('ignores a stored country that is not one of ours', () => {
    expect(resolveRegion({ ...auto, preferredCountry: 'auto' }, { cdnCountries: ['SE'], acceptLanguage: null })).toMatchObject({ detectedCountry: 'SE', source: 'cdn' });
  });
});
