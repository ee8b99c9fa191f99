import { z } from './zod';
import { COLOR_FAMILIES, colorFamilyName, type ColorFamily } from './domain/catalog';
import { isoTime } from './domain/answers';
import { text } from './domain/text';

/**
 * My Pieces (issue 19, section 3): the user's own clothes, photographed. The category is the
 * user's; the colour and whether it is solid or patterned are measured from the photo (no
 * garment-recognition model ships in a package here). The photos are private to their owner.
 */

/** What the user says a piece is. A bag is an accessory to the stylist, but people sort by it. */
export const CLOSET_CATEGORIES = ['top', 'bottom', 'dress', 'outerwear', 'shoes', 'bag', 'accessory'] as const;
export type ClosetCategory = (typeof CLOSET_CATEGORIES)[number];
export const CLOSET_CATEGORY_NAMES: Readonly<Record<ClosetCategory, string>> = {
  top: 'Tops', bottom: 'Bottoms', dress: 'Dresses', outerwear: 'Outerwear', shoes: 'Shoes', bag: 'Bags', accessory: 'Accessories',
};

export const CLOSET_PATTERNS = ['solid', 'patterned'] as const;
export type ClosetPattern = (typeof CLOSET_PATTERNS)[number];

/** The photo a user uploads: one JPEG, PNG or WebP up to 10 MB. */
export const CLOSET_PHOTO_MAX_BYTES = 10 * 1024 * 1024;
export const CLOSET_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** The multipart field that carries the photo (the other fields: closetUploadFields). */
export const CLOSET_PHOTO_FIELD = 'photo';
/**
 * The most pixels a photo may decode to: a 48 MP phone photo passes; a small file that would
 * decode to gigabytes (a decompression bomb) does not.
 */
export const CLOSET_PHOTO_MAX_PIXELS = 50_000_000;
/** A piece's name, optional: the UI offers "Red top" from the measured colour and category. */
export const CLOSET_NAME_MAX = 60;
/** The name of a piece nobody named: its colour family and category ("Red top", "Navy outerwear"). */
export function closetPieceName(family: ColorFamily, category: ClosetCategory): string {
  return `${colorFamilyName(family)} ${category}`;
}
/** The square thumbnail the server keeps beside the photo (px). */
export const CLOSET_THUMBNAIL_SIZE = 320;
/** The longest side of the photo the server keeps (px): enough to see the piece, not a 12 MP original. */
export const CLOSET_PHOTO_MAX_SIDE = 1600;
/** Get My Look takes up to this many owned pieces (section 4). */
export const OWNED_PIECES_MAX = 2;

/** The REST paths (a plain Fastify route, since it takes a file; the rest beside it). */
export const CLOSET_PIECES_PATH = '/api/closet/pieces';
export const closetPiecePath = (id: string): string => `${CLOSET_PIECES_PATH}/${encodeURIComponent(id)}`;
/** The owner-only photo and thumbnail behind the session (never under public /media). */
export const closetPhotoPath = (id: string, size: 'photo' | 'thumbnail'): string => `${closetPiecePath(id)}/${size}`;

const name = text().max(CLOSET_NAME_MAX, `Name must be ${CLOSET_NAME_MAX} characters or less`);
const category = z.enum(CLOSET_CATEGORIES, `category must be one of ${CLOSET_CATEGORIES.join(', ')}`);
const colorFamily = z.enum(COLOR_FAMILIES, `colorFamily must be one of ${COLOR_FAMILIES.join(', ')}`);
const pattern = z.enum(CLOSET_PATTERNS, `pattern must be one of ${CLOSET_PATTERNS.join(', ')}`);

/** The multipart fields beside `photo` (POST /api/closet/pieces). */
export const closetUploadFields = z.object({ category, name: name.optional() });
export type ClosetUploadFields = z.output<typeof closetUploadFields>;

export const closetPieceIdInput = z.object({ id: z.uuid('Not a piece id') });

/** PATCH /api/closet/pieces/{id}: what the user may correct. At least one field. */
export const closetPiecePatchInput = z
  .object({ id: z.uuid('Not a piece id'), name: name.optional(), category: category.optional(), colorFamily: colorFamily.optional(), pattern: pattern.optional() })
  .refine((v) => v.name !== undefined || v.category !== undefined || v.colorFamily !== undefined || v.pattern !== undefined, {
    message: 'Nothing to change: send name, category, colorFamily or pattern',
  });
export type ClosetPiecePatch = z.output<typeof closetPiecePatchInput>;

/** A piece on the wire. `colorHex` is the measured main colour; `colorFamily` may be the user's correction. */
export const closetPieceAnswer = z.object({
  id: z.string(),
  name: z.string(),
  category: category,
  colorFamily: colorFamily,
  colorHex: z.string(),
  pattern: pattern,
  thumbnailUrl: z.string(),
  photoUrl: z.string(),
  createdAt: isoTime,
});
export type ClosetPiece = z.output<typeof closetPieceAnswer>;

/** GET /api/closet/pieces: the caller's pieces, newest first, and their tier's cap. */
export const closetListAnswer = z.object({ pieces: z.array(closetPieceAnswer), count: z.number(), cap: z.number() });
export type ClosetList = z.output<typeof closetListAnswer>;

/** DELETE /api/closet/pieces/{id}: the piece is gone with its photos; the closet's size against the cap. */
export const closetRemoveAnswer = z.object({ success: z.literal(true), id: z.string(), count: z.number(), cap: z.number() });
export type ClosetRemoveAnswer = z.output<typeof closetRemoveAnswer>;

/** What the closet's refusals and screens say, beside APP_ERRORS' closet_full and closet_photo_*. */
export const closetMessages = {
  photoRequired: `Add a photo of the piece (the ${CLOSET_PHOTO_FIELD} field).`,
  onePhoto: 'Send one photo per piece.',
  notMultipart: `Send the piece as multipart/form-data, its photo in the ${CLOSET_PHOTO_FIELD} field.`,
  unreadable: 'The upload could not be read. Send it again as multipart/form-data, with one photo.',
  sendOnce: (field: string) => `${field}: send it once`,
  tooManyPixels: `The photo must be ${CLOSET_PHOTO_MAX_PIXELS / 1_000_000} megapixels or smaller.`,
  notFound: 'No such piece in your closet.',
} as const;
