import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrapAdmin, removeAdmin, upsertAdmin } from '@drape/auth';
import { textMessages } from '@drape/contracts';
import { authMessages } from '@drape/contracts/auth';
import { runGenerateJob, type Classifier } from '@drape/pipeline';
import { atelierProviderForTests } from './testing/providers';
import { startTestServer, type TestServer } from './testing/harness';

// The security review's fixes, each through the real HTTP server.

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ env: { CDN_BASE_URL: 'https://cdn.example' } });
  await bootstrapAdmin(s.db.db, 'ops', 'correct horse battery');
});
afterAll(() => s.close());

const adminToken = async (key = 'ops', password = 'correct horse battery') => {
  const res = await s.call('POST', '/api/admin/login', { adminKey: key, password });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.token as string;
};

describe('TRUST_PROXY=1 (one proxy in front)', () => {
  it('takes the address the proxy saw, so a forged X-Forwarded-For entry neither escapes nor turns the limits on someone else', async () => {
    const victim = '198.51.100.7';
    const attacker = '10.9.9.9';
    // The attacker names the victim's address first; the proxy appends the address it saw.
    for (let i = 0; i < 10; i++) {
      const res = await s.call('POST', '/api/auth/forgot-password', { email: `t${i}@example.com` }, { headers: { 'x-forwarded-for': `${victim}, ${attacker}` } });
      expect(res.status).toBe(200);
    }
    const limited = await s.call('POST', '/api/auth/forgot-password', { email: 'x@example.com' }, { headers: { 'x-forwarded-for': `${victim}, ${attacker}` } });
    expect(limited).toMatchObject({ status: 429, body: { error: 'rate_limited' } });
    // The victim, behind the same proxy, is not locked out.
    const own = await s.call('POST', '/api/auth/forgot-password', { email: 'y@example.com' }, { headers: { 'x-forwarded-for': victim } });
    expect(own.status).toBe(200);
  });

  it('trusts a listed proxy address and nothing else', async () => {
    const listed = await startTestServer({ TRUST_PROXY: '127.0.0.1' });
    const other = await startTestServer({ TRUST_PROXY: '10.0.0.0/8' });
    /** The address a new session records when the request comes from 127.0.0.1 with this header. */
    const recorded = async (server: TestServer) => {
      const u = await server.register();
      const login = await server.call('POST', '/api/auth/login', { email: u.email, password: u.password }, { ip: '203.0.113.5' });
      const list = await server.call('GET', '/api/auth/sessions', undefined, { token: login.body.token });
      return list.body.sessions.find((x: { isCurrent: boolean }) => x.isCurrent).ipAddress;
    };
    try {
      expect(await recorded(listed)).toBe('203.0.113.5');
      expect(await recorded(other)).toBe('127.0.0.1');
    } finally {
      await listed.close();
      await other.close();
    }
  });
});

