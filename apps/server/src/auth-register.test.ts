import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrapAdmin } from '@drape/auth';
import { startTestServer, type TestServer } from './testing/harness';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ PROMO_CODES: 'ICON2025:fashion_icon,STYLE:stylist' });
});
afterAll(() => s.close());

const countUsers = async () => Number((await s.db.db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

async function payload(overrides: Record<string, unknown> = {}) {
  const n = Math.random().toString(36).slice(2, 10);
  return { email: `r${n}@example.com`, password: 'long enough pw', username: `r_${n}`, firstName: 'Grace', lastName: 'Hopper', turnstileToken: await s.solveBotCheck(), ...overrides };
}

describe('POST /api/auth/register', () => {
  it('creates an Enthusiast, answers token and user, and sets an HttpOnly session cookie', async () => {
    const input = await payload();
    const res = await s.call('POST', '/api/auth/register', input);
    expect(res.status).toBe(201);
    expect(res.body.token).toMatch(/^[a-z2-7]{32}$/);
    expect(res.body.user).toMatchObject({ email: input.email, username: input.username, firstName: 'Grace', lastName: 'Hopper', tier: 'enthusiast', invitesSent: 0 });
    expect(res.body.user).not.toHaveProperty('passwordHash');
    expect(res.headers.get('set-cookie')).toMatch(/drape_session=.+HttpOnly/i);
    const profile = await s.call('GET', '/api/user/profile', undefined, { token: res.body.token });
    expect(profile.status).toBe(200);
    expect(profile.body.id).toBe(res.body.user.id);
  });

  it('refuses an email that exists (any case) with user_exists', async () => {
    const first = await payload();
    await s.call('POST', '/api/auth/register', first);
    const res = await s.call('POST', '/api/auth/register', await payload({ email: first.email.toUpperCase() }));
    expect(res).toMatchObject({ status: 409, body: { error: 'user_exists' } });
  });

  it('refuses a taken username (any case) with username_taken', async () => {
    const first = await payload();
    await s.call('POST', '/api/auth/register', first);
    const res = await s.call('POST', '/api/auth/register', await payload({ username: first.username.toUpperCase() }));
    expect(res).toMatchObject({ status: 409, body: { error: 'username_taken' } });
  });

  it.each([
    ['ab', 'Username must be at least 3 characters'],
    ['a'.repeat(21), 'Username must be 20 characters or less'],
    ['bad name!', 'Username can only contain letters, numbers, underscores, and hyphens'],
    ['_edge', 'Username cannot start or end with underscore or hyphen'],
  ])('refuses the username %s with the spec message', async (username, message) => {
    const before = await countUsers();
    const res = await s.call('POST', '/api/auth/register', await payload({ username }));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'invalid_input', message: `username: ${message}` });
    expect(await countUsers()).toBe(before);
  });

  it('refuses a reserved route word as a username', async () => {
    const res = await s.call('POST', '/api/auth/register', await payload({ username: 'Settings' }));
    expect(res).toMatchObject({ status: 400, body: { error: 'invalid_username' } });
  });

  it('refuses every route of the apps and the server as a username, creating nothing', async () => {
    const before = await countUsers();
    for (const username of ['login', 'reset-password', 'auth-demo', 'outfit', 'outfit-result', '404', 'healthz', 'API', 'trpc', 'media', 'backstage', 'backstage-login']) {
      const res = await s.call('POST', '/api/auth/register', await payload({ username }));
      expect({ username, status: res.status, body: res.body }).toEqual({ username, status: 400, body: { error: 'invalid_username', message: 'This username is reserved' } });
    }
    expect(await countUsers()).toBe(before);
  });

  it("keeps an account made before its name was reserved working: it signs in, and refers friends by that name", async () => {
    const old = await s.register();
    await s.db.db.updateTable('users').set({ username: 'outfit-result' }).where('id', '=', old.user.id).execute();
    const login = await s.call('POST', '/api/auth/login', { email: old.email, password: old.password });
    expect(login).toMatchObject({ status: 200, body: { user: { username: 'outfit-result' } } });
    expect((await s.call('GET', '/api/user/profile', undefined, { token: login.body.token })).body.username).toBe('outfit-result');
    // Its referral link is /auth?ref=outfit-result (contracts' referralPath): the ref counts.
    const friend = await s.call('POST', '/api/auth/register', await payload({ ref: 'outfit-result' }));
    expect(friend.status).toBe(201);
    expect((await s.call('GET', '/api/user/profile', undefined, { token: login.body.token })).body.invitesSent).toBe(1);
  });

  it('refuses a short password with weak_password', async () => {
    const res = await s.call('POST', '/api/auth/register', await payload({ password: 'short' }));
    expect(res).toMatchObject({ status: 400, body: { error: 'weak_password', message: 'Password must be at least 8 characters long.' } });
  });

  it('fails an unknown promo code with invalid_promo and creates nothing', async () => {
    const before = await countUsers();
    const res = await s.call('POST', '/api/auth/register', await payload({ promoCode: 'NOPE' }));
    expect(res).toMatchObject({ status: 400, body: { error: 'invalid_promo' } });
    expect(await countUsers()).toBe(before);
  });

  it('gives the promo tier at once (codes compare without case)', async () => {
    const res = await s.call('POST', '/api/auth/register', await payload({ promoCode: 'icon2025' }));
    expect(res.status).toBe(201);
    expect(res.body.user.tier).toBe('fashion_icon');
    expect(res.body.user.dailyImagesLimit).toBe(20);
  });

  it('refuses a missing, forged or replayed bot check', async () => {
    const missing = await s.call('POST', '/api/auth/register', { ...(await payload()), turnstileToken: undefined });
    expect(missing).toMatchObject({ status: 400, body: { error: 'invalid_input' } });
    const forged = await s.call('POST', '/api/auth/register', await payload({ turnstileToken: Buffer.from('{"signature":"x","salt":"y"}').toString('base64') }));
    expect(forged).toMatchObject({ status: 400, body: { error: 'bot_check_failed' } });
    const token = await s.solveBotCheck();
    expect((await s.call('POST', '/api/auth/register', await payload({ turnstileToken: token }))).status).toBe(201);
    const replay = await s.call('POST', '/api/auth/register', await payload({ turnstileToken: token }));
    expect(replay).toMatchObject({ status: 400, body: { error: 'bot_check_failed' } });
  });

  it('refuses wrong types, oversize fields and malformed JSON with 400 and changes nothing', async () => {
    const before = await countUsers();
    const wrongType = await s.call('POST', '/api/auth/register', await payload({ firstName: 42 }));
    expect(wrongType).toMatchObject({ status: 400, body: { error: 'invalid_input' } });
    const oversize = await s.call('POST', '/api/auth/register', await payload({ lastName: 'x'.repeat(51) }));
    expect(oversize).toMatchObject({ status: 400, body: { error: 'invalid_input' } });
    const hugeEmail = await s.call('POST', '/api/auth/register', await payload({ email: `${'a'.repeat(300)}@example.com` }));
    expect(hugeEmail.status).toBe(400);
    const malformed = await s.call('POST', '/api/auth/register', undefined, { raw: '{"email": ' });
    expect(malformed).toMatchObject({ status: 400, body: { error: 'invalid_input' } });
    const huge = await s.call('POST', '/api/auth/register', { blob: 'x'.repeat(300_000) });
    expect(huge.status).toBe(413);
    expect(huge.body.error).toBe('invalid_input');
    expect(await countUsers()).toBe(before);
  });
});

