import sharp from 'sharp';
import { IMAGE_HEIGHT, IMAGE_WIDTH, watermarkSvg } from '@drape/atelier';
import { LOOK_WEBP, THUMB_HEIGHT, THUMB_WEBP, THUMB_WIDTH, withAiMark, type AiMark } from '@drape/operations';
import { CLASSIFIER_SIZE } from './classifier';
import type { ProviderImage } from './providers/provider';


/** The watermark as a PNG, rasterised once per process, for providers that do not draw it. */
let watermarkPng: Promise<Buffer> | null = null;
const watermark = () => (watermarkPng ??= sharp(Buffer.from(watermarkSvg(IMAGE_WIDTH, IMAGE_HEIGHT))).png().toBuffer());

export interface ProcessedImage {
  image: Buffer;
  thumbnail: Buffer;
  /** 224x224 RGB for the classifier. */
  classifierInput: Buffer;
  /** 0..1, variance of the Laplacian of the classifier input. */
  sharpness: number;
}

/**
 * The provider's picture as a watermarked 768x1024 WebP, a 384x512 thumbnail and the classifier's
 * input: one rasterisation, every other size resized from the one before it. Both stored WebPs
 * carry the AI mark of the provider that drew it (docs/decisions/0031): this is where every
 * generated look is encoded for the store.
 */
export async function processImage(input: ProviderImage, mark: AiMark): Promise<ProcessedImage> {
  let pipeline = sharp(input.data, { density: 72 });
  const meta = await pipeline.metadata();
  if (meta.width !== IMAGE_WIDTH || meta.height !== IMAGE_HEIGHT) {
    pipeline = sharp(input.data, { density: 72 }).resize(IMAGE_WIDTH, IMAGE_HEIGHT, { fit: 'cover', position: 'top' });
  }
  if (!input.watermarked) pipeline = pipeline.composite([{ input: await watermark(), top: 0, left: 0 }]);
  const full = await pipeline.removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const thumbRaw = await sharp(full.data, { raw: full.info }).resize(THUMB_WIDTH, THUMB_HEIGHT).raw().toBuffer({ resolveWithObject: true });
  const [image, thumbnail, classifierInput] = await Promise.all([
    withAiMark(sharp(full.data, { raw: full.info }).webp(LOOK_WEBP), mark).toBuffer(),
    withAiMark(sharp(thumbRaw.data, { raw: thumbRaw.info }).webp(THUMB_WEBP), mark).toBuffer(),
    sharp(thumbRaw.data, { raw: thumbRaw.info }).resize(CLASSIFIER_SIZE, CLASSIFIER_SIZE, { fit: 'fill' }).raw().toBuffer(),
  ]);
  return { image, thumbnail, classifierInput, sharpness: normaliseSharpness(laplacianVariance(classifierInput, CLASSIFIER_SIZE, CLASSIFIER_SIZE)) };
}

/** Variance of the 4-neighbour Laplacian of the luminance: the usual focus measure. */
export function laplacianVariance(rgb: Buffer, width: number, height: number): number {
  const lum = new Float32Array(width * height);
  for (let i = 0, p = 0; i < lum.length; i++, p += 3) lum[i] = 0.299 * rgb[p]! + 0.587 * rgb[p + 1]! + 0.114 * rgb[p + 2]!;
  let sum = 0;
  let sumSq = 0;
  let n = 0;
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      const v = lum[i - 1]! + lum[i + 1]! + lum[i - width]! + lum[i + width]! - 4 * lum[i]!;
      sum += v;
      sumSq += v * v;
      n++;
    }
  }
  const mean = sum / n;
  return sumSq / n - mean * mean;
}

/** Crisp illustrations measure 600-3,000 at 224 px (a 4 px blur: under 100); 600 counts as fully sharp. */
export function normaliseSharpness(variance: number): number {
  if (!Number.isFinite(variance) || variance <= 0) return 0;
  return Math.min(1, variance / 600);
}