describe('blocked images', () => {
  /**
   * A classifier that flags every picture: which picture the model would flag is not what this
   * test is about, but where the pipeline puts a refused one.
   */
  const refusesAll: Classifier = { classify: async () => ({ safe: false, safetyScore: 5, predictions: { Porn: 0.95, Neutral: 0.05 } }) };

  it('are stored privately: never under /media, served to an admin token only, never cached', async () => {
    const deps = { db: s.db.db, storage: s.storage, provider: atelierProviderForTests, classifier: refusesAll, timeoutMs: 30_000 };
    const out = await runGenerateJob(deps, crypto.randomUUID(), { gender: 'male', occasion: 'office', seed: 7, source: 'batch' });
    expect(out.kind).toBe('blocked');
    const row = await s.db.db.selectFrom('blocked_images').select(['id', 'storage_key']).where('id', '=', out.kind === 'blocked' ? out.blockedId : '').executeTakeFirstOrThrow();
    expect(await s.storage.exists('private', row.storage_key!)).toBe(true);
    expect(await s.storage.exists('public', row.storage_key!)).toBe(false);
    expect((await s.call('GET', `/media/${row.storage_key}`)).status).toBe(404);
    expect((await s.call('GET', `/media/../private/${row.storage_key}`)).status).toBe(404);

    const path = `/api/admin/blocked-images/${row.id}/image`;
    expect((await s.call('GET', path)).status).toBe(401);
    const user = await s.register();
    expect((await s.call('GET', path, undefined, { token: user.token })).status).toBe(401);
    const res = await fetch(`${s.url}${path}`, { headers: { authorization: `Bearer ${await adminToken()}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 768, height: 1024 });
    expect((await s.call('GET', `/api/admin/blocked-images/${crypto.randomUUID()}/image`, undefined, { token: await adminToken() })).status).toBe(404);
  });
});

describe('confirming the password', () => {
  it('is rate limited like a login, per account, for change-password and delete-account alike', async () => {
    const u = await s.register();
    for (let i = 0; i < 5; i++) {
      expect((await s.call('POST', '/api/user/change-password', { currentPassword: 'wrong guess', newPassword: 'a fine new passphrase' }, { token: u.token })).body.error).toBe('invalid_current_password');
      expect((await s.call('DELETE', '/api/user/delete-account', { password: 'wrong guess' }, { token: u.token })).body.error).toBe('invalid_password');
    }
    // The 11th try is refused even with the right password, from any address.
    const locked = await s.call('POST', '/api/user/change-password', { currentPassword: u.password, newPassword: 'a fine new passphrase' }, { token: u.token });
    expect(locked).toMatchObject({ status: 429, body: { error: 'rate_limited' } });
    expect(locked.headers.get('retry-after')).toMatch(/^\d+$/);
    // Another account is not affected.
    const v = await s.register();
    expect((await s.call('POST', '/api/user/change-password', { currentPassword: v.password, newPassword: 'a fine new passphrase' }, { token: v.token })).status).toBe(200);
  });
});

describe('common passwords', () => {
  it('are refused with weak_password on sign-up, change and reset', async () => {
    const reg = await s.call('POST', '/api/auth/register', {
      email: `common${Date.now()}@example.com`, password: 'iloveyou', username: `common${Date.now() % 100000}`, firstName: 'C', lastName: 'P', turnstileToken: await s.solveBotCheck(),
    });
    expect(reg).toMatchObject({ status: 400, body: { error: 'weak_password', message: authMessages.commonPassword } });
    const u = await s.register();
    const change = await s.call('POST', '/api/user/change-password', { currentPassword: u.password, newPassword: 'Sunshine1' }, { token: u.token });
    expect(change).toMatchObject({ status: 400, body: { error: 'weak_password', message: authMessages.commonPassword } });
  });
});

describe('a changed password', () => {
  it('voids every outstanding reset link and mails the owner', async () => {
    const u = await s.register();
    await s.call('POST', '/api/auth/forgot-password', { email: u.email });
    const link = (await s.resetLinkFor(u.email))!;
    const changed = await s.call('POST', '/api/user/change-password', { currentPassword: u.password, newPassword: 'a fine new passphrase' }, { token: u.token });
    expect(changed.status).toBe(200);
    const token = new URL(link).searchParams.get('token');
    expect((await s.call('POST', '/api/auth/reset-password', { token, newPassword: 'yet another passphrase' })).body.error).toBe('invalid_token');
    expect(await s.db.db.selectFrom('mail_outbox').select('subject').where('recipient', '=', u.email).where('kind', '=', 'password_changed').executeTakeFirstOrThrow()).toEqual({ subject: 'Your Drape password was changed' });
    // Its text as the development console shows it (the outbox keeps no body).
    const mail = s.mails.findLast((line) => line.startsWith(`[mail] to ${u.email}: Your Drape password was changed`));
    expect(mail).toContain(`${s.config.publicOrigin}/auth`);
  });
});

describe('admin sign-in', () => {
  it('costs an unknown key the same password check as a known one', async () => {
    const time = async (adminKey: string) => {
      const started = performance.now();
      await s.call('POST', '/api/admin/login', { adminKey, password: 'not the password' });
      return performance.now() - started;
    };
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 5; i++) {
      known.push(await time('ops'));
      unknown.push(await time(`ghost${i}`));
    }
    // Without the dummy check an unknown key answers in a fraction of the time (no argon2 at all).
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.5);
  });

  it('locks a key after 10 failures from any address (its admin then passes with a bot check), and an address after 20 tries of any key', async () => {
    await upsertAdmin(s.db.db, 'night', 'night shift passphrase');
    for (let i = 0; i < 10; i++) expect((await s.call('POST', '/api/admin/login', { adminKey: 'night', password: `guess ${i}` })).status).toBe(401);
    const locked = await s.call('POST', '/api/admin/login', { adminKey: 'night', password: 'night shift passphrase' });
    expect(locked).toMatchObject({ status: 429, body: { error: 'bot_check_required' } });
    const guessed = await s.call('POST', '/api/admin/login', { adminKey: 'night', password: 'guess', turnstileToken: await s.solveBotCheck() });
    expect(guessed).toMatchObject({ status: 429, body: { error: 'account_locked' } });
    const ip = '203.0.113.200';
    for (let i = 0; i < 20; i++) expect((await s.call('POST', '/api/admin/login', { adminKey: `k${i}`, password: 'x' }, { ip })).status).toBe(401);
    expect((await s.call('POST', '/api/admin/login', { adminKey: 'ops', password: 'correct horse battery' }, { ip })).status).toBe(429);
  });

  it('ends a token when its admin is removed or its password is reset, not when the same password is set again', async () => {
    await upsertAdmin(s.db.db, 'temp', 'temporary passphrase');
    const token = await adminToken('temp', 'temporary passphrase');
    expect((await s.call('GET', '/api/admin/me', undefined, { token })).status).toBe(200);
    expect(await upsertAdmin(s.db.db, 'temp', 'temporary passphrase')).toBe('unchanged');
    expect((await s.call('GET', '/api/admin/me', undefined, { token })).status).toBe(200);
    expect(await upsertAdmin(s.db.db, 'temp', 'another passphrase')).toBe('changed');
    expect((await s.call('GET', '/api/admin/me', undefined, { token })).body.error).toBe('admin_unauthorized');
    const fresh = await adminToken('temp', 'another passphrase');
    await removeAdmin(s.db.db, 'temp');
    expect((await s.call('GET', '/api/admin/me', undefined, { token: fresh })).status).toBe(401);
  });
});

describe('the referrer search', () => {
  it('answers only what the register form shows, and is rate limited per address', async () => {
    const u = await s.register({ firstName: 'Zebedee', lastName: 'Quill' });
    const res = await s.call('GET', '/api/auth/search-users?q=zebed');
    expect(res.body.users).toEqual([{ id: u.user.id, firstName: 'Zebedee', lastName: 'Quill', username: u.username }]);
    const ip = '203.0.113.77';
    for (let i = 0; i < 120; i++) expect((await s.call('GET', '/api/auth/search-users?q=ab', undefined, { ip })).status).toBe(200);
    expect((await s.call('GET', '/api/auth/search-users?q=ab', undefined, { ip })).body.error).toBe('rate_limited');
  });
});

describe('bad text', () => {
  it('answers 400 with a clear message for NUL and other control characters, and changes nothing', async () => {
    const nul = await s.call('GET', '/api/auth/search-users?q=%00ab');
    expect(nul).toMatchObject({ status: 400, body: { error: 'invalid_input', message: `q: ${textMessages.controlCharacters}` } });
    expect((await s.call('GET', '/api/auth/check-username/ab%00cd')).status).toBe(400);
    const admin = await s.call('POST', '/api/admin/login', { adminKey: 'ops\u0000', password: 'x\u0001' });
    expect(admin).toMatchObject({ status: 400, body: { error: 'invalid_input' } });
    const u = await s.register();
    expect((await s.call('PATCH', '/api/user/profile', { firstName: 'Ada\u0007' }, { token: u.token })).status).toBe(400);
    expect((await s.call('PATCH', '/api/user/profile', { bio: 'Line one\u0000' }, { token: u.token })).status).toBe(400);
    const twoLines = await s.call('PATCH', '/api/user/profile', { bio: 'Line one\nLine two' }, { token: u.token });
    expect(twoLines.body.bio).toBe('Line one\nLine two');
    expect((await s.call('POST', '/trpc/auth.login', { email: 'a@b.co', password: '\u0000' })).status).toBe(400);
  });

  it('refuses an email over 254 characters, and one of 254 registers and signs in', async () => {
    const local = 'a'.repeat(64);
    const domain = `${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(57)}.com`;
    const longest = `${local}@${domain}`;
    expect(longest).toHaveLength(254);
    const u = await s.register({ email: longest });
    expect(u.user.email).toBe(longest);
    expect((await s.call('POST', '/api/auth/login', { email: longest, password: u.password })).status).toBe(200);
    const tooLong = await s.call('POST', '/api/auth/login', { email: `a${longest}`, password: u.password });
    expect(tooLong).toMatchObject({ status: 400, body: { message: 'email: Email is too long' } });
  });
});

describe('response headers', () => {
  it('marks every /trpc answer no-store, success and error alike', async () => {
    const ok = await s.call('GET', '/trpc/meta.version');
    expect(ok.headers.get('cache-control')).toBe('no-store');
    expect(ok.headers.get('x-content-type-options')).toBe('nosniff');
    const u = await s.register();
    const profile = await s.call('GET', '/trpc/user.profile', undefined, { token: u.token });
    expect(profile.headers.get('cache-control')).toBe('no-store');
    const bad = await s.call('GET', '/trpc/user.profile');
    expect(bad.status).toBe(401);
    expect(bad.headers.get('cache-control')).toBe('no-store');
  });

  it('sends the data headers with the framework refusals on REST paths: bad JSON, 413, 415', async () => {
    const expectDataHeaders = (h: Headers) => {
      expect(h.get('cache-control')).toBe('no-store');
      expect(h.get('x-content-type-options')).toBe('nosniff');
      expect(h.get('cross-origin-resource-policy')).toBe('same-origin');
    };
    const badJson = await s.call('POST', '/api/auth/login', undefined, { raw: '{"email":' });
    expect(badJson).toMatchObject({ status: 400, body: { error: 'invalid_input' } });
    expectDataHeaders(badJson.headers);
    const tooBig = await s.call('POST', '/api/auth/login', undefined, { raw: JSON.stringify({ email: 'x'.repeat(300_000) }) });
    expect(tooBig.status).toBe(413);
    expectDataHeaders(tooBig.headers);
    const wrongType = await s.call('POST', '/api/auth/login', undefined, { raw: 'email=a', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(wrongType.status).toBe(415);
    expectDataHeaders(wrongType.headers);
    const noRoute = await s.call('GET', '/api/no-such-route');
    expect(noRoute.status).toBe(404);
    expect(noRoute.headers.get('cache-control')).toBe('no-store');
  });

  it('lets the CDN origin load /media images (cross-origin resource policy)', async () => {
    await s.storage.put('public', 'looks/probe.webp', await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } }).webp().toBuffer());
    const res = await fetch(`${s.url}/media/looks/probe.webp`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('sends HSTS for a year behind HTTPS, on pages and JSON alike', async () => {
    const secure = await startTestServer({ PUBLIC_ORIGIN: 'https://drape.example' });
    try {
      for (const path of ['/healthz', '/api/version', '/trpc/meta.version']) {
        expect((await secure.call('GET', path)).headers.get('strict-transport-security'), path).toBe('max-age=31536000; includeSubDomains');
      }
      expect((await s.call('GET', '/api/version')).headers.get('strict-transport-security')).toBeNull();
    } finally {
      await secure.close();
    }
  });
});
