import sharp from 'sharp';
import type { Look } from '@drape/atelier';
import type { BlockedPiece } from '@drape/db';
import { THUMB_HEIGHT, THUMB_WIDTH } from '@drape/contracts';

/**
 * How a stored look is laid out, shared by the pipeline (which stores what it makes) and the
 * admin's restore of a blocked image (which stores what the pipeline refused): the same keys,
 * thumbnail and piece rows whichever way a look enters the inventory.
 */
export { THUMB_HEIGHT, THUMB_WIDTH } from '@drape/contracts';
/** 768x1024 WebP at effort 2 (~6% more bytes than default, half the encode time: docs/stack-notes.md). */
export const LOOK_WEBP = { quality: 82, effort: 2 } as const;
export const THUMB_WEBP = { quality: 78, effort: 2 } as const;

/** The public keys of a look's picture and thumbnail (named by the job that made it): @drape/looks' insert owns them. */
export { lookKeys } from '@drape/looks';

/** The thumbnail of a stored (already watermarked) look picture. */
export function thumbnailOf(image: Buffer): Promise<Buffer> {
  return sharp(image).resize(THUMB_WIDTH, THUMB_HEIGHT).webp(THUMB_WEBP).toBuffer();
}

/** A look's pieces as their fashion_items rows, in order (without the image they belong to). */
export function pieceRows(look: Look): BlockedPiece[] {
  return look.pieces.map((p) => ({
    name: p.name, type: p.type, color: p.color.name, color_hex: p.color.hex,
    color_family: p.color.family, description: p.description, price_range: p.priceRange,
  }));
}
