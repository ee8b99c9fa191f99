import { render } from '@drape/atelier';
import type { ImageProvider } from '@drape/pipeline';

/** The real built-in renderer (for stocking inventory directly in tests). */
export const atelierProviderForTests: ImageProvider = {
  name: 'atelier',
  async render(look) {
    return { data: Buffer.from(render(look, look.model, { watermark: true })), watermarked: true };
  },
};

/** A provider that always fails, as a dead diffusion server would. */
export const failingProvider: ImageProvider = {
  name: 'failing',
  async render() {
    throw new Error('provider unavailable');
  },
};
