import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testLogger } from '@drape/log/testing';
import { startTestServer, type TestServer } from './testing/harness';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

describe('POST /api/auth/login', () => {
  it('answers token and user, and refuses a wrong password or unknown email alike', async () => {
    const u = await s.register();
    const ok = await s.call('POST', '/api/auth/login', { email: u.email.toUpperCase(), password: u.password });
    expect(ok.status).toBe(200);
    expect(ok.body.user.id).toBe(u.user.id);
    expect(ok.body.token).not.toBe(u.token);
    const wrong = await s.call('POST', '/api/auth/login', { email: u.email, password: 'not the password' });
    const unknown = await s.call('POST', '/api/auth/login', { email: 'nobody@example.com', password: 'whatever1' });
    expect(wrong).toMatchObject({ status: 401, body: { error: 'invalid_credentials', message: 'Incorrect email or password.' } });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('locks an email after 10 failures in 15 minutes: the bot check is asked for, a wrong password answers 429 account_locked with a retry time', async () => {
    const u = await s.register();
    for (let i = 0; i < 10; i++) {
      expect((await s.call('POST', '/api/auth/login', { email: u.email, password: `wrong-${i}` })).status).toBe(401);
    }
    // The owner is not shut out (apps/server/src/abuse.test.ts has the whole lock).
    expect(await s.call('POST', '/api/auth/login', { email: u.email, password: u.password })).toMatchObject({ status: 429, body: { error: 'bot_check_required' } });
    const locked = await s.call('POST', '/api/auth/login', { email: u.email, password: 'wrong again', turnstileToken: await s.solveBotCheck() });
    expect(locked.status).toBe(429);
    expect(locked.body.error).toBe('account_locked');
    expect(locked.body.retryAfterSeconds).toBeGreaterThan(800);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(800);
  });

  it('limits one client address to 30 tries in 15 minutes, read from X-Forwarded-For behind a proxy', async () => {
    const ip = '203.0.113.7';
    for (let i = 0; i < 30; i++) {
      expect((await s.call('POST', '/api/auth/login', { email: `probe${i}@example.com`, password: 'x' }, { ip })).status).toBe(401);
    }
    const limited = await s.call('POST', '/api/auth/login', { email: 'probe-last@example.com', password: 'x' }, { ip });
    expect(limited).toMatchObject({ status: 429, body: { error: 'rate_limited' } });
    expect((await s.call('POST', '/api/auth/login', { email: 'other@example.com', password: 'x' }, { ip: '203.0.113.8' })).status).toBe(401);
  });

  it("counts an address's failed sign-ins only: people sharing one address who sign in correctly never lock each other out", async () => {
    const ip = '203.0.113.9';
    const u = await s.register();
    for (let i = 0; i < 35; i++) {
      expect((await s.call('POST', '/api/auth/login', { email: u.email, password: u.password }, { ip })).status).toBe(200);
    }
    for (let i = 0; i < 30; i++) await s.call('POST', '/api/auth/login', { email: `probe-b${i}@example.com`, password: 'x' }, { ip });
    expect(await s.call('POST', '/api/auth/login', { email: u.email, password: u.password }, { ip })).toMatchObject({ status: 429, body: { error: 'rate_limited' } });
  });

  it('shares the limit between server processes (the store is PostgreSQL)', async () => {
    const second = await startTestServerOnSameDb();
    const ip = '198.51.100.9';
    for (let i = 0; i < 15; i++) await s.call('POST', '/api/auth/login', { email: `a${i}@example.com`, password: 'x' }, { ip });
    for (let i = 0; i < 15; i++) await second.call('POST', '/api/auth/login', { email: `b${i}@example.com`, password: 'x' }, { ip });
    const limited = await second.call('POST', '/api/auth/login', { email: 'c@example.com', password: 'x' }, { ip });
    expect(limited.status).toBe(429);
    await second.app.close();
  });

  it('refuses malformed input with 400', async () => {
    expect((await s.call('POST', '/api/auth/login', { email: 'not-an-email', password: 'x' })).body.error).toBe('invalid_input');
    expect((await s.call('POST', '/api/auth/login', { email: 'a@b.co' })).status).toBe(400);
    expect((await s.call('POST', '/api/auth/login', { email: 'a@b.co', password: 'x'.repeat(129) })).status).toBe(400);
  });
});

async function startTestServerOnSameDb() {
  const { buildApp } = await import('./app');
  const { createServices } = await import('./services');
  const { createDb } = await import('@drape/db');
  const { createLiveGeneration } = await import('@drape/jobs');
  const { createMailer } = await import('@drape/auth');
  const log = testLogger();
  const handle = createDb(s.db.url, 2, log);
  const generation = await createLiveGeneration(s.db.url, handle.db, log);
  const app = await buildApp({ services: createServices(handle, s.config, log, generation, s.storage, createMailer(handle.db, s.config, log)), serveApps: false });
  app.addHook('onClose', async () => {
    await generation.close();
    await handle.close();
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  return {
    app,
    call: (method: string, path: string, body: unknown, opts: { ip: string }) =>
      fetch(`http://127.0.0.1:${port}${path}`, { method, headers: { 'content-type': 'application/json', 'x-forwarded-for': opts.ip }, body: JSON.stringify(body) }),
  };
}

describe('sessions', () => {
  it('lists each device with type, browser, address and which one is current', async () => {
    const u = await s.register();
    const phone = await s.call('POST', '/api/auth/login', { email: u.email, password: u.password }, { headers: { 'user-agent': IPHONE }, ip: '192.0.2.10' });
    await s.call('POST', '/api/auth/login', { email: u.email, password: u.password }, { headers: { 'user-agent': DESKTOP } });
    const list = await s.call('GET', '/api/auth/sessions', undefined, { token: phone.body.token });
    expect(list.status).toBe(200);
    expect(list.body.sessions).toHaveLength(3);
    const current = list.body.sessions.filter((x: any) => x.isCurrent);
    expect(current).toHaveLength(1);
    expect(current[0]).toMatchObject({ ipAddress: '192.0.2.10', deviceInfo: { deviceType: 'mobile', userAgent: IPHONE } });
    expect(current[0].deviceInfo.browser).toMatch(/Safari/);
    const desktop = list.body.sessions.find((x: any) => x.deviceInfo.userAgent === DESKTOP);
    expect(desktop.deviceInfo).toMatchObject({ deviceType: 'desktop', browser: 'Chrome 131' });
    for (const x of list.body.sessions) expect(Object.keys(x).sort()).toEqual(['createdAt', 'deviceInfo', 'id', 'ipAddress', 'isCurrent', 'lastActivityAt']);
  });

  it('shows a user only their own sessions', async () => {
    const a = await s.register();
    const b = await s.register();
    const listA = await s.call('GET', '/api/auth/sessions', undefined, { token: a.token });
    const listB = await s.call('GET', '/api/auth/sessions', undefined, { token: b.token });
    expect(listA.body.sessions).toHaveLength(1);
    expect(listB.body.sessions).toHaveLength(1);
    expect(listA.body.sessions[0].id).not.toBe(listB.body.sessions[0].id);
  });

  it('refreshes with an accessToken that still works', async () => {
    const u = await s.register();
    const r = await s.call('POST', '/api/auth/refresh', undefined, { token: u.token });
    expect(r.status).toBe(200);
    expect(typeof r.body.accessToken).toBe('string');
    expect((await s.call('GET', '/api/user/profile', undefined, { token: r.body.accessToken })).status).toBe(200);
  });

  it('logout ends only this session; logout-all ends every session, the current one too', async () => {
    const u = await s.register();
    const second = (await s.call('POST', '/api/auth/login', { email: u.email, password: u.password })).body.token;
    const third = (await s.call('POST', '/api/auth/login', { email: u.email, password: u.password })).body.token;
    expect((await s.call('POST', '/api/auth/logout', undefined, { token: second })).status).toBe(200);
    expect((await s.call('GET', '/api/user/profile', undefined, { token: second })).status).toBe(401);
    expect((await s.call('GET', '/api/user/profile', undefined, { token: third })).status).toBe(200);
    const all = await s.call('POST', '/api/auth/logout-all-devices', undefined, { token: third });
    expect(all.body).toMatchObject({ success: true, sessionsRevoked: 2 });
    for (const t of [u.token, third]) expect((await s.call('GET', '/api/user/profile', undefined, { token: t })).body.error).toBe('unauthorized');
  });

  it('refuses calls without a session, with a garbage token, or after expiry', async () => {
    const u = await s.register();
    expect((await s.call('GET', '/api/auth/sessions')).status).toBe(401);
    expect((await s.call('GET', '/api/auth/sessions', undefined, { token: 'x'.repeat(32) })).status).toBe(401);
    await s.db.db.updateTable('sessions').set({ expires_at: new Date(Date.now() - 1000) }).where('user_id', '=', u.user.id).execute();
    expect((await s.call('GET', '/api/user/profile', undefined, { token: u.token })).status).toBe(401);
  });

  it('accepts the session cookie, and refuses a cookie-authenticated write from another origin', async () => {
    const u = await s.register();
    const cookie = `drape_session=${u.token}`;
    expect((await s.call('GET', '/api/user/profile', undefined, { headers: { cookie } })).status).toBe(200);
    const crossSite = await s.call('PATCH', '/api/user/profile', { bio: 'hi' }, { headers: { cookie, origin: 'https://evil.example' } });
    expect(crossSite).toMatchObject({ status: 403, body: { error: 'forbidden' } });
    const sameSite = await s.call('PATCH', '/api/user/profile', { bio: 'hi' }, { headers: { cookie, origin: s.url } });
    expect(sameSite.status).toBe(200);
    const bearerFromAnywhere = await s.call('PATCH', '/api/user/profile', { bio: 'bearer' }, { token: u.token, headers: { origin: 'https://evil.example' } });
    expect(bearerFromAnywhere.status).toBe(200);
  });
});

describe('the absolute lifetime (SESSION_MAX_DAYS, 90 days by default)', () => {
  const DAY = 86_400_000;
  /** Moves the sign-in of the user's sessions back by `days` (created_at is the sign-in time). */
  // created_at is insert-only in the table types; a test moves it back anyway.
  const signedInDaysAgo = (userId: string, days: number, expiresInDays: number) =>
    s.db.db.updateTable('sessions')
      .set({ created_at: new Date(Date.now() - days * DAY), expires_at: new Date(Date.now() + expiresInDays * DAY) } as never)
      .where('user_id', '=', userId).execute();
  const expiresAt = async (userId: string) =>
    (await s.db.db.selectFrom('sessions').select('expires_at').where('user_id', '=', userId).executeTakeFirstOrThrow()).expires_at.getTime();

  it('ends a session 90 days after its sign-in, however recently it was used or renewed', async () => {
    const u = await s.register();
    await signedInDaysAgo(u.user.id, 90.01, 20);
    expect((await s.call('GET', '/api/user/profile', undefined, { token: u.token })).body.error).toBe('unauthorized');
    // An ended session is gone, not only refused.
    expect(await s.db.db.selectFrom('sessions').select('id').where('user_id', '=', u.user.id).execute()).toEqual([]);
  });

  it('keeps a session used within its 90 days', async () => {
    const u = await s.register();
    await signedInDaysAgo(u.user.id, 89, 20);
    expect((await s.call('GET', '/api/user/profile', undefined, { token: u.token })).status).toBe(200);
  });

  it('never lets a refresh extend past the absolute end', async () => {
    const u = await s.register();
    await signedInDaysAgo(u.user.id, 85, 2);
    const r = await s.call('POST', '/api/auth/refresh', undefined, { token: u.token });
    expect(r.status).toBe(200);
    const end = Date.now() + 5 * DAY;
    expect(Math.abs(new Date(r.body.expiresAt).getTime() - end)).toBeLessThan(60_000);
    expect(Math.abs((await expiresAt(u.user.id)) - end)).toBeLessThan(60_000);
  });

  it('never lets a sliding renewal extend past the absolute end', async () => {
    const u = await s.register();
    // Less than half the sliding lifetime left: a call renews it, but only up to 90 days after sign-in.
    await signedInDaysAgo(u.user.id, 80, 3);
    expect((await s.call('GET', '/api/user/profile', undefined, { token: u.token })).status).toBe(200);
    expect(Math.abs((await expiresAt(u.user.id)) - (Date.now() + 10 * DAY))).toBeLessThan(60_000);
  });

  it('still slides the full 30 days early in a session', async () => {
    const u = await s.register();
    await signedInDaysAgo(u.user.id, 20, 3);
    await s.call('POST', '/api/auth/refresh', undefined, { token: u.token });
    expect(Math.abs((await expiresAt(u.user.id)) - (Date.now() + 30 * DAY))).toBeLessThan(60_000);
  });

  it('follows the setting: SESSION_MAX_DAYS=7 gives a new session 7 days, not 30', async () => {
    const short = await startTestServerWith({ SESSION_MAX_DAYS: '7' });
    try {
      const u = await short.register();
      const row = await short.db.db.selectFrom('sessions').select(['created_at', 'expires_at']).where('user_id', '=', u.user.id).executeTakeFirstOrThrow();
      expect(row.expires_at.getTime() - row.created_at.getTime()).toBe(7 * DAY);
      const r = await short.call('POST', '/api/auth/refresh', undefined, { token: u.token });
      expect(new Date(r.body.expiresAt).getTime()).toBe(row.created_at.getTime() + 7 * DAY);
    } finally {
      await short.close();
    }
  });
});

describe('without TRUST_PROXY', () => {
  it('takes the address from the socket and ignores X-Forwarded-For', async () => {
    const direct = await startTestServerWithoutProxy();
    try {
      const u = await direct.register();
      const list = await direct.call('GET', '/api/auth/sessions', undefined, { token: u.token, ip: '203.0.113.99' });
      expect(list.body.sessions[0].ipAddress).toBe('127.0.0.1');
    } finally {
      await direct.close();
    }
  });
});

async function startTestServerWithoutProxy() {
  return startTestServerWith({ TRUST_PROXY: 'false' });
}

async function startTestServerWith(env: Record<string, string>) {
  const { startTestServer: start } = await import('./testing/harness');
  return start(env);
}