describe('register rate limit', () => {
  it('allows 20 attempts an hour from one address, then answers 429 with a retry time', async () => {
    const ip = '198.51.100.20';
    for (let i = 0; i < 20; i++) {
      const res = await s.call('POST', '/api/auth/register', { ...(await payloadWithoutCheck()), password: 'short' }, { ip });
      expect(res.body.error).toBe('weak_password');
    }
    const limited = await s.call('POST', '/api/auth/register', await payloadWithoutCheck(), { ip });
    expect(limited).toMatchObject({ status: 429, body: { error: 'rate_limited' } });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(3000);
    expect((await s.call('POST', '/api/auth/register', await payload(), { ip: '198.51.100.21' })).status).toBe(201);
  });
});

function payloadWithoutCheck() {
  const n = Math.random().toString(36).slice(2, 10);
  return Promise.resolve({ email: `l${n}@example.com`, password: 'long enough pw', username: `l_${n}`, firstName: 'L', lastName: 'M', turnstileToken: 'unsolved' });
}

describe('referrals and tiers', () => {
  it('makes the referrer a Stylist at 3 friends and a Fashion Icon at 5, through id, ref and promo field', async () => {
    const referrer = await s.register();
    const ways = [
      { referredByUserId: referrer.user.id },
      { ref: referrer.username },
      { promoCode: referrer.username },
      { referredByUserId: referrer.user.id },
      { ref: referrer.username.toUpperCase() },
    ];
    const tiers: string[] = [];
    for (const way of ways) {
      await s.register(way);
      const profile = await s.call('GET', '/api/user/profile', undefined, { token: referrer.token });
      tiers.push(profile.body.tier);
      expect(profile.body.invitesSent).toBe(tiers.length);
    }
    expect(tiers).toEqual(['enthusiast', 'enthusiast', 'stylist', 'stylist', 'fashion_icon']);
  });

  it('never lowers a promo tier', async () => {
    const icon = await s.register({ promoCode: 'ICON2025' });
    await s.register({ referredByUserId: icon.user.id });
    const profile = await s.call('GET', '/api/user/profile', undefined, { token: icon.token });
    expect(profile.body.tier).toBe('fashion_icon');
  });

  it('fails an unknown referrer id with user_not_found and creates nothing', async () => {
    const before = await countUsers();
    const res = await s.call('POST', '/api/auth/register', await payload({ referredByUserId: '00000000-0000-4000-8000-000000000000' }));
    expect(res).toMatchObject({ status: 404, body: { error: 'user_not_found' } });
    expect(await countUsers()).toBe(before);
  });
});

