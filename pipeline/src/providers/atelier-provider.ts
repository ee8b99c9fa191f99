import { render } from '@drape/atelier';
import { BUILT_IN_PROVIDER } from '@drape/contracts/looks';
import type { ImageProvider } from './provider';

/**
 * The built-in renderer: a fashion illustration of exactly the composed pieces (SVG), with the
 * watermark drawn into it (a separate composite costs a third more rasterising).
 */
export const atelierProvider: ImageProvider = {
  name: BUILT_IN_PROVIDER,
  async render(look) {
    return { data: Buffer.from(render(look, look.model, { watermark: true })), watermarked: true };
  },
};
