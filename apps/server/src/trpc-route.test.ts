import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRouter, procedureList, type Context } from '@drape/api';
import { startTestServer, type TestServer } from './testing/harness';

/**
 * /trpc answers the common calls directly and hands the rest to tRPC's resolver (trpc-route.ts).
 * Both must answer exactly as tRPC's reference adapter does: the same status and the same JSON
 * for the same request, or the tRPC client would read them differently.
 */
let s: TestServer;
let token: string;
beforeAll(async () => {
  s = await startTestServer();
  token = (await s.register()).token;
});
afterAll(() => s.close());

interface Probe {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  signedIn?: boolean;
}

const enc = (v: unknown) => encodeURIComponent(JSON.stringify(v));
const PROBES: Probe[] = [
  { name: 'a query', method: 'GET', path: '/trpc/meta.version' },
  { name: 'a query with input', method: 'GET', path: `/trpc/auth.checkUsername?input=${enc({ username: 'free_name_1' })}` },
  { name: 'a batch of queries', method: 'GET', path: `/trpc/meta.version,catalog.occasions,auth.checkUsername?batch=1&input=${enc({ 2: { username: 'ab' } })}` },
  { name: 'invalid input', method: 'GET', path: `/trpc/auth.checkUsername?input=${enc({ username: 12 })}` },
  { name: 'signed out', method: 'GET', path: '/trpc/user.profile' },
  { name: 'signed in', method: 'GET', path: '/trpc/user.profile,auth.sessions?batch=1', signedIn: true },
  { name: 'a mixed batch (207)', method: 'GET', path: '/trpc/user.profile,meta.version?batch=1' },
  { name: 'a mutation', method: 'POST', path: '/trpc/auth.login', body: JSON.stringify({ email: 'nobody@example.com', password: 'not the password' }) },
  { name: 'a batched mutation', method: 'POST', path: '/trpc/auth.forgotPassword?batch=1', body: JSON.stringify({ 0: { email: 'nobody@example.com' } }) },
  { name: 'a refused mutation input', method: 'POST', path: '/trpc/user.updateProfile?batch=1', body: JSON.stringify({ 0: { tier: 'fashion_icon' } }), signedIn: true },
  { name: 'an unknown procedure', method: 'GET', path: '/trpc/nope.nothing' },
  { name: 'a query by POST', method: 'POST', path: '/trpc/meta.version', body: '{}' },
  { name: 'a mutation by GET', method: 'GET', path: '/trpc/auth.login' },
  { name: 'malformed input', method: 'GET', path: '/trpc/meta.version?input=%7Bbad' },
  { name: 'a batch whose input is not an object', method: 'GET', path: `/trpc/meta.version?batch=1&input=${enc([1])}` },
];

/** tRPC's reference adapter on the same router, with the context the server would build. */
async function reference(p: Probe): Promise<{ status: number; body: unknown }> {
  const ctx: Context = {
    services: s.services,
    req: { ipAddress: '198.51.100.250', userAgent: 'reference' },
    sessionToken: p.signedIn ? token : null,
    adminToken: null,
    response: {},
  };
  const res = await fetchRequestHandler({
    endpoint: '/trpc',
    router: appRouter,
    req: new Request(`http://localhost${p.path}`, { method: p.method, headers: p.body ? { 'content-type': 'application/json' } : {}, body: p.body }),
    createContext: () => ctx,
  });
  return { status: res.status, body: JSON.parse(await res.text()) };
}

describe('/trpc', () => {
  it("answers every procedure by the other method as tRPC does: the direct path's procedure types (read from tRPC's definitions, decision 0027) are tRPC's", async () => {
    for (const { path, type } of procedureList) {
      const p: Probe = type === 'query' ? { name: path, method: 'POST', path: `/trpc/${path}`, body: '{}' } : { name: path, method: 'GET', path: `/trpc/${path}` };
      const res = await fetch(`${s.url}${p.path}`, { method: p.method, headers: p.body ? { 'content-type': 'application/json' } : {}, body: p.body });
      expect({ path, status: res.status, body: JSON.parse(await res.text()) }).toEqual({ path, ...(await reference(p)) });
    }
  });

  it.each(PROBES)('answers $name as tRPC does', async (p) => {
    const res = await fetch(`${s.url}${p.path}`, {
      method: p.method,
      headers: { ...(p.body ? { 'content-type': 'application/json' } : {}), ...(p.signedIn ? { authorization: `Bearer ${token}` } : {}) },
      body: p.body,
    });
    const ours = { status: res.status, body: JSON.parse(await res.text()) };
    expect(ours).toEqual(await reference(p));
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('sets the session cookie on a sign-in and clears it on a sign-out, by either path', async () => {
    const u = await s.register();
    const login = await fetch(`${s.url}/trpc/auth.login?batch=1`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ 0: { email: u.email, password: u.password } }) });
    expect(login.status).toBe(200);
    const cookie = login.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^drape_session=[a-z2-7]{32}; .*HttpOnly/);
    const session = cookie.split(';')[0]!;
    const logout = await fetch(`${s.url}/trpc/auth.logout?batch=1`, { method: 'POST', headers: { 'content-type': 'application/json', cookie: session, origin: s.url }, body: '{}' });
    expect(logout.status).toBe(200);
    expect(logout.headers.get('set-cookie')).toMatch(/^drape_session=; .*Expires=Thu, 01 Jan 1970/);
  });
});
