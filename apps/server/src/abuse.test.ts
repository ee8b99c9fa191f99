import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrapAdmin, LIMITS } from '@drape/auth';
import { startTestServer, type TestServer } from './testing/harness';

/**
 * The abuse cases of issue 15 §5, through the real server: referral farming against the held
 * referrals (docs/decisions/0015-referral-holds.md), per-address limits against IPv6 address
 * minting, the sign-in lock that asks for the bot check instead of shutting out the owner, and
 * what sign-up and the username check tell before a bot check.
 */
let s: TestServer;
let admin: string;

beforeAll(async () => {
  s = await startTestServer({ PROMO_CODES: 'ABUSEICON:fashion_icon' });
  await bootstrapAdmin(s.db.db, 'ops', 'correct horse battery');
  const res = await s.call('POST', '/api/admin/login', { adminKey: 'ops', password: 'correct horse battery' });
  admin = res.body.token;
});
afterAll(() => s.close());

let n = 0;
/** A sign-up from a given client address (X-Forwarded-For), as a script or a friend would send it. */
async function signUp(ip: string, extra: Record<string, unknown> = {}) {
  n += 1;
  const tag = `${Date.now().toString(36)}${n}`;
  const res = await s.call('POST', '/api/auth/register', {
    email: `abuse${tag}@example.com`, password: 'a long passphrase', username: `ab${tag}`.slice(0, 20), firstName: 'Ab', lastName: 'User',
    turnstileToken: await s.solveBotCheck(), ...extra,
  }, { ip });
  expect(res.status).toBe(201);
  return res.body as { token: string; user: { id: string; username: string } };
}

const profile = async (token: string) => (await s.call('GET', '/api/user/profile', undefined, { token })).body;
const listedUser = async (username: string) => (await s.call('GET', `/api/admin/users?search=${username}`, undefined, { token: admin })).body.users[0];

