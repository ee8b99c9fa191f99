import { IMAGE_HEIGHT, IMAGE_WIDTH } from '@drape/atelier';
import type { ImageProvider } from './provider';

/**
 * A diffusion server over HTTP. Two protocols: the OpenAI images API when the URL ends in
 * /v1/images/generations, otherwise Automatic1111's /sdapi/v1/txt2img (appended when absent).
 * The pieces still come from composition, so the prompt names exactly what the items list says.
 */
export function httpProvider(baseUrl: string, apiKey?: string): ImageProvider {
  const openai = /\/v1\/images\/generations\/?$/.test(baseUrl);
  const url = openai || /\/sdapi\/v1\/txt2img\/?$/.test(baseUrl) ? baseUrl : `${baseUrl.replace(/\/$/, '')}/sdapi/v1/txt2img`;
  return {
    name: openai ? 'http-openai' : 'http-a1111',
    async render(look, prompt, negativePrompt, signal) {
      const body = openai
        ? { prompt, n: 1, size: '1024x1536', response_format: 'b64_json' }
        : { prompt, negative_prompt: negativePrompt, width: IMAGE_WIDTH, height: IMAGE_HEIGHT, seed: Number(look.seed) % 2 ** 31, steps: 30, cfg_scale: 7, sampler_name: 'DPM++ 2M Karras', batch_size: 1 };
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}) },
        body: JSON.stringify(body),
        signal,
      });
      if (!res.ok) throw new Error(`image provider answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
      const json = (await res.json()) as { images?: string[]; data?: { b64_json?: string }[] };
      const b64 = openai ? json.data?.[0]?.b64_json : json.images?.[0];
      if (!b64) throw new Error('image provider answered without an image');
      return { data: Buffer.from(b64.replace(/^data:image\/\w+;base64,/, ''), 'base64'), watermarked: false };
    },
  };
}
