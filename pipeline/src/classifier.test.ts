import { describe, expect, it } from 'vitest';
import { compose, render } from '@drape/atelier';
import { nsfwClassifier, verdictOf } from './classifier';
import { BUILT_IN_PROVIDER } from '@drape/contracts/looks';
import { aiMarkOf } from '@drape/operations';
import { processImage } from './image-processing';

describe('image classifier', () => {
  it('blocks explicit predictions and passes drawings and neutral pictures', () => {
    expect(verdictOf({ Porn: 0.6, Hentai: 0.1, Sexy: 0.1, Neutral: 0.1, Drawing: 0.1 })).toMatchObject({ safe: false, safetyScore: 20 });
    expect(verdictOf({ Sexy: 0.8, Neutral: 0.2 })).toMatchObject({ safe: false });
    expect(verdictOf({ Drawing: 0.9, Neutral: 0.1 })).toEqual({ safe: true, safetyScore: 100, predictions: { Drawing: 0.9, Neutral: 0.1 } });
  });

  it('runs the bundled model offline on a real render and finds it safe', async () => {
    const look = compose({ gender: 'female', occasion: 'office', styleVibe: 'elegant', bodyShape: 'pear', skinTone: 'deep' }, 3);
    const processed = await processImage({ data: Buffer.from(render(look)), watermarked: false }, aiMarkOf(BUILT_IN_PROVIDER));
    expect(processed.classifierInput.length).toBe(224 * 224 * 3);
    const result = await nsfwClassifier.classify(processed.classifierInput);
    expect(result.safe).toBe(true);
    expect(Object.keys(result.predictions).sort()).toEqual(['Drawing', 'Hentai', 'Neutral', 'Porn', 'Sexy']);
    const sum = Object.values(result.predictions).reduce((a, b) => a + b, 0);
    expect(sum).toBeGreaterThan(0.99);
  }, 30_000);
});
