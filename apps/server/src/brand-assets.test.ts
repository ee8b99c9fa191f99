import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OFFICIAL_LOGO_HEIGHT } from './brand-assets';
import { SITEMAP_PATHS } from './crawler-files';
import { startTestServer, type TestServer } from './testing/harness';

const ADMIN_BASE_PATH = '/atelier-office-7f3k';
const PUBLIC_ORIGIN = 'https://drape.example';

/** The official logo, robots.txt and sitemap.xml through the real server (without the built apps). */
describe('brand assets and crawler files', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ ADMIN_BASE_PATH, PUBLIC_ORIGIN });
  });
  afterAll(() => s.close());

  it('serves the official logo as a PNG of the logo, cached with an ETag', async () => {
    const res = await fetch(`${s.url}/api/assets/logo/official`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('public, max-age=604800');
    const png = Buffer.from(await res.arrayBuffer());
    expect(png.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(true);
    const meta = await sharp(png).metadata();
    // The mark and the wordmark side by side: a wide image on a transparent ground.
    expect(meta.height).toBe(OFFICIAL_LOGO_HEIGHT);
    expect(meta.width).toBeGreaterThan(OFFICIAL_LOGO_HEIGHT * 3);
    expect(meta.hasAlpha).toBe(true);

    const etag = res.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await fetch(`${s.url}/api/assets/logo/official`, { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
    expect((await again.arrayBuffer()).byteLength).toBe(0);
    // The same bytes every time: the render is kept.
    const third = await fetch(`${s.url}/api/assets/logo/official`);
    expect(third.headers.get('etag')).toBe(etag);
    expect(Buffer.from(await third.arrayBuffer()).equals(png)).toBe(true);
  });

  it('sends the root /favicon.ico, which browsers ask for unprompted, to the built icon', async () => {
    const res = await fetch(`${s.url}/favicon.ico`, { redirect: 'manual' });
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/brand/favicon.ico');
  });

  it('answers HEAD for the logo with its headers and no body', async () => {
    const res = await fetch(`${s.url}/api/assets/logo/official`, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('etag')).toBeTruthy();
    expect((await res.arrayBuffer()).byteLength).toBe(0);
  });

  it('serves robots.txt as text with the sitemap, keeping crawlers out of the APIs and the signed-in pages', async () => {
    const res = await fetch(`${s.url}/robots.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const text = await res.text();
    const lines = text.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    for (const path of ['/api/', '/trpc/', '/dashboard', '/wardrobe', '/lookbook', '/profile', '/settings', '/outfit-result']) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines).toContain(`Sitemap: ${PUBLIC_ORIGIN}/sitemap.xml`);
    // The sign-in page must be crawlable for its noindex to be read; images may be indexed.
    expect(text).not.toMatch(/^Disallow: \/(auth|media)$/m);
  });

  it('never names the hidden admin area in robots.txt', async () => {
    const text = await (await fetch(`${s.url}/robots.txt`)).text();
    expect(text).not.toContain(ADMIN_BASE_PATH.slice(1));
    expect(text).not.toContain('backstage');
  });

  it('serves sitemap.xml as well-formed XML listing the public pages with absolute URLs', async () => {
    const res = await fetch(`${s.url}/sitemap.xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const xml = await res.text();
    // The whole document, element by element: the declaration, one urlset, one <url><loc> per page.
    const shape = /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">\n((?: {2}<url><loc>[^<>&]+<\/loc><\/url>\n)+)<\/urlset>\n$/;
    const match = shape.exec(xml);
    expect(match).not.toBeNull();
    const locs = [...match![1]!.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(SITEMAP_PATHS.map((p) => `${PUBLIC_ORIGIN}${p}`));
    expect(locs).not.toContain(`${PUBLIC_ORIGIN}/auth`);
  });

  it('answers the API 404 for a path beside the logo, not an image', async () => {
    const res = await fetch(`${s.url}/api/assets/logo/unofficial`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  });
});
