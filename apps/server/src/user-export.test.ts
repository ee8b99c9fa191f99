import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureMatrix } from '@drape/boot';
import type { TrendId } from '@drape/contracts';
import { DATA_EXPORT_LIMIT, dataExportMessages } from '@drape/contracts/user';
import { curate, stockLook } from './testing/looks';
import { startTestServer, type TestServer } from './testing/harness';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ PROMO_CODES: 'STYLE:stylist' });
  await ensureMatrix(s.db.db);
}, 120_000);
afterAll(() => s.close());

type Person = Awaited<ReturnType<TestServer['register']>>;

/** A Stylist with a row in every table of theirs: a served look saved with notes, shared, shopped, a friend. */
async function busyUser(trend: TrendId, notes: string): Promise<{ u: Person; lookId: string; itemId: string }> {
  const u = await s.register({ promoCode: 'STYLE' });
  await stockLook(s, { gender: 'female', trend });
  const served = await s.call('POST', '/api/generate-outfit', { gender: 'female', trend }, { token: u.token });
  expect(served.status, JSON.stringify(served.body)).toBe(200);
  const lookId = served.body.id as string;
  const itemId = served.body.fashionItems[0].id as string;
  const saved = await s.call('POST', '/api/siims/wardrobe', { imageId: lookId }, { token: u.token });
  expect(saved.status, JSON.stringify(saved.body)).toBe(201);
  const entryId = saved.body.item?.id ?? saved.body.id;
  expect((await s.call('PATCH', `/api/siims/wardrobe/${entryId}/notes`, { notes }, { token: u.token })).status).toBe(200);
  expect((await s.call('POST', '/api/share/outfit', { imageId: lookId }, { token: u.token })).status).toBe(200);
  expect((await s.call('POST', '/api/user/track-share', { imageId: lookId, shareType: 'result' }, { token: u.token })).status).toBe(200);
  expect((await s.call('POST', `/api/fashion-items/${itemId}/track-click`, { platform: 'amazon' }, { token: u.token })).status).toBe(200);
  await s.register({ ref: u.username });
  // A LookBook session: the look in the LookBook, one page of it.
  await curate(s, [lookId]);
  expect((await s.call('GET', '/api/siims/lookbook?limit=5', undefined, { token: u.token })).status).toBe(200);
  return { u, lookId, itemId };
}

const exportOf = (token?: string) => s.call('GET', '/api/user/export', undefined, token ? { token } : {});

describe('GET /api/user/export', () => {
  it("answers a JSON attachment with all of the user's data, and nothing of another user's", async () => {
    const me = await busyUser('polka', 'for the office party');
    const other = await busyUser('boho_chic', 'the other one’s note');
    const res = await exportOf(me.u.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="drape-data-${me.u.username}-${today}.json"`);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const data = res.body;
    expect(data).toMatchObject({
      format: 'drape-data-export', version: 1,
      profile: { id: me.u.user.id, username: me.u.username, email: me.u.email, tier: 'stylist' },
      wardrobe: [{ imageId: me.lookId, notes: 'for the office party' }],
      viewedLooks: [{ imageId: me.lookId }],
      shares: [{ imageId: me.lookId }],
      shoppingClicks: [{ platform: 'amazon', imageId: me.lookId, fashionItemId: me.itemId }],
      dailyUsage: [{ day: today, used: 1, shared: true }],
      referrals: { count: 1 },
      lookbookSession: { windowStart: 0, viewed: expect.any(Number) },
    });
    expect(Date.parse(data.lookbookSession.lastActiveAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(data.sessions).toHaveLength(1);
    expect(data.sessions[0]).toMatchObject({ current: true });
    expect(Object.keys(data.shares[0]).sort()).toEqual(['imageId', 'shareUrl', 'sharedAt']);
    // Nothing that opens the account, nothing of the other user.
    const text = JSON.stringify(data);
    const session = await s.db.db.selectFrom('sessions').select('id').where('user_id', '=', me.u.user.id).executeTakeFirstOrThrow();
    const hash = await s.db.db.selectFrom('users').select('password_hash').where('id', '=', me.u.user.id).executeTakeFirstOrThrow();
    for (const secret of [me.u.token, session.id, hash.password_hash, 'password_hash', 'passwordHash']) expect(text).not.toContain(secret);
    for (const theirs of [other.u.user.id, other.u.username, other.lookId, other.itemId, 'the other one’s note']) expect(text).not.toContain(theirs);
  });

  it('is 401 signed out', async () => {
    const res = await exportOf();
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ error: 'unauthorized' });
  });

  it('is rate-limited: 429 with { error, message } past the hourly downloads', async () => {
    const u = await s.register();
    for (let i = 0; i < DATA_EXPORT_LIMIT.points; i++) expect((await exportOf(u.token)).status).toBe(200);
    const res = await exportOf(u.token);
    expect(res.status).toBe(429);
    expect(res.body).toMatchObject({ error: 'rate_limited' });
    expect(res.body.message).toMatch(new RegExp(`^${dataExportMessages.rateLimited} Please try again in \\d+ minutes\\.$`));
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});
