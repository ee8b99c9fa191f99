import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { compose, render } from '@drape/atelier';
import { BUILT_IN_PROVIDER, DIGITAL_SOURCE_TYPES } from '@drape/contracts/looks';
import { aiMarkOf, readAiMark } from '@drape/operations';
import { processImage } from './image-processing';

const look = compose({ gender: 'male', trend: 'nautical_chic', styleVibe: 'casual', bodyShape: 'rectangle', skinTone: 'fair' }, 9);

describe('processImage', () => {
  it('makes a 768x1024 WebP, a 384x512 thumbnail and the 224x224 classifier input', async () => {
    const out = await processImage({ data: Buffer.from(render(look, look.model, { watermark: true })), watermarked: true }, aiMarkOf(BUILT_IN_PROVIDER));
    expect(await sharp(out.image).metadata()).toMatchObject({ format: 'webp', width: 768, height: 1024 });
    expect(await sharp(out.thumbnail).metadata()).toMatchObject({ format: 'webp', width: 384, height: 512 });
    expect(out.classifierInput.length).toBe(224 * 224 * 3);
    expect(out.sharpness).toBeGreaterThan(0.9);
  });

  it('writes the AI mark of the provider into the picture and the thumbnail', async () => {
    const data = Buffer.from(render(look, look.model, { watermark: true }));
    const builtIn = await processImage({ data, watermarked: true }, aiMarkOf(BUILT_IN_PROVIDER));
    const diffusion = await processImage({ data, watermarked: true }, aiMarkOf('http-a1111'));
    for (const file of [builtIn.image, builtIn.thumbnail]) {
      expect(readAiMark((await sharp(file).metadata()).xmp)).toEqual({ sourceType: DIGITAL_SOURCE_TYPES.algorithmicMedia, generator: 'Drape (built-in renderer)' });
    }
    for (const file of [diffusion.image, diffusion.thumbnail]) {
      expect(readAiMark((await sharp(file).metadata()).xmp)).toEqual({ sourceType: DIGITAL_SOURCE_TYPES.trainedAlgorithmicMedia, generator: 'Drape (http-a1111)' });
    }
  });

  it('scores a blurred picture as unsharp and watermarks a provider picture that lacks one', async () => {
    const crisp = await sharp(Buffer.from(render(look))).png().toBuffer();
    const blurred = await sharp(crisp).blur(6).png().toBuffer();
    const out = await processImage({ data: blurred, watermarked: false }, aiMarkOf(BUILT_IN_PROVIDER));
    expect(out.sharpness).toBeLessThan(0.3);
    // The watermark's corner differs from the same corner without it.
    const corner = (buf: Buffer) => sharp(buf).extract({ left: 600, top: 960, width: 160, height: 56 }).raw().toBuffer();
    const plain = await processImage({ data: crisp, watermarked: true }, aiMarkOf(BUILT_IN_PROVIDER));
    const marked = await processImage({ data: crisp, watermarked: false }, aiMarkOf(BUILT_IN_PROVIDER));
    expect(Buffer.compare(await corner(plain.image), await corner(marked.image))).not.toBe(0);
  });
});
