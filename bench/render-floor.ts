import { compose, lookPrompt, NEGATIVE_PROMPT, qualityScore, safetyVerdict } from '@drape/atelier';
import { aiMarkOf } from '@drape/operations';
import { atelierProvider, nsfwClassifier, processImage, warmClassifier } from '@drape/pipeline';

/**
 * The pipeline's floor, one process of it (issue 17): the same work as a generate job's stages
 * without the queue, the database or the files, as many images at once as a worker takes in
 * aggressive mode. `FLOOR_MODE=render` is the render and encode alone (compose, the SVG, sharp's
 * rasterise, watermark, WebP and thumbnail); `compute` adds the classifier and the score. The bench
 * starts as many of these at once as it starts worker processes, and sums their images.
 */
const mode = process.env.FLOOR_MODE === 'compute' ? 'compute' : 'render';
const seconds = Number(process.env.FLOOR_SECONDS ?? 20);
const inFlight = Number(process.env.FLOOR_IN_FLIGHT ?? 5);
const warmUp = 5;

async function one(seed: number): Promise<void> {
  const look = compose({ gender: seed % 2 ? 'male' : 'female', trend: 'boho_chic' }, seed);
  const raw = await atelierProvider.render(look, lookPrompt(look), NEGATIVE_PROMPT, AbortSignal.timeout(60_000));
  const processed = await processImage(raw, aiMarkOf(atelierProvider.name));
  if (mode === 'compute') {
    await nsfwClassifier.classify(processed.classifierInput);
    qualityScore({ look, sharpness: processed.sharpness });
    safetyVerdict(look);
  }
}

async function main() {
  if (mode === 'compute') await warmClassifier();
  for (let i = 0; i < warmUp; i++) await one(9000 + i);
  // Every process starts its clock together: the parent says go once all are warm.
  process.send?.({ type: 'ready' });
  await new Promise<void>((resolve) => process.once('message', () => resolve()));
  let seed = 10_000 + process.pid * 1000;
  let images = 0;
  const end = performance.now() + seconds * 1000;
  const lane = async () => {
    while (performance.now() < end) {
      await one(seed++);
      images += 1;
    }
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: inFlight }, lane));
  process.send?.({ type: 'done', images, seconds: (performance.now() - t0) / 1000 });
  process.disconnect?.();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
