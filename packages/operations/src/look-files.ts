import sharp from 'sharp';
import type { Look } from '@drape/atelier';
import type { BlockedPiece } from '@drape/db';
import type { Storage } from '@drape/storage';
import { withAiMark, type AiMark } from './ai-mark';
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

/** The thumbnail of a stored (already watermarked) look picture, with the AI mark. */
export function thumbnailOf(image: Buffer, mark: AiMark): Promise<Buffer> {
  return withAiMark(sharp(image).resize(THUMB_WIDTH, THUMB_HEIGHT).webp(THUMB_WEBP), mark).toBuffer();
}

/** A stored look picture encoded again with the AI mark (its pixels as they are): `drape ai-mark` on older looks. */
export function markedPictureOf(image: Buffer, mark: AiMark): Promise<Buffer> {
  return withAiMark(sharp(image).webp(LOOK_WEBP), mark).toBuffer();
}

/** A look's pieces as their fashion_items rows, in order (without the image they belong to). */
export function pieceRows(look: Look): BlockedPiece[] {
  return look.pieces.map((p) => ({
    name: p.name, type: p.type, color: p.color.name, color_hex: p.color.hex,
    color_family: p.color.family, description: p.description, price_range: p.priceRange,
    // The user's own piece (a look built around My Pieces): 'Yours', no shopping links.
    ...(p.owned ? { owned: true } : {}),
  }));
}

/** A stored public file's bytes, or null when it is not there. */
export async function readPublicFile(storage: Storage, key: string): Promise<Buffer | null> {
  const file = await storage.get('public', key);
  if (!file) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of file.body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}
