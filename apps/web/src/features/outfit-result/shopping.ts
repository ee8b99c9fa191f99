import type { PublicUser } from '@drape/contracts';

/** user-area §9: the symbol is repeated once for low or budget, twice for medium or mid-range (default), ... */
const PRICE_LEVELS: Record<string, number> = {
  low: 1,
  budget: 1,
  medium: 2,
  'mid-range': 2,
  'medium-high': 3,
  premium: 3,
  high: 4,
  luxury: 4,
};

const PRICE_NAMES = ['', 'Budget', 'Mid-range', 'Premium', 'Luxury'] as const;

const EURO_REGIONS = new Set(['AT', 'BE', 'CY', 'DE', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PT', 'SI', 'SK']);

/** user-area §9: the currency symbol by locale (euro, yen, rupee, pound, default dollar). */
export function currencySymbol(locale: string = navigator.language): string {
  let region: string | undefined;
  try {
    region = new Intl.Locale(locale).maximize().region;
  } catch {
    region = undefined;
  }
  if (region === 'GB') return '£';
  if (region === 'JP') return '¥';
  if (region === 'IN') return '₹';
  if (region && EURO_REGIONS.has(region)) return '€';
  return '$';
}

export function priceLevel(range: string | null | undefined): number {
  return PRICE_LEVELS[(range ?? '').trim().toLowerCase()] ?? 2;
}

/** '$$' for a mid-range piece; the spoken name goes alongside for assistive technology. */
export function priceDisplay(range: string | null | undefined, symbol = currencySymbol()): { symbols: string; label: string } {
  const level = priceLevel(range);
  return { symbols: symbol.repeat(level), label: PRICE_NAMES[level] ?? 'Mid-range' };
}

/** A bare domain from a preference such as 'https://www.google.co.uk/'; null when empty. */
function bareDomain(value: string | null | undefined): string | null {
  const domain = (value ?? '')
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, '')
    .replace(/^www\./, '')
    .replace(/\/.*$/, '');
  return domain || null;
}

export interface ShoppingItem {
  name: string;
  color: string;
}

/** The search words: gender, color and name ('women's coral wrap dress'), the color once. */
export function shoppingQuery(gender: string | null | undefined, item: ShoppingItem): string {
  const who = gender === 'male' ? "men's" : gender === 'female' ? "women's" : '';
  const name = item.name.trim();
  const color = item.color.trim();
  const withColor = color && !name.toLowerCase().includes(color.toLowerCase()) ? `${color} ${name}` : name;
  return [who, withColor].filter(Boolean).join(' ');
}

type Domains = PublicUser['preferredDomains'] | null | undefined;

/** Google Shopping search on the user's preferred Google domain, else google.com. */
export function googleShoppingUrl(query: string, domains?: Domains): string {
  const url = new URL(`https://www.${bareDomain(domains?.google) ?? 'google.com'}/search`);
  url.searchParams.set('tbm', 'shop');
  url.searchParams.set('q', query);
  return url.toString();
}

/** Amazon search on the user's preferred Amazon domain, else amazon.com. */
export function amazonSearchUrl(query: string, domains?: Domains): string {
  const url = new URL(`https://www.${bareDomain(domains?.amazon) ?? 'amazon.com'}/s`);
  url.searchParams.set('k', query);
  return url.toString();
}
