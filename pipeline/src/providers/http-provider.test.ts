import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compose, lookPrompt, NEGATIVE_PROMPT } from '@drape/atelier';
import { aiMarkOf } from '@drape/operations';
import { processImage } from '../image-processing';
import { httpProvider } from './http-provider';

/**
 * A local stand-in for a diffusion server that speaks the two real protocols: Automatic1111's
 * POST /sdapi/v1/txt2img ({ images: [base64] }) and OpenAI's POST /v1/images/generations
 * ({ data: [{ b64_json }] }). It records what it was sent.
 */
let server: http.Server;
let base: string;
const received: { path: string; body: Record<string, unknown>; auth?: string }[] = [];
let mode: 'ok' | 'error' | 'hang' = 'ok';

beforeAll(async () => {
  const png = async (w: number, h: number) => (await sharp({ create: { width: w, height: h, channels: 3, background: '#c0a080' } }).png().toBuffer()).toString('base64');
  server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', async () => {
      received.push({ path: req.url ?? '', body: JSON.parse(raw || '{}'), auth: req.headers.authorization });
      if (mode === 'hang') return;
      if (mode === 'error') {
        res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"CUDA out of memory"}');
        return;
      }
      res.setHeader('content-type', 'application/json');
      if (req.url === '/sdapi/v1/txt2img') res.end(JSON.stringify({ images: [await png(768, 1024)], parameters: {}, info: '{}' }));
      else if (req.url === '/v1/images/generations') res.end(JSON.stringify({ created: 1, data: [{ b64_json: await png(1024, 1536) }] }));
      else res.writeHead(404).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const look = compose({ gender: 'female', trend: 'polka', styleVibe: 'elegant', bodyShape: 'pear', skinTone: 'medium' }, 5);

describe('http provider', () => {
  it('speaks Automatic1111 txt2img: prompt, negative prompt, 768x1024 and the seed', async () => {
    mode = 'ok';
    const provider = httpProvider(base);
    const prompt = lookPrompt(look);
    const out = await provider.render(look, prompt, NEGATIVE_PROMPT, AbortSignal.timeout(5000));
    const sent = received.at(-1)!;
    expect(sent.path).toBe('/sdapi/v1/txt2img');
    expect(sent.body).toMatchObject({ prompt, negative_prompt: NEGATIVE_PROMPT, width: 768, height: 1024, seed: 5 });
    expect(prompt.toLowerCase()).toContain(look.pieces[0]!.name.toLowerCase());
    const processed = await processImage(out, aiMarkOf('http-a1111'));
    expect(await sharp(processed.image).metadata()).toMatchObject({ format: 'webp', width: 768, height: 1024 });
  });

  it('speaks the OpenAI images API and fits its 1024x1536 answer to 768x1024', async () => {
    mode = 'ok';
    const provider = httpProvider(`${base}/v1/images/generations`, 'sk-test');
    const out = await provider.render(look, 'a prompt', NEGATIVE_PROMPT, AbortSignal.timeout(5000));
    expect(received.at(-1)).toMatchObject({ path: '/v1/images/generations', body: { prompt: 'a prompt', n: 1, response_format: 'b64_json' }, auth: 'Bearer sk-test' });
    expect(await sharp((await processImage(out, aiMarkOf('http-a1111'))).image).metadata()).toMatchObject({ width: 768, height: 1024 });
  });

  it('fails on a server error and on a timeout', async () => {
    mode = 'error';
    await expect(httpProvider(base).render(look, 'p', 'n', AbortSignal.timeout(5000))).rejects.toThrow(/answered 500/);
    mode = 'hang';
    await expect(httpProvider(base).render(look, 'p', 'n', AbortSignal.timeout(300))).rejects.toThrow();
    mode = 'ok';
  });
});
