import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DIGITAL_SOURCE_TYPES } from '@drape/contracts/looks';
import { aiMarkOf, aiMarkXmp, readAiMark, withAiMark } from './ai-mark';

describe('the AI mark', () => {
  it('names algorithmicMedia for the built-in renderer and trainedAlgorithmicMedia for any other provider', () => {
    expect(aiMarkOf('atelier')).toEqual({ sourceType: DIGITAL_SOURCE_TYPES.algorithmicMedia, generator: 'Drape (built-in renderer)' });
    expect(aiMarkOf('http-openai')).toEqual({ sourceType: DIGITAL_SOURCE_TYPES.trainedAlgorithmicMedia, generator: 'Drape (http-openai)' });
  });

  it('reads back what it wrote, escaped, and nothing from an image without it', async () => {
    const mark = { sourceType: DIGITAL_SOURCE_TYPES.trainedAlgorithmicMedia, generator: 'Drape ("a" & <b>)' };
    expect(aiMarkXmp(mark)).not.toContain('<b>');
    const plain = sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } });
    for (const format of ['webp', 'jpeg'] as const) {
      const file = await withAiMark(plain.clone()[format](), mark).toBuffer();
      expect(readAiMark((await sharp(file).metadata()).xmp)).toEqual(mark);
    }
    expect(readAiMark((await sharp(await plain.clone().webp().toBuffer()).metadata()).xmp)).toBeNull();
  });
});
