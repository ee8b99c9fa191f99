import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRERENDER_ORIGIN } from '@drape/contracts/landing';
import { OFFLINE_PAGE_PATH, SERVICE_WORKER_PATH } from '@drape/contracts/offline';
import { SESSION_COOKIE } from '@drape/contracts/storage-keys';
import { registerStaticApps } from './static-apps';

/**
 * Which HTML a request gets: the public prerendered pages go to visitors without a session, the
 * signed-in one (/dashboard) to requests with a session, the shell to everyone else. A built web app of our own (the files the web build writes, small), served by
 * the module the server registers, with the compression and cookie plugins it runs with.
 */
const ORIGIN = 'https://drape.example';
let dist: string;
let app: FastifyInstance;

const page = (name: string) => `<!doctype html><html><head><link rel="canonical" href="${PRERENDER_ORIGIN}/${name}"></head><body><div id="root" data-prerendered="/${name}">${name} page ${'x'.repeat(2000)}</div></body></html>`;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'drape-web-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head></head><body><div id="root"></div>shell</body></html>');
  fs.writeFileSync(path.join(dist, 'landing.html'), page(''));
  fs.writeFileSync(path.join(dist, 'auth.html'), page('auth'));
  fs.writeFileSync(path.join(dist, 'dashboard.html'), page('dashboard'));
  fs.writeFileSync(path.join(dist, 'prerendered.json'), JSON.stringify({
    '/': { file: 'landing.html', signedIn: false },
    '/auth': { file: 'auth.html', signedIn: false },
    '/dashboard': { file: 'dashboard.html', signedIn: true },
  }));
  fs.writeFileSync(path.join(dist, 'assets', 'app-abc.js'), 'export {};');
  fs.writeFileSync(path.join(dist, 'assets', 'app-abc.js.br'), zlib.brotliCompressSync('export {};'));
  fs.writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  fs.writeFileSync(path.join(dist, 'offline.html'), '<!doctype html><title>offline</title>');
  app = Fastify();
  await app.register(fastifyCompress, { threshold: 1024 });
  await app.register(fastifyCookie);
  await registerStaticApps(app, { adminBase: '/backstage', publicOrigin: ORIGIN, webDist: dist, adminDist: path.join(dist, 'no-admin') });
});

afterAll(async () => {
  await app.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });
const session = { cookie: `${SESSION_COOKIE}=some-token` };

describe('prerendered pages', () => {
  it('sends the landing at / to a visitor without a session, with this server\'s origin in it', async () => {
    const res = await get('/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.vary).toMatch(/Cookie/);
    expect(res.body).toContain('data-prerendered="/"');
    expect(res.body).toContain(`href="${ORIGIN}/"`);
    expect(res.body).not.toContain(PRERENDER_ORIGIN);
    expect(res.body).toContain(`<meta name="drape-origin" content="${ORIGIN}">`);
  });

  it('sends the shell at / to a signed-in browser: the dashboard opens without the landing first', async () => {
    const res = await get('/', session);
    expect(res.statusCode).toBe(200);
    expect(res.headers.vary).toMatch(/Cookie/);
    expect(res.body).toContain('shell');
    expect(res.body).not.toContain('data-prerendered');
    expect(res.body).toContain(`<meta name="drape-origin" content="${ORIGIN}">`);
  });

  it('sends /auth prerendered whatever its query, and the shell with a session', async () => {
    expect((await get('/auth')).body).toContain('data-prerendered="/auth"');
    expect((await get('/auth?returnUrl=%2Fwardrobe&ref=alice')).body).toContain('data-prerendered="/auth"');
    expect((await get('/auth', session)).body).toContain('shell');
  });

  it('sends /dashboard prerendered to a request with a session, the shell (which leads to the sign-in) without', async () => {
    const res = await get('/dashboard', session);
    expect(res.statusCode).toBe(200);
    expect(res.headers.vary).toMatch(/Cookie/);
    expect(res.body).toContain('data-prerendered="/dashboard"');
    expect(res.body).toContain(`href="${ORIGIN}/dashboard"`);
    expect(res.body).not.toContain(PRERENDER_ORIGIN);
    const visitor = await get('/dashboard');
    expect(visitor.body).toContain('shell');
    expect(visitor.body).not.toContain('data-prerendered');
  });

  it('compresses them', async () => {
    const res = await get('/', { 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('sends the shell everywhere else, and JSON 404s on API paths', async () => {
    for (const url of ['/signup', '/admin', '/no/such/page']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('shell');
    }
    const api = await get('/api/nothing');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ error: 'not_found' });
  });

  it('serves the hashed assets as immutable, compressed at build where the browser takes it', async () => {
    const plain = await get('/assets/app-abc.js');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.body).toBe('export {};');
    const br = await get('/assets/app-abc.js', { 'accept-encoding': 'br, gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe('export {};');
  });

  it('serves the service worker and its offline page at the root, revalidated on every request (decision 0032)', async () => {
    const worker = await get(SERVICE_WORKER_PATH);
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toMatch(/javascript/);
    expect(worker.headers['cache-control']).toBe('no-cache');
    const offline = await get(OFFLINE_PAGE_PATH);
    expect(offline.statusCode).toBe(200);
    expect(offline.headers['cache-control']).toBe('no-cache');
  });
});

describe('without prerendered pages (a build from before them)', () => {
  it('sends the shell at /', async () => {
    const bare = fs.mkdtempSync(path.join(os.tmpdir(), 'drape-web-dist-'));
    fs.writeFileSync(path.join(bare, 'index.html'), '<!doctype html><div id="root"></div>shell');
    const plain = Fastify();
    await plain.register(fastifyCookie);
    await registerStaticApps(plain, { adminBase: '/backstage', publicOrigin: ORIGIN, webDist: bare, adminDist: path.join(bare, 'no-admin') });
    try {
      expect((await plain.inject({ method: 'GET', url: '/' })).body).toContain('shell');
    } finally {
      await plain.close();
      fs.rmSync(bare, { recursive: true, force: true });
    }
  });
});
