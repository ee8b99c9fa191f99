import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { procedureByPath, procedureOnSurface } from '@drape/api';
import { bootstrapAdmin } from '@drape/auth';
import { freePort } from '@drape/config';
import { startTestServer, type TestServer } from './testing/harness';

/**
 * ADMIN_ORIGIN: the server listens twice, the admin app and its API on the admin origin, the user
 * app and its API on the main one, and neither answers the other's calls. Real HTTP to both
 * listeners of one server, with builds of the two apps of our own.
 */
let s: TestServer;
let admin: string;
let dist: string;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'drape-origin-dist-'));
  for (const [name, body] of [['web', 'the web app'], ['admin', 'the admin app']] as const) {
    fs.mkdirSync(path.join(dist, name, 'assets'), { recursive: true });
    fs.writeFileSync(path.join(dist, name, 'index.html'), `<!doctype html><html><head><title>${name}</title></head><body>${body}</body></html>`);
    fs.writeFileSync(path.join(dist, name, 'assets', `${name}-abc.js`), `console.log('${name}');`);
  }
  const adminPort = await freePort();
  s = await startTestServer({ env: { ADMIN_ORIGIN: `http://127.0.0.1:${adminPort}` }, apps: { webDist: path.join(dist, 'web'), adminDist: path.join(dist, 'admin') } });
  admin = s.adminUrl!;
  await bootstrapAdmin(s.db.db, 'ops', 'correct horse');
});
afterAll(async () => {
  await s.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const login = async (base: string, headers: Record<string, string> = {}) =>
  s.call('POST', '/api/admin/login', { adminKey: 'ops', password: 'correct horse' }, { base, headers });

describe('the admin origin', () => {
  it('is a listener of its own, on the port ADMIN_ORIGIN names', () => {
    expect(admin).toBe(s.config.adminListener!.origin);
    expect(admin).not.toBe(s.url);
  });

  it('serves the admin app at the base path, its assets, and leads its root there', async () => {
    for (const page of ['/backstage-login', '/backstage', '/backstage/image-gallery']) {
      const res = await s.call('GET', page, undefined, { base: admin });
      expect(res.status).toBe(200);
      expect(res.body).toContain('the admin app');
      expect(res.body).toContain('<meta name="drape-admin-base" content="/backstage">');
    }
    expect((await s.call('GET', '/backstage/assets/admin-abc.js', undefined, { base: admin })).status).toBe(200);
    const root = await fetch(`${admin}/`, { redirect: 'manual' });
    expect(root.status).toBe(302);
    expect(root.headers.get('location')).toBe('/backstage');
  });

  it('answers the admin API, by REST and tRPC', async () => {
    const res = await login(admin, { origin: admin });
    expect(res.status).toBe(200);
    const token = res.body.token as string;
    expect((await s.call('GET', '/api/admin/me', undefined, { base: admin, token })).body).toEqual({ adminKey: 'ops' });
    const trpc = await fetch(`${admin}/trpc/admin.me`, { headers: { authorization: `Bearer ${token}` } });
    expect(trpc.status).toBe(200);
    expect(((await trpc.json()) as { result: { data: unknown } }).result.data).toEqual({ adminKey: 'ops' });
    expect((await s.call('POST', '/api/admin/logout', undefined, { base: admin, token, headers: { origin: admin } })).status).toBe(200);
  });

  it("answers none of the user app's calls or pages", async () => {
    const user = await s.register();
    expect(await s.call('POST', '/api/auth/login', { email: user.email, password: user.password }, { base: admin })).toMatchObject({ status: 404, body: { error: 'not_found' } });
    expect((await s.call('GET', '/api/user/profile', undefined, { base: admin, token: user.token })).status).toBe(404);
    const trpc = await fetch(`${admin}/trpc/user.profile`, { headers: { authorization: `Bearer ${user.token}` } });
    expect(trpc.status).toBe(404);
    expect((await s.call('GET', '/', undefined, { base: admin, headers: { accept: 'text/html' } })).body).not.toContain('the web app');
    expect((await s.call('GET', '/dashboard', undefined, { base: admin })).status).toBe(404);
    // The admin app's gallery reads a look's pieces: that one user path is served here too.
    const pieces = await s.call('GET', '/api/fashion-items/00000000-0000-4000-8000-000000000001', undefined, { base: admin });
    expect(pieces.body.error).toBe('not_found');
    // A locked admin key's sign-in asks for the bot check: its challenge is served here too.
    const challenge = await s.call('GET', '/api/auth/bot-check', undefined, { base: admin });
    expect(challenge.status).toBe(200);
    expect(challenge.body).toHaveProperty('challenge');
    expect(pieces.body.message).not.toMatch(/^No route/);
  });

  it('serves the looks under /media, which the admin screens show', async () => {
    await s.storage.put('public', 'looks/origin-test.webp', Buffer.from('RIFF....WEBP'));
    const res = await fetch(`${admin}/media/looks/origin-test.webp`);
    expect(res.status).toBe(200);
  });

  it("refuses writes from another origin's pages, the user app's first of all, and sends no CORS grant", async () => {
    const fromUserApp = await login(admin, { origin: s.url });
    expect(fromUserApp).toMatchObject({ status: 403, body: { error: 'forbidden' } });
    expect((await login(admin, { 'sec-fetch-site': 'same-site' })).status).toBe(403);
    expect((await login(admin, { origin: 'https://evil.example' })).status).toBe(403);
    // A client that is not a browser sends no Origin: the token is its credential.
    const token = (await login(admin)).body.token as string;
    const read = await s.call('GET', '/api/admin/me', undefined, { base: admin, token, headers: { origin: s.url } });
    expect(read.headers.get('access-control-allow-origin')).toBeNull();
  });

  it("sends the admin app's pages with a policy that keeps them to their own origin", async () => {
    const res = await s.call('GET', '/backstage-login', undefined, { base: admin });
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });
});

describe("the admin app's calls", () => {
  /** Every procedure the admin app's source calls (trpc.x.y.queryOptions(), client.x.y.query(), ...). */
  function adminAppProcedures(): string[] {
    const root = path.resolve(import.meta.dirname, '../../admin/src');
    const files = (fs.readdirSync(root, { recursive: true }) as string[]).filter((f) => /\.tsx?$/.test(f));
    const call = /\b(?:trpc|client|trpcClient)\.((?:[a-zA-Z]+\.)+)(?:queryOptions|mutationOptions|infiniteQueryOptions|queryKey|queryFilter|pathFilter|query|mutate)\b/g;
    const found = new Set<string>();
    for (const file of files) for (const m of fs.readFileSync(path.join(root, file), 'utf8').matchAll(call)) found.add(m[1]!.slice(0, -1));
    return [...found].sort();
  }

  it('are all answered on the admin origin (the app calls its own origin)', () => {
    const calls = adminAppProcedures();
    expect(calls).toContain('admin.logout');
    expect(calls.filter((p) => !procedureByPath.has(p))).toEqual([]);
    expect(calls.filter((p) => !procedureOnSurface('admin', p, procedureByPath.get(p)?.meta))).toEqual([]);
  });
});

describe('the main origin, with ADMIN_ORIGIN set', () => {
  it('still serves the user app and its API', async () => {
    const user = await s.register();
    expect((await s.call('GET', '/api/user/profile', undefined, { token: user.token })).status).toBe(200);
    expect((await s.call('GET', '/dashboard')).body).toContain('the web app');
  });

  it('answers none of the admin API: not found, like any unknown path, with a valid token too', async () => {
    const token = (await login(admin)).body.token as string;
    expect(await login(s.url)).toMatchObject({ status: 404, body: { error: 'not_found' } });
    expect((await s.call('GET', '/api/admin/me', undefined, { token })).status).toBe(404);
    expect((await s.call('GET', '/api/admin/users', undefined, { token })).status).toBe(404);
    expect((await s.call('GET', '/api/admin/blocked-images/00000000-0000-4000-8000-000000000001/image', undefined, { token })).status).toBe(404);
    const single = await fetch(`${s.url}/trpc/admin.me`, { headers: { authorization: `Bearer ${token}` } });
    expect(single.status).toBe(404);
    expect(((await single.json()) as { error: { data: { appCode: string } } }).error.data.appCode).toBe('not_found');
    // In a batch, the admin call alone is not found; the user call beside it is answered.
    const batch = await fetch(`${s.url}/trpc/admin.me,meta.version?batch=1`, { headers: { authorization: `Bearer ${token}` } });
    const [me, version] = (await batch.json()) as [{ error?: { data: { httpStatus: number } } }, { result?: unknown }];
    expect(me.error?.data.httpStatus).toBe(404);
    expect(version.result).toBeDefined();
    const trpcLogin = await fetch(`${s.url}/trpc/admin.login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ adminKey: 'ops', password: 'correct horse' }) });
    expect(trpcLogin.status).toBe(404);
  });

  it('does not serve the admin app: its paths are the web app\'s, like any unknown path', async () => {
    for (const page of ['/backstage-login', '/backstage', '/backstage/image-gallery']) {
      const res = await s.call('GET', page);
      expect(res.body).toContain('the web app');
      expect(res.body).not.toContain('the admin app');
    }
    expect((await s.call('GET', '/backstage/assets/admin-abc.js')).body).not.toContain("console.log('admin')");
  });
});
