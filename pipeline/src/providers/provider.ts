import type { Look } from '@drape/atelier';

export interface ProviderImage {
  /** SVG or raster bytes. */
  data: Buffer;
  /** The provider drew the bottom-right watermark itself (the built-in renderer does, for free). */
  watermarked: boolean;
}

/** Something that turns a composed look and its prompt into a picture. */
export interface ImageProvider {
  readonly name: string;
  render(look: Look, prompt: string, negativePrompt: string, signal: AbortSignal): Promise<ProviderImage>;
}
