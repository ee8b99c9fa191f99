import { render } from '@drape/atelier';
import type { ImageProvider } from './provider';

/** The built-in renderer: a fashion illustration of exactly the composed pieces (SVG). */
export const atelierProvider: ImageProvider = {
  name: 'atelier',
  async render(look) {
    return Buffer.from(render(look));
  },
};