describe('referral farming', () => {
  it('five sign-ups from one IPv4 /24 in seconds raise nothing: one counts, four are held', async () => {
    const owner = await signUp('192.0.2.1');
    for (let i = 0; i < 5; i++) await signUp(`203.0.113.${20 + i}`, { ref: owner.user.username });
    expect(await profile(owner.token)).toMatchObject({ tier: 'enthusiast', invitesSent: 1, referralCount: 1 });
    expect(await listedUser(owner.user.username)).toMatchObject({ username: owner.user.username, heldReferrals: 4 });
  });

  it('five sign-ups from one IPv6 /48, each from its own /64, raise nothing', async () => {
    const owner = await signUp('192.0.2.2');
    for (let i = 0; i < 5; i++) await signUp(`2001:db8:77:${i + 1}::${i + 5}`, { referredByUserId: owner.user.id });
    expect(await profile(owner.token)).toMatchObject({ tier: 'enthusiast', invitesSent: 1 });
    const review = await s.call('GET', `/api/admin/users/${owner.user.id}/referrals`, undefined, { token: admin });
    expect(review.status).toBe(200);
    expect(review.body.referrals.map((r: { network: string }) => r.network)).toEqual(Array(5).fill('2001:db8:77::/48'));
    expect(review.body.referrals.map((r: { status: string }) => r.status).sort()).toEqual(['counted', 'held', 'held', 'held', 'held']);
    expect(review.body.referrals.filter((r: { holdReason: string | null }) => r.holdReason === 'same_network')).toHaveLength(4);
  });

  it('five friends on five networks make the referrer a Stylist at 3 and a Fashion Icon at 5', async () => {
    const owner = await signUp('192.0.2.3');
    const networks = ['203.0.113.5', '198.51.100.5', '192.0.2.200', '2001:db8:aa::1', '2001:db8:bb::1'];
    const tiers: string[] = [];
    for (const ip of networks) {
      await signUp(ip, { promoCode: owner.user.username });
      tiers.push((await profile(owner.token)).tier);
    }
    expect(tiers).toEqual(['enthusiast', 'enthusiast', 'stylist', 'stylist', 'fashion_icon']);
    expect((await listedUser(owner.user.username)).heldReferrals).toBe(0);
  });

  it('holds a referral from a disposable mail domain, even from a fresh network', async () => {
    const owner = await signUp('192.0.2.4');
    await signUp('198.51.100.77', { ref: owner.user.username, email: `farm${Date.now()}@mailinator.com` });
    const review = await s.call('GET', `/api/admin/users/${owner.user.id}/referrals`, undefined, { token: admin });
    expect(review.body.referrals).toEqual([expect.objectContaining({ status: 'held', holdReason: 'disposable_email', network: '198.51.100.0/24' })]);
    expect((await profile(owner.token)).invitesSent).toBe(0);
  });

  it('an admin release makes a held referral count and raises the tier, written to the audit log', async () => {
    const owner = await signUp('192.0.2.5');
    const friends = [];
    for (let i = 0; i < 3; i++) friends.push(await signUp(`203.0.113.${60 + i}`, { ref: owner.user.username }));
    expect((await profile(owner.token)).tier).toBe('enthusiast');
    const held = (await s.call('GET', `/api/admin/users/${owner.user.id}/referrals`, undefined, { token: admin })).body.referrals
      .filter((r: { status: string }) => r.status === 'held');
    expect(held).toHaveLength(2);
    const first = await s.call('POST', `/api/admin/users/${held[0].userId}/referral/release`, undefined, { token: admin });
    expect(first).toMatchObject({ status: 200, body: { userId: held[0].userId, referrerId: owner.user.id, status: 'released', referrerTier: 'enthusiast' } });
    const second = await s.call('POST', `/api/admin/users/${held[1].userId}/referral/release`, undefined, { token: admin });
    expect(second.body).toMatchObject({ status: 'released', referrerTier: 'stylist' });
    expect(await profile(owner.token)).toMatchObject({ tier: 'stylist', invitesSent: 3 });
    const audit = await s.db.db.selectFrom('admin_audit_log').selectAll().where('action', '=', 'admin.users.releaseReferral').where('target_id', '=', held[1].userId).execute();
    expect(audit).toEqual([expect.objectContaining({ actor: 'ops', target_type: 'user' })]);
    const row = await s.db.db.selectFrom('referrals').selectAll().where('user_id', '=', held[1].userId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'released', decided_by: 'ops' });
  });

  it('a revoked referral never counts: not at once, not by a later release, and its network stays used', async () => {
    const owner = await signUp('192.0.2.6');
    for (let i = 0; i < 3; i++) await signUp(`203.0.113.${90 + i}`, { ref: owner.user.username });
    const held = (await s.call('GET', `/api/admin/users/${owner.user.id}/referrals`, undefined, { token: admin })).body.referrals
      .filter((r: { status: string }) => r.status === 'held');
    const revoked = await s.call('POST', `/api/admin/users/${held[0].userId}/referral/revoke`, undefined, { token: admin });
    expect(revoked).toMatchObject({ status: 200, body: { status: 'revoked', referrerTier: 'enthusiast' } });
    expect(await s.call('POST', `/api/admin/users/${held[0].userId}/referral/release`, undefined, { token: admin })).toMatchObject({ status: 409, body: { error: 'referral_not_held' } });
    expect(await s.call('POST', `/api/admin/users/${held[0].userId}/referral/revoke`, undefined, { token: admin })).toMatchObject({ status: 409, body: { error: 'referral_not_held' } });
    await signUp('203.0.113.99', { ref: owner.user.username });
    expect(await profile(owner.token)).toMatchObject({ tier: 'enthusiast', invitesSent: 1 });
    expect((await listedUser(owner.user.username)).heldReferrals).toBe(2);
    expect((await s.db.db.selectFrom('admin_audit_log').select('id').where('action', '=', 'admin.users.revokeReferral').where('target_id', '=', held[0].userId).execute())).toHaveLength(1);
  });

  it('answers 404 for a user without a referral and 400 for a bad id, changing nothing', async () => {
    const loner = await signUp('192.0.2.7');
    expect(await s.call('POST', `/api/admin/users/${loner.user.id}/referral/release`, undefined, { token: admin })).toMatchObject({ status: 404, body: { error: 'not_found' } });
    expect(await s.call('POST', '/api/admin/users/not-a-uuid/referral/revoke', undefined, { token: admin })).toMatchObject({ status: 400, body: { error: 'invalid_input' } });
    expect(await s.call('GET', '/api/admin/users/00000000-0000-4000-8000-000000000009/referrals', undefined, { token: admin })).toMatchObject({ status: 404, body: { error: 'user_not_found' } });
  });
});

describe('IPv6 clients', () => {
  it('share one per-address limit across their /64, however many addresses they use', async () => {
    const { points } = LIMITS.forgotIp;
    for (let i = 0; i < points; i++) {
      const res = await s.call('POST', '/api/auth/forgot-password', { email: `nobody${i}@example.com` }, { ip: `2001:db8:64:1:${(i + 1).toString(16)}::${i + 7}` });
      expect(res.status).toBe(200);
    }
    const fresh = await s.call('POST', '/api/auth/forgot-password', { email: 'nobody-more@example.com' }, { ip: '2001:db8:64:1:ffff:ffff:ffff:fffe' });
    expect(fresh).toMatchObject({ status: 429, body: { error: 'rate_limited' } });
    expect((await s.call('POST', '/api/auth/forgot-password', { email: 'next-door@example.com' }, { ip: '2001:db8:64:2::1' })).status).toBe(200);
  });
});

