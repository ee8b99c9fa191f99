import { z } from '../zod';
import { catalogFilter, filterValue, genderFilter, imageIdInput, MAX_LOOKS_OFFSET, queryInt } from '../looks';
import type { SeverityLevel } from '../domain/severity';
import { text } from '../domain/text';

/** The admin Image Gallery (settings-and-admin §2.2, §3 Generated image, §4 Gallery, §7.2, §8, §9). */

/** §9: gallery page size 20; a page of at most 100. */
export const GALLERY_PAGE_SIZE = 20;
export const GALLERY_MAX_LIMIT = 100;
/** §9: the next page loads within about 1000 px of the bottom. */
export const GALLERY_SCROLL_THRESHOLD_PX = 1000;

/** §3: the status filter's values ('all', the default, is no filter). */
export const GALLERY_STATUSES = ['viewable', 'lookbook', 'archived'] as const;
export type GalleryStatus = (typeof GALLERY_STATUSES)[number];
export const GALLERY_STATUS_NAMES: Record<GalleryStatus, string> = { viewable: 'Active', lookbook: 'LookBook', archived: 'Archived' };

export const GALLERY_SORTS = ['newest', 'oldest'] as const;
export type GallerySort = (typeof GALLERY_SORTS)[number];

/**
 * GET /api/admin/images. Filters with 'all' (or empty) are omitted (§5); catalog filters take an id
 * or a name; search is a look's id, a combination code or part of one, or a name of its trend,
 * palette, occasion, style vibe, body shape, skin tone or gender.
 */
export const galleryListInput = z
  .object({
    page: queryInt(1, 100_000, 1, 'page'),
    limit: queryInt(1, GALLERY_MAX_LIMIT, GALLERY_PAGE_SIZE, 'limit'),
    sort: filterValue(z.enum(GALLERY_SORTS, `sort must be one of ${GALLERY_SORTS.join(', ')}`)),
    search: filterValue(text().max(100, 'search must be at most 100 characters')),
    status: filterValue(z.enum(GALLERY_STATUSES, `status must be one of ${GALLERY_STATUSES.join(', ')}`)),
    gender: genderFilter,
    skinTone: catalogFilter,
    bodyShape: catalogFilter,
    occasion: catalogFilter,
    styleVibe: catalogFilter,
    /** A seasonal color palette (the filter options' seasons). */
    season: catalogFilter,
  })
  // The deepest offset any list answers (a bound on the work, as the LookBook's).
  .refine((q) => (q.page - 1) * q.limit <= MAX_LOOKS_OFFSET, { message: `page is too deep: at most ${MAX_LOOKS_OFFSET} images are skipped`, path: ['page'] });
export type GalleryListInput = z.input<typeof galleryListInput>;
export type GalleryListQuery = z.output<typeof galleryListInput>;

/** §3 Generated image, with the derived display fields (names as the screens show them). */
export interface GalleryImage {
  id: string;
  /** The look as users see it (watermarked, full size). */
  image_url: string;
  /** The card's smaller picture. */
  thumbnail_url: string;
  /** The picture's size (the thumbnail keeps its proportions) and its pieces, for the card's srcset and alt text. */
  width: number;
  height: number;
  pieces: { name: string; color: string }[];
  /** The original, full-size file. */
  s3_url: string;
  combination_code: string;
  gender: string;
  status: GalleryStatus;
  quality_score: number;
  created_at: string;
  watermarked: boolean;
  is_premium: boolean;
  /** Made live around a user's own pieces (issue 19): never stock, never public. */
  personal: boolean;
  in_showcase: boolean;
  curated_by: 'auto' | 'admin' | null;
  /** The trend, palette or occasion it was made for. */
  selection: { kind: 'trend' | 'palette' | 'occasion'; id: string; name: string };
  trend: string | null;
  season: string | null;
  occasion: string | null;
  vibe: string | null;
  skinTone: string | null;
  bodyShape: string | null;
}

export interface GalleryPage {
  images: GalleryImage[];
  page: number;
  limit: number;
  hasMore: boolean;
}

/** GET /api/admin/filter-options (§3 Filter options). */
export interface GalleryFilterOptions {
  genders: { id: string; name: string }[];
  skinTones: { id: string; name: string; emoji: string }[];
  bodyShapes: { id: string; name: string }[];
  occasions: { id: string; name: string }[];
  styleVibes: { id: string; name: string; short_name: string }[];
  seasons: { id: string; name: string }[];
  statuses: { id: GalleryStatus; name: string }[];
}

export const comboDetailsInput = z.object({
  combinationCode: text().trim().min(1, 'combinationCode is required').max(200),
});
export type ComboDetailsInput = z.input<typeof comboDetailsInput>;

/** GET /api/admin/combo-details/{combinationCode}: the spec leaves the shape open (§7.2). */
export interface ComboDetails {
  combinationCode: string;
  gender: string;
  selection: { kind: 'trend' | 'palette' | 'occasion'; id: string; name: string };
  styleVibe: string | null;
  skinTone: string | null;
  bodyShape: string | null;
  prompt: string;
  promptUpdatedAt: string;
  active: boolean;
  /** The combination's image counter, as severity reads it. */
  imageCount: number;
  severity: SeverityLevel;
  /** Its looks by status, counted now. */
  images: { total: number; viewable: number; lookbook: number; archived: number };
}

/** make-public and permanent delete: the look by its id (the path's :id). */
export const galleryImageInput = z.object({ id: imageIdInput });
export type GalleryImageInput = z.input<typeof galleryImageInput>;

export interface MakePublicAnswer {
  id: string;
  status: 'lookbook';
  /** False when it already was in the LookBook (nothing changed). */
  changed: boolean;
}

export interface DeleteImageAnswer {
  id: string;
  deleted: true;
  /** Files removed from the image store (the picture and its thumbnail). */
  files: number;
}

/** §3 Cleanup progress: what the low-quality cleanup removed. */
export interface CleanupAnswer {
  totalDeleted: number;
  femaleFairDeleted: number;
  othersDeleted: number;
}

export const galleryMessages = {
  empty: 'No images found. Try adjusting your search or filter criteria',
  filterOptionsFailed: 'Unable to load filter options. Please try again.',
  imagesFailed: 'Failed to fetch images',
  piecesFailed: 'Failed to fetch fashion items',
  makePublicFailed: 'Failed to make image public',
  deleteFailed: 'Failed to delete image',
  cleanupTitle: 'Cleanup Issue',
  cleanupBusy: 'System is currently busy. Please wait and try again.',
  cleanupFailed: 'Unable to complete cleanup operation right now. Please try again.',
  notFound: 'This image no longer exists.',
  comboNotFound: 'No such combination.',
  unknownFilter: (label: string, value: string) => `Unknown ${label}: ${value}`,
  inWardrobes: (n: number) =>
    `This look is saved in ${n} ${n === 1 ? 'wardrobe' : 'wardrobes'}: it cannot be deleted while a user keeps it.`,
} as const;
