import { createRequire } from 'node:module';
import path from 'node:path';
import * as tf from '@tensorflow/tfjs';
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
import { load, type NSFWJS } from 'nsfwjs';

/**
 * The image classifier of the safety check: nsfwjs's MobileNetV2Mid graph model (faster here than
 * MobileNetV2, 56 ms against 81 ms, and the more accurate of the two), shipped inside the npm package,
 * on TensorFlow's wasm backend (no native library, no download; ~55 ms an image, against 1.2 s on
 * the pure-JS backend: docs/stack-notes.md). Loaded once per process.
 */
export const CLASSIFIER_SIZE = 224;

export interface Classification {
  safe: boolean;
  /** 0-100: 100 minus the explicit classes' share. */
  safetyScore: number;
  predictions: Record<string, number>;
}

export interface Classifier {
  classify(rgb224: Buffer): Promise<Classification>;
}

let loading: Promise<NSFWJS> | null = null;

async function model(): Promise<NSFWJS> {
  loading ??= (async () => {
    const require = createRequire(import.meta.url);
    setWasmPaths(`${path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm'))}/`);
    await tf.setBackend('wasm');
    await tf.ready();
    return load('MobileNetV2Mid');
  })();
  return loading;
}

/** Explicit content blocks an image; a drawing or a neutral picture passes. */
export function verdictOf(predictions: Record<string, number>): Classification {
  const explicit = (predictions.Porn ?? 0) + (predictions.Hentai ?? 0);
  const sexy = predictions.Sexy ?? 0;
  return {
    safe: explicit < 0.5 && sexy < 0.7,
    safetyScore: Math.round(100 * (1 - Math.min(1, explicit + sexy))),
    predictions,
  };
}

export const nsfwClassifier: Classifier = {
  async classify(rgb224) {
    const m = await model();
    const input = tf.tensor3d(new Uint8Array(rgb224.buffer, rgb224.byteOffset, rgb224.length), [CLASSIFIER_SIZE, CLASSIFIER_SIZE, 3], 'int32');
    try {
      const preds = await m.classify(input as never, 5);
      return verdictOf(Object.fromEntries(preds.map((p) => [p.className, p.probability])));
    } finally {
      input.dispose();
    }
  },
};

/** Loads the model ahead of the first job (a worker warms up at start). */
export async function warmClassifier(): Promise<void> {
  await model();
}