describe('the sign-in lock', () => {
  it('asks for the bot check after 10 failures instead of refusing the right password; a wrong one still answers account_locked', async () => {
    const u = await s.register();
    for (let i = 0; i < LIMITS.loginEmail.points; i++) {
      expect((await s.call('POST', '/api/auth/login', { email: u.email, password: `wrong-${i}` })).body.error).toBe('invalid_credentials');
    }
    // Without a solved check the password is not looked at: right and wrong answer alike.
    const right = await s.call('POST', '/api/auth/login', { email: u.email, password: u.password });
    const wrong = await s.call('POST', '/api/auth/login', { email: u.email, password: 'still wrong' });
    expect(right).toMatchObject({ status: 429, body: { error: 'bot_check_required' } });
    expect(wrong.body).toEqual(right.body);
    const forged = await s.call('POST', '/api/auth/login', { email: u.email, password: u.password, turnstileToken: Buffer.from('{"signature":"x","salt":"y"}').toString('base64') });
    expect(forged).toMatchObject({ status: 400, body: { error: 'bot_check_failed' } });
    const guessed = await s.call('POST', '/api/auth/login', { email: u.email, password: 'another guess', turnstileToken: await s.solveBotCheck() });
    expect(guessed).toMatchObject({ status: 429, body: { error: 'account_locked' } });
    expect(Number(guessed.headers.get('retry-after'))).toBeGreaterThan(800);
    const owner = await s.call('POST', '/api/auth/login', { email: u.email, password: u.password, turnstileToken: await s.solveBotCheck() });
    expect(owner.status).toBe(200);
    expect((await s.call('GET', '/api/user/profile', undefined, { token: owner.body.token })).status).toBe(200);
    // The owner's sign-in cleared the count: a slip of the finger is an ordinary 401 again.
    expect((await s.call('POST', '/api/auth/login', { email: u.email, password: 'typo' })).body.error).toBe('invalid_credentials');
  });

  it('does the same for an admin key', async () => {
    await bootstrapAdmin(s.db.db, 'night', 'night shift passphrase');
    for (let i = 0; i < LIMITS.adminLoginKey.points; i++) {
      expect((await s.call('POST', '/api/admin/login', { adminKey: 'night', password: `guess ${i}` })).body.error).toBe('invalid_admin_credentials');
    }
    const right = await s.call('POST', '/api/admin/login', { adminKey: 'night', password: 'night shift passphrase' });
    expect(right).toMatchObject({ status: 429, body: { error: 'bot_check_required' } });
    expect((await s.call('POST', '/api/admin/login', { adminKey: 'night', password: 'guess', turnstileToken: await s.solveBotCheck() })))
      .toMatchObject({ status: 429, body: { error: 'account_locked' } });
    const ok = await s.call('POST', '/api/admin/login', { adminKey: 'night', password: 'night shift passphrase', turnstileToken: await s.solveBotCheck() });
    expect(ok.status).toBe(200);
    expect((await s.call('GET', '/api/admin/me', undefined, { token: ok.body.token })).body).toEqual({ adminKey: 'night' });
  });
});

describe('enumeration', () => {
  it('sign-up tells nothing of an email, a username or a promo code before its bot check', async () => {
    const taken = await signUp('192.0.2.8');
    const takenEmail = (await profile(taken.token)).email;
    const base = { password: 'a long passphrase', firstName: 'E', lastName: 'N', turnstileToken: 'dW5zb2x2ZWQ=' };
    const probes = [
      { ...base, email: takenEmail, username: 'fresh_probe1' },
      { ...base, email: 'fresh-probe@example.com', username: taken.user.username },
      { ...base, email: 'fresh-probe2@example.com', username: 'fresh_probe2', promoCode: 'GUESSCODE' },
      { ...base, email: 'fresh-probe3@example.com', username: 'fresh_probe3', promoCode: 'ABUSEICON' },
    ];
    for (const probe of probes) expect(await s.call('POST', '/api/auth/register', probe)).toMatchObject({ status: 400, body: { error: 'bot_check_failed' } });
  });

  it('limits the username check per address', async () => {
    const ip = '198.51.100.144';
    for (let i = 0; i < LIMITS.checkUsernameIp.points; i++) {
      expect((await s.call('GET', `/api/auth/check-username/probe${i}`, undefined, { ip })).status).toBe(200);
    }
    expect(await s.call('GET', '/api/auth/check-username/probe-last', undefined, { ip })).toMatchObject({ status: 429, body: { error: 'rate_limited' } });
    expect((await s.call('GET', '/api/auth/check-username/probe-last', undefined, { ip: '198.51.100.145' })).status).toBe(200);
  });

  it('sends no Server-Timing unless SERVER_TIMING is on', async () => {
    expect((await s.call('GET', '/api/version')).headers.get('server-timing')).toBeNull();
    expect((await s.call('POST', '/api/auth/login', { email: 'nobody@example.com', password: 'x' })).headers.get('server-timing')).toBeNull();
    const timed = await startTestServer({ SERVER_TIMING: 'on' });
    try {
      expect((await timed.call('GET', '/api/version')).headers.get('server-timing')).toMatch(/^app;dur=\d+(\.\d)?$/);
    } finally {
      await timed.close();
    }
  });
});
