import { SHOPPING_DOMAINS } from '@drape/contracts/shopping';
import { describe, expect, it } from 'vitest';
import { amazonSearchUrl, currencySymbol, googleShoppingUrl, priceDisplay, shoppingQuery } from './shopping';

describe('shoppingQuery', () => {
  it('says who, the colour and the name, then what the description adds', () => {
    const item = { name: 'Wrap Midi Dress', color: 'Coral', description: 'Coral wrap midi dress in silk crepe, crisp polka dots, with a tie waist.' };
    expect(shoppingQuery('female', item)).toBe("women's Coral Wrap Midi Dress silk crepe");
    expect(shoppingQuery('male', { name: 'Chinos', color: 'navy', description: 'Navy chinos in stretch cotton twill with a slim leg.' })).toBe(
      "men's navy Chinos stretch cotton twill",
    );
  });

  it('never repeats a word: the colour named by the name, plurals, words of the description already said', () => {
    const item = { name: 'Black Leather Ankle Boots', color: 'black', description: 'Black leather ankle boot with a block heel' };
    expect(shoppingQuery('female', item)).toBe("women's Black Leather Ankle Boots block heel");
    expect(shoppingQuery('female', { name: 'Dresses', color: 'red', description: 'A red dress for the evening' })).toBe("women's red Dresses evening");
  });

  it('skips filler and fit advice, and keeps at most three words of the description', () => {
    const item = { name: 'Blazer', color: 'camel', description: 'The perfect camel blazer in soft brushed wool flannel for every office; a cut that flatters a pear figure' };
    expect(shoppingQuery('female', item)).toBe("women's camel Blazer soft brushed wool");
  });

  it('works without a gender, a colour or a description', () => {
    expect(shoppingQuery(null, { name: 'Tote Bag' })).toBe('Tote Bag');
    expect(shoppingQuery('other', { name: 'Tote Bag', color: ' ', description: '' })).toBe('Tote Bag');
  });
});

describe('shopping URLs', () => {
  it('search Google Shopping and Amazon on the regional sites', () => {
    const de = SHOPPING_DOMAINS.DE;
    expect(googleShoppingUrl("women's red dress", de)).toBe('https://www.google.de/search?tbm=shop&q=women%27s+red+dress');
    expect(amazonSearchUrl("women's red dress", de)).toBe('https://www.amazon.de/s?k=women%27s+red+dress');
    expect(amazonSearchUrl('scarf', SHOPPING_DOMAINS.GB)).toBe('https://www.amazon.co.uk/s?k=scarf');
  });

  it('read a domain written with a scheme or www, and keep anything after it out of the host', () => {
    expect(googleShoppingUrl('scarf', { google: 'https://www.Google.fr/', amazon: 'amazon.fr' })).toBe('https://www.google.fr/search?tbm=shop&q=scarf');
    expect(new URL(amazonSearchUrl('scarf', { google: 'google.com', amazon: 'amazon.com@evil.example' })).host).toBe('www.amazon.com');
    expect(amazonSearchUrl('scarf', { google: '', amazon: '' })).toBe('https://www.amazon.com/s?k=scarf');
  });

  it("add the store's affiliate tag to Amazon links only when the server answered one", () => {
    expect(amazonSearchUrl('red scarf', SHOPPING_DOMAINS.DE, 'drape-21')).toBe('https://www.amazon.de/s?k=red+scarf&tag=drape-21');
    expect(amazonSearchUrl('red scarf', SHOPPING_DOMAINS.DE, null)).toBe('https://www.amazon.de/s?k=red+scarf');
  });
});

describe('price display', () => {
  it('repeats the local currency symbol by price band', () => {
    expect(priceDisplay('budget', '$')).toEqual({ symbols: '$', label: 'Budget' });
    expect(priceDisplay(undefined, '€')).toEqual({ symbols: '€€', label: 'Mid-range' });
    expect(priceDisplay('premium', '£').symbols).toBe('£££');
    expect(priceDisplay('Luxury', '¥').symbols).toBe('¥¥¥¥');
  });

  it('picks the symbol from the locale', () => {
    expect(currencySymbol('en-GB')).toBe('£');
    expect(currencySymbol('de-DE')).toBe('€');
    expect(currencySymbol('ja')).toBe('¥');
    expect(currencySymbol('hi-IN')).toBe('₹');
    expect(currencySymbol('en-US')).toBe('$');
    expect(currencySymbol('not a locale')).toBe('$');
  });
});
