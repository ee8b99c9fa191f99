import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './testing/harness';

/**
 * /media serves public looks from either image store, and nothing from the private area. The
 * apps are served as `npm start` serves them: their fallback must not answer a missing image.
 */
describe.each([false, true])('/media (object storage: %s)', (s3) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ s3, serveApps: true });
  });
  afterAll(() => s.close());

  it('answers a stored look with immutable caching, 304 on a matching ETag, 404 for a private or missing key', async () => {
    const bytes = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c19a6b' } }).webp().toBuffer();
    await s.storage.put('public', 'looks/media-probe.webp', bytes);
    await s.storage.put('private', 'blocked/media-probe.webp', bytes);

    const res = await fetch(`${s.url}/media/looks/media-probe.webp`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
    const etag = res.headers.get('etag');
    expect(etag).toBeTruthy();
    // A browser's revalidation (fetch() alone would add Cache-Control: no-cache to a conditional request).
    const again = await fetch(`${s.url}/media/looks/media-probe.webp`, { headers: { 'if-none-match': etag!, 'cache-control': 'max-age=0' } });
    expect(again.status).toBe(304);

    expect((await fetch(`${s.url}/media/blocked/media-probe.webp`)).status).toBe(404);
    expect((await fetch(`${s.url}/media/looks/missing.webp`)).status).toBe(404);
    // The URL parser resolves the dots: the request is /private/..., the web app's, never the file.
    const traversal = await fetch(`${s.url}/media/%2e%2e/private/blocked/media-probe.webp`);
    expect(traversal.headers.get('content-type')).not.toMatch(/image/);
    expect(Buffer.from(await traversal.arrayBuffer()).equals(bytes)).toBe(false);
  });

  it('answers a missing file 404, uncacheable, never the web app page (a CDN would keep it as the image)', async () => {
    for (const p of ['/media/looks/missing.webp', '/media/thumbs/nope/missing.webp', '/media/missing', '/media']) {
      for (const method of ['GET', 'HEAD'] as const) {
        const res = await fetch(`${s.url}${p}`, { method });
        expect({ p, method, status: res.status }).toEqual({ p, method, status: 404 });
        expect(res.headers.get('cache-control')).toBe('no-store');
        expect(res.headers.get('content-type') ?? '').not.toMatch(/html/);
      }
    }
    // A folder is refused (the disk's static files answer 403), never with a page either.
    const folder = await fetch(`${s.url}/media/looks/`);
    expect(folder.status).toBeGreaterThanOrEqual(400);
    expect(folder.headers.get('content-type') ?? '').not.toMatch(/html/);
    // The app's own paths still get its page.
    expect((await fetch(`${s.url}/dashboard`)).headers.get('content-type')).toMatch(/text\/html/);
  });
});
