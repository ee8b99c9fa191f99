import type { Gender, SelectionKind } from './domain/catalog';

/**
 * The landing page (user-area §2 Landing page, §9): a desktop LookBook carousel of 3 slides of 5
 * showcase looks, and on phones the first 5 monthly trends and the first 4 palettes.
 */
export const LANDING_CAROUSEL = { slides: 3, looksPerSlide: 5 } as const;
export const LANDING_CAROUSEL_LOOKS = LANDING_CAROUSEL.slides * LANDING_CAROUSEL.looksPerSlide;
export const LANDING_MOBILE = { trends: 5, palettes: 4 } as const;

/**
 * How long one server process reuses the landing's showcase and LookBook stats. Every visitor of
 * the landing asks for both and their clients keep them for hours (the web app's CLIENT_STALE_MS), so a minute
 * of staleness is invisible, and the database sees one query per minute per server however many
 * people arrive. The server that makes an admin's change forgets its copy at once; the others of
 * a fleet show the change within this (docs/scaling.md).
 */
export const LANDING_SERVER_CACHE_MS = 60_000;

export const landingMessages = {
  /** The LookBook blurb when the stats give no displayText (user-area §2). */
  lookbookFallback: 'Explore Style Ideas in LookBook',
  popularColors: 'Summer 2025 Popular Colors',
  everyOccasion: 'Perfect for Every Occasion',
} as const;

/**
 * The origin in the landing's prerendered HTML (its canonical and social URLs): the build does not
 * know where the site will be served, so the server writes its PUBLIC_ORIGIN over this one.
 */
export const PRERENDER_ORIGIN = 'https://prerender.drape.invalid';

/** One catalog entry of the showcase lists (user-area §3 Landing showcase): null when no look pictures it. */
export interface ShowcaseItem {
  itemName: string;
  imageUrl: string | null;
}

/** A look of the landing carousel. `width` and `height` are the look's; the thumbnail keeps its proportions. */
export interface CarouselLook {
  id: string;
  /** The look's thumbnail. */
  imageUrl: string;
  /** The full picture: the srcset's larger file. */
  fullImageUrl: string;
  width: number;
  height: number;
  /** The trend, palette or occasion it was made for, as the screens name it. */
  name: string;
  kind: SelectionKind;
  gender: Gender;
  /** Its pieces in order (the picture's alternative text names them). */
  pieces: { name: string; color: string }[];
}

/** GET /api/landing/showcase. */
export interface LandingShowcase {
  monthlyTrends: ShowcaseItem[];
  seasonColors: ShowcaseItem[];
  occasions: ShowcaseItem[];
  /** Up to LANDING_CAROUSEL_LOOKS looks: curated ones first, then LookBook, then inventory. */
  carousel: CarouselLook[];
}

/** GET /api/lookbook/stats. */
export interface LookbookStats {
  totalLooks: number;
  displayText: string;
}
