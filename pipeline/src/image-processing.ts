import sharp from 'sharp';
import { IMAGE_HEIGHT, IMAGE_WIDTH, watermarkSvg } from '@drape/atelier';
import { CLASSIFIER_SIZE } from './classifier';

/** 768x1024 WebP at effort 2 (~6% more bytes than default, half the encode time: STACK-NOTES.md). */
const WEBP = { quality: 82, effort: 2, alphaQuality: 100 } as const;
export const THUMB_WIDTH = 384;
export const THUMB_HEIGHT = 512;

const watermark = Buffer.from(watermarkSvg(IMAGE_WIDTH, IMAGE_HEIGHT));

export interface ProcessedImage {
  image: Buffer;
  thumbnail: Buffer;
  /** 224x224 RGB for the classifier. */
  classifierInput: Buffer;
  /** 0..1, from the thumbnail's Laplacian-based sharpness estimate. */
  sharpness: number;
}

/** Sizes the provider's picture to 768x1024, watermarks it bottom right, encodes it and a thumbnail. */
export async function processImage(input: Buffer): Promise<ProcessedImage> {
  const raster = await sharp(input, { density: 72 })
    .resize(IMAGE_WIDTH, IMAGE_HEIGHT, { fit: 'cover', position: 'top' })
    .composite([{ input: watermark, top: 0, left: 0 }])
    .flatten({ background: '#ffffff' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const base = () => sharp(raster.data, { raw: raster.info });
  const [image, thumbnail, classifierInput] = await Promise.all([
    base().webp(WEBP).toBuffer(),
    base().resize(THUMB_WIDTH, THUMB_HEIGHT).webp({ quality: 78, effort: 2 }).toBuffer(),
    base().resize(CLASSIFIER_SIZE, CLASSIFIER_SIZE, { fit: 'fill' }).removeAlpha().raw().toBuffer(),
  ]);
  const stats = await sharp(thumbnail).stats();
  return { image, thumbnail, classifierInput, sharpness: normaliseSharpness(stats.sharpness) };
}

/** sharp's estimate is unbounded; a crisp illustration scores ~8+ at thumbnail size. */
export function normaliseSharpness(raw: number): number {
  if (!Number.isFinite(raw) || raw <= 0) return 0;
  return Math.min(1, raw / 8);
}
