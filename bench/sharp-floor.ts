import { performance } from 'node:perf_hooks';
import sharp from 'sharp';

/**
 * The floor of a sitting for the image benches: sharp rasterising and encoding a plain 768x1024
 * SVG to WebP, per image (ms). This machine's speed drifts between days; figures are read beside it.
 */
export async function bareSharpMs(rounds = 20): Promise<number> {
  const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="768" height="1024"><rect width="768" height="1024" fill="#e8e0d4"/><circle cx="384" cy="400" r="200" fill="#c0392b"/></svg>');
  const t = performance.now();
  for (let i = 0; i < rounds; i++) await sharp(svg).webp({ quality: 82 }).toBuffer();
  return Math.round(((performance.now() - t) / rounds) * 10) / 10;
}
