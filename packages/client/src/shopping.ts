// Shopping links, shared by the web app (a look's pieces) and the admin gallery (settings-and-admin §7.1:
// item name, colour and type, and in the gallery gender and description, on a regional domain).
import type { ShoppingDomains } from '@drape/contracts/shopping';

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

/** A bare domain ('https://www.google.co.uk/' -> google.co.uk); null when empty. */
function bareDomain(value: string | null | undefined): string | null {
  const domain = (value ?? '')
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, '')
    .replace(/^www\./, '')
    .replace(/[/?#@].*$/, '');
  return domain || null;
}

export interface ShoppingItem {
  name: string;
  color?: string | null;
  description?: string | null;
}

/** How many words of the description join the query: enough to name the material, not a sentence. */
const DESCRIPTION_WORDS = 3;

/** Words that say nothing a shop search can use. */
const FILLER = new Set([
  'a', 'an', 'and', 'as', 'at', 'by', 'for', 'from', 'in', 'into', 'its', 'of', 'on', 'or', 'the', 'this', 'that', 'to', 'with',
  'your', 'you', 'every', 'perfect', 'look', 'outfit', 'piece', 'style', 'stylish', 'cut', 'flatters', 'figure', 'women', 'men',
]);

const wordsOf = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+(?:[-'][\p{L}\p{N}]+)*/gu) ?? [];

/** 'dresses' and 'dress', 'shoes' and 'shoe' count as one word when judging repeats. */
const stem = (word: string) => word.replace(/(?<=[sxz]|[cs]h)es$|(?<!s)s$/, '');

/**
 * The search words (user-area §7: from gender, colour, description and name): "women's", the
 * colour unless the name says it, the name, then the first few words of the description that add
 * something (its material, a print), never a word already in the query and never its filler:
 * "women's coral wrap midi dress silk crepe". Only the description's first clause is read: what
 * follows a comma or semicolon is detail or fit advice that narrows a shop search to nothing.
 */
export function shoppingQuery(gender: string | null | undefined, item: ShoppingItem): string {
  const who = gender === 'male' ? "men's" : gender === 'female' ? "women's" : '';
  const name = item.name.trim();
  const color = (item.color ?? '').trim();
  const nameWords = new Set(wordsOf(name).map(stem));
  const withColor = color && !wordsOf(color).every((w) => nameWords.has(stem(w))) ? `${color} ${name}` : name;
  const seen = new Set(wordsOf(`${who} ${withColor}`).map(stem));
  const extra: string[] = [];
  for (const word of wordsOf((item.description ?? '').split(/[,;.]/)[0] ?? '')) {
    if (extra.length >= DESCRIPTION_WORDS) break;
    if (word.length < 3 || FILLER.has(word) || /^\d+$/.test(word) || seen.has(stem(word))) continue;
    seen.add(stem(word));
    extra.push(word);
  }
  return [who, withColor, ...extra].filter(Boolean).join(' ');
}

/** Google Shopping search on the region's Google site. */
export function googleShoppingUrl(query: string, domains: ShoppingDomains): string {
  const url = new URL(`https://www.${bareDomain(domains.google) ?? 'google.com'}/search`);
  url.searchParams.set('tbm', 'shop');
  url.searchParams.set('q', query);
  return url.toString();
}

/**
 * Amazon search on the region's Amazon site, with the store's affiliate tag when the server
 * answered one for it (AFFILIATE_TAGS, GET /api/user/localized-domains).
 */
export function amazonSearchUrl(query: string, domains: ShoppingDomains, tag: string | null = null): string {
  const url = new URL(`https://www.${bareDomain(domains.amazon) ?? 'amazon.com'}/s`);
  url.searchParams.set('k', query);
  if (tag) url.searchParams.set('tag', tag);
  return url.toString();
}
