import sharp, { type SharpOptions } from 'sharp';
import { measurePhotoColours } from '@drape/atelier/stylist';
import type { ColorFamily } from '@drape/contracts';
import { CLOSET_PHOTO_MAX_PIXELS, CLOSET_PHOTO_MAX_SIDE, CLOSET_THUMBNAIL_SIZE, closetMessages, type ClosetPattern } from '@drape/contracts/closet';
import { appError } from '../errors';

/**
 * A user's photo of a piece, made fit to keep (docs/decisions/0034-closet.md): turned upright
 * (EXIF orientation), transparent parts laid on white, shrunk to fit CLOSET_PHOTO_MAX_SIDE and
 * encoded again as JPEG from its bare pixels, so nothing of the original file survives (its EXIF,
 * GPS position, camera, XMP or ICC profile); a square thumbnail; and the colours measured on a
 * 64 px copy (@drape/atelier's measurePhotoColours). What is not a JPEG, PNG or WebP picture, by
 * its decoded content whatever it was called, is refused.
 */
export interface ClosetPhoto {
  /** JPEG, at most CLOSET_PHOTO_MAX_SIDE on its longer side, without metadata. */
  photo: Buffer;
  /** JPEG, CLOSET_THUMBNAIL_SIZE square, without metadata. */
  thumbnail: Buffer;
  colorHex: string;
  colorFamily: ColorFamily;
  pattern: ClosetPattern;
}

const DECODED_FORMATS = new Set(['jpeg', 'png', 'webp']);
/** The measure's copy: 64 px a side measures a garment's colours as well as the full photo (photo-colours.ts). */
const SAMPLE_SIDE = 64;
const PHOTO_JPEG = { quality: 84 } as const;
const THUMBNAIL_JPEG = { quality: 80 } as const;
/**
 * A decompression bomb (a small file that decodes to gigabytes) stops at the pixel limit; a
 * truncated or corrupt file is refused ('error'), while the harmless warnings real cameras'
 * files raise are not.
 */
const INPUT: SharpOptions = { limitInputPixels: CLOSET_PHOTO_MAX_PIXELS, failOn: 'error' };

export async function prepareClosetPhoto(bytes: Buffer): Promise<ClosetPhoto> {
  // The header first: the format it really is, and its size, before any pixel is decoded (read
  // without the pixel limit, which would refuse a bomb as no picture at all).
  const meta = bytes.length ? await sharp(bytes, { limitInputPixels: false }).metadata().catch(() => null) : null;
  if (!meta?.format || !DECODED_FORMATS.has(meta.format)) throw appError('closet_photo_invalid');
  if ((meta.width ?? 0) * (meta.height ?? 0) > CLOSET_PHOTO_MAX_PIXELS) throw appError('closet_photo_too_large', closetMessages.tooManyPixels);
  const upright = await sharp(bytes, INPUT)
    .rotate()
    .flatten({ background: '#ffffff' })
    .resize({ width: CLOSET_PHOTO_MAX_SIDE, height: CLOSET_PHOTO_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true })
    .catch(() => {
      throw appError('closet_photo_invalid');
    });
  const { width, height, channels } = upright.info;
  const pixels = () => sharp(upright.data, { raw: { width, height, channels } });
  const [photo, thumbnail, sample] = await Promise.all([
    pixels().jpeg(PHOTO_JPEG).toBuffer(),
    // 'attention' keeps the busiest part of the photo: the piece rather than the floor around it.
    pixels().resize(CLOSET_THUMBNAIL_SIZE, CLOSET_THUMBNAIL_SIZE, { fit: 'cover', position: 'attention' }).jpeg(THUMBNAIL_JPEG).toBuffer(),
    pixels().resize(SAMPLE_SIDE, SAMPLE_SIDE, { fit: 'inside' }).raw().toBuffer({ resolveWithObject: true }),
  ]);
  const measured = measurePhotoColours(sample.data, sample.info.width, sample.info.height, sample.info.channels === 4 ? 4 : 3);
  return { photo, thumbnail, colorHex: measured.main.hex, colorFamily: measured.family, pattern: measured.pattern };
}
