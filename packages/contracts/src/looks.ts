import { z } from './zod';
import { COLOR_FAMILIES, GENDERS } from './domain/catalog';
import type { lookAnswer } from './look-answers';
import { text } from './domain/text';

/**
 * What the wardrobe and the LookBook share: a look as a card shows it, the filter values both
 * accept, and the paging limits (user-area §3, §9).
 */

/** user-area §9: page size 50 for wardrobe and LookBook; a load-more prompt at multiples of 150. */
export const LOOKS_PAGE_SIZE = 50;
export const LOAD_MORE_EVERY = 150;
/** The deepest offset either list answers: far beyond any person's scrolling, a bound on the work. */
export const MAX_LOOKS_OFFSET = 100_000;
/** user-area §9: at most 5 color chips per look. */
export const MAX_COLOR_CHIPS = 5;
/** user-area §2 LookBook: 12 skeleton cards during the first load. */
export const LOOKS_SKELETONS = 12;

/**
 * A look on a card, as tRPC answers it (each field once; the REST edge adds the spec's other
 * spellings): contracts' look-answers.ts holds its schema.
 */
export type LookView = z.output<typeof lookAnswer>;

/** Filter values: 'all', '' and the string 'undefined' mean no filter (user-area §3 Lookbook filter). */
const NO_FILTER = new Set(['', 'all', 'undefined', 'null']);
export const isNoFilter = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && NO_FILTER.has(v.trim().toLowerCase()));

/** An optional filter value; "no filter" spellings become undefined. */
export const filterValue = <T extends z.ZodType<string | undefined>>(inner: T) =>
  z.preprocess((v) => (isNoFilter(v) ? undefined : typeof v === 'string' ? v.trim() : v), inner.optional());

export const genderFilter = filterValue(z.enum(GENDERS, `gender must be one of ${GENDERS.join(', ')}`));
export const colorFilter = filterValue(
  z.preprocess((v) => (typeof v === 'string' ? v.toLowerCase() : v), z.enum(COLOR_FAMILIES, `color must be one of ${COLOR_FAMILIES.join(', ')}`)),
);
/** A catalog name or id ('Boho Chic', 'boho_chic', 'Office'); the service resolves it. */
export const catalogFilter = filterValue(text().max(60));

/** A query string number: '50' or 50; an absent or empty value takes the default. */
export const queryInt = (min: number, max: number, fallback: number, label: string) =>
  z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? undefined : typeof v === 'string' ? Number(v) : v),
    z.number(`${label} must be a number`).int(`${label} must be a whole number`).min(min, `${label} must be at least ${min}`).max(max, `${label} must be at most ${max}`).default(fallback),
  );

export const imageIdInput = z.uuid('Not an image id');

/**
 * The infinite scroll's place in a list: the page's `nextCursor`, sent back as is (opaque; the
 * server reads it). The REST path keeps `offset` too (docs/decisions/0011, amended).
 */
export const LOOKS_CURSOR_MAX = 120;
export const pagingMessages = {
  badCursor: 'cursor is not one this list gave',
  cursorAndOffset: 'Send either cursor or offset, not both',
} as const;
export const cursorInput = filterValue(z.string().max(LOOKS_CURSOR_MAX, pagingMessages.badCursor));
/** A list's input may page by cursor or by offset, not both. */
export const pagedOneWay = (q: { cursor?: string | undefined; offset: number }) => !(q.cursor && q.offset > 0);
export const pagedOneWayIssue = { message: pagingMessages.cursorAndOffset, path: ['cursor'] };

/** Filter values the catalog does not know: 400 with these (the field named as a parse error names it). */
export const lookFilterMessages = {
  trend: (v: string) => `trend: '${v}' is not a trend, color palette or occasion`,
  occasion: (v: string) => `occasion: '${v}' is not an occasion`,
  styleVibe: (v: string) => `style_vibe: '${v}' is not a style vibe`,
} as const;

/**
 * The machine-readable AI mark every stored look image carries (EU AI Act Art. 50, issue 18): the
 * IPTC digital source type, by what made the picture (docs/decisions/0031).
 */
export const DIGITAL_SOURCE_TYPES = {
  /** A model trained on sampled content (a diffusion provider). */
  trainedAlgorithmicMedia: 'http://cv.iptc.org/newscodes/digitalsourcetype/trainedAlgorithmicMedia',
  /** Pure algorithm, no trained model: the built-in renderer (packages/atelier). */
  algorithmicMedia: 'http://cv.iptc.org/newscodes/digitalsourcetype/algorithmicMedia',
} as const;
/** The built-in renderer's provider name, as generated_images.provider stores it. */
export const BUILT_IN_PROVIDER = 'atelier';

/** The link-preview card /outfit/{id} names as og:image: the size every unfurler shows large. */
export const PREVIEW_CARD = { width: 1200, height: 630, type: 'image/jpeg' } as const;
