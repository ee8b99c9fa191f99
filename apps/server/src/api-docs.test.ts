import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './testing/harness';

/** /api/docs: the OpenAPI document in a viewer served from our own origin, allowed by the page's policy. */
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const get = (path: string) => fetch(`${s.url}${path}`, { redirect: 'manual' });
const directive = (policy: string, name: string) => policy.split(';').map((d) => d.trim()).find((d) => d.startsWith(`${name} `))?.split(/\s+/).slice(1) ?? [];

describe('GET /api/docs', () => {
  it('leads to the page, which loads the viewer from our own origin and points it at our OpenAPI document', async () => {
    const redirect = await get('/api/docs');
    expect(redirect.status).toBe(301);
    expect(redirect.headers.get('location')).toBe('/api/docs/');

    const page = await get('/api/docs/');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain('<title>Drape API</title>');
    const sources = [...html.matchAll(/<script[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]!);
    expect(sources).toEqual(['js/scalar.js']);
    // Every script, style and font the page names is a path of this origin: nothing from a CDN.
    expect(html).not.toMatch(/\b(?:src|href)="(?:https?:)?\/\//);
    expect(html).toContain('"url": "/api/openapi.json"');

    const script = await get(new URL(sources[0]!, `${s.url}/api/docs/`).pathname);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/^application\/javascript/);
    expect((await script.text()).length).toBeGreaterThan(100_000);
    const doc = await get('/api/openapi.json');
    expect(doc.status).toBe(200);
    expect(((await doc.json()) as { openapi: string }).openapi).toMatch(/^3\./);
  });

  it("is allowed by the page's policy: scripts from this origin and the page's one inline script by its hash, nothing else", async () => {
    const page = await get('/api/docs/');
    const html = await page.text();
    const policy = page.headers.get('content-security-policy')!;
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    expect(inline).toHaveLength(1);
    const hash = `'sha256-${createHash('sha256').update(inline[0]!).digest('base64')}'`;
    expect(directive(policy, 'script-src')).toEqual(["'self'", hash]);
    expect(directive(policy, 'default-src')).toEqual(["'self'"]);
    expect(directive(policy, 'connect-src')).toEqual(["'self'"]);
    // The viewer's web fonts would come from Scalar's servers: the page turns them off.
    expect(html).toContain('"withDefaultFonts": false');
    // Other pages keep the strict policy: no inline script at all.
    const other = (await get('/robots.txt')).headers.get('content-security-policy');
    expect(other).not.toBeNull();
    expect(directive(other!, 'script-src')).toEqual(["'self'"]);
  });
});