describe('GET /api/auth/check-username and /api/auth/search-users', () => {
  it('answers available, taken, invalid and reserved', async () => {
    const taken = await s.register();
    expect((await s.call('GET', '/api/auth/check-username/fresh_name')).body).toEqual({ available: true, message: 'Username is available' });
    expect((await s.call('GET', `/api/auth/check-username/${taken.username.toUpperCase()}`)).body).toEqual({ available: false, message: 'Username is already taken' });
    expect((await s.call('GET', '/api/auth/check-username/-dash')).body).toEqual({ available: false, message: 'Username cannot start or end with underscore or hyphen' });
    expect((await s.call('GET', '/api/auth/check-username/lookbook')).body.available).toBe(false);
  });

  it('finds people by name prefix from 2 characters, without emails', async () => {
    await s.register({ firstName: 'Zelda', lastName: 'Quixote', username: 'zq_finder' });
    expect((await s.call('GET', '/api/auth/search-users?q=z')).body).toEqual({ users: [] });
    const found = await s.call('GET', '/api/auth/search-users?q=Zel');
    expect(found.body.users).toEqual([expect.objectContaining({ firstName: 'Zelda', lastName: 'Quixote', username: 'zq_finder' })]);
    expect(Object.keys(found.body.users[0]).sort()).toEqual(['firstName', 'id', 'lastName', 'username']);
    expect((await s.call('GET', '/api/auth/search-users?q=%25%25')).body).toEqual({ users: [] });
    expect((await s.call('GET', `/api/auth/search-users?q=${'x'.repeat(60)}`)).status).toBe(400);
  });

  it("never offers a test user (the admin's per-tier set, seeded users) as a referrer", async () => {
    await bootstrapAdmin(s.db.db, 'ops', 'correct horse');
    const admin = (await s.call('POST', '/api/admin/login', { adminKey: 'ops', password: 'correct horse' })).body.token;
    const made = await s.call('POST', '/api/admin/create-test-users', undefined, { token: admin });
    expect(made.status).toBe(200);
    const names = (made.body.users as { username: string }[]).map((u) => u.username);
    for (const q of ['test', 'Test', names[0]!.slice(0, 8)]) {
      expect((await s.call('GET', `/api/auth/search-users?q=${encodeURIComponent(q)}`)).body).toEqual({ users: [] });
    }
    // A member of the same name is still found.
    await s.register({ firstName: 'Testa', lastName: 'Member', username: 'testa_member' });
    expect((await s.call('GET', '/api/auth/search-users?q=test')).body.users.map((u: { username: string }) => u.username)).toEqual(['testa_member']);
  });
});
