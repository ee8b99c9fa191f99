import type { Look } from '@drape/atelier';

/** Something that turns a composed look and its prompt into a picture (SVG or raster bytes). */
export interface ImageProvider {
  readonly name: string;
  render(look: Look, prompt: string, negativePrompt: string, signal: AbortSignal): Promise<Buffer>;
}
