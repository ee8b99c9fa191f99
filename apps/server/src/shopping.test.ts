import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '@drape/auth';
import { ensureMatrix } from '@drape/boot';
import { runGenerateJob } from '@drape/pipeline';
import { atelierProviderForTests } from './testing/providers';
import { startTestServer, type TestServer } from './testing/harness';
import { publish } from '@drape/looks';
import { amazonSearchUrl } from '@drape/client';
import { shoppingMessages } from '@drape/contracts/shopping';

let s: TestServer;
let item: { id: string; image_id: string };

beforeAll(async () => {
  s = await startTestServer();
  await ensureMatrix(s.db.db);
  // One look in the inventory, made by the job the pipeline runs: its pieces are what shoppers click.
  const deps = { db: s.db.db, storage: s.storage, provider: atelierProviderForTests, timeoutMs: 30_000 };
  for (let seed = 500; seed < 510; seed++) {
    const outcome = await runGenerateJob(deps, crypto.randomUUID(), { gender: 'female', seed, source: 'batch', trend: 'polka' } as never);
    if (outcome.kind === 'image') break;
  }
  item = await s.db.db.selectFrom('fashion_items').select(['id', 'image_id']).orderBy('position').executeTakeFirstOrThrow();
  // In the LookBook: every signed-in user may see it, so may shop its pieces (the share rule).
  await publish(s.db.db, [item.image_id]);
});
afterAll(() => s.close());

const domains = (token: string, headers: Record<string, string> = {}) => s.call('GET', '/api/user/localized-domains', undefined, { token, headers });

async function savePreferences(token: string, body: Record<string, unknown>) {
  const res = await s.call('POST', '/api/user/geolocation-preferences', body, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

const clicksOf = (userId: string) =>
  s.db.db.selectFrom('shopping_clicks').select(['fashion_item_id', 'image_id', 'retailer', 'country', 'domain']).where('user_id', '=', userId).orderBy('created_at').execute();

describe('GET /api/user/localized-domains', () => {
  it('gives a German Accept-Language google.de and amazon.de', async () => {
    const u = await s.register();
    const res = await domains(u.token, { 'accept-language': 'de-DE,de;q=0.9,en;q=0.8' });
    expect(res).toMatchObject({ status: 200, body: { success: true, domains: { google: 'google.de', amazon: 'amazon.de' }, detectedCountry: 'DE', source: 'accept-language' } });
  });

  it('answers the same through /trpc', async () => {
    const u = await s.register();
    const res = await s.call('GET', '/trpc/shopping.localizedDomains', undefined, { token: u.token, headers: { 'accept-language': 'ja' } });
    expect(res.body.result.data).toMatchObject({ domains: { google: 'google.co.jp', amazon: 'amazon.co.jp' }, detectedCountry: 'JP', source: 'accept-language' });
  });

  it('puts the CDN country header before Accept-Language, and skips its unknown value', async () => {
    const u = await s.register();
    const cf = await domains(u.token, { 'cf-ipcountry': 'GB', 'accept-language': 'de-DE' });
    expect(cf.body).toMatchObject({ domains: { google: 'google.co.uk', amazon: 'amazon.co.uk' }, detectedCountry: 'GB', source: 'cdn' });
    const cloudfront = await domains(u.token, { 'cloudfront-viewer-country': 'CA', 'accept-language': 'de-DE' });
    expect(cloudfront.body).toMatchObject({ domains: { google: 'google.ca', amazon: 'amazon.ca' }, source: 'cdn' });
    const unknown = await domains(u.token, { 'cf-ipcountry': 'XX', 'accept-language': 'fr-FR' });
    expect(unknown.body).toMatchObject({ detectedCountry: 'FR', source: 'accept-language' });
  });

  it('answers the US by default', async () => {
    const u = await s.register();
    const res = await domains(u.token, { 'accept-language': 'pl-PL' });
    expect(res.body).toEqual({
      success: true, domains: { google: 'google.com', amazon: 'amazon.com' }, detectedCountry: 'US', source: 'default',
      amazonTag: null, disclosure: shoppingMessages.disclosure,
    });
  });

  it('puts a saved preference before the CDN header and Accept-Language', async () => {
    const u = await s.register();
    await savePreferences(u.token, { geolocationEnabled: true, preferredCountry: 'JP', preferredDomains: { google: null, amazon: 'amazon.com' } });
    const res = await domains(u.token, { 'cf-ipcountry': 'GB', 'accept-language': 'de-DE' });
    expect(res.body).toEqual({
      success: true, domains: { google: 'google.co.jp', amazon: 'amazon.com' }, detectedCountry: 'JP', source: 'preference',
      amazonTag: null, disclosure: shoppingMessages.disclosure,
    });
  });

  it('ignores the location when geolocation is off, unless a preference is saved', async () => {
    const u = await s.register();
    await savePreferences(u.token, { geolocationEnabled: false, preferredCountry: null, preferredDomains: { google: null, amazon: null } });
    const off = await domains(u.token, { 'cf-ipcountry': 'GB', 'accept-language': 'de-DE' });
    expect(off.body).toMatchObject({ domains: { google: 'google.com', amazon: 'amazon.com' }, detectedCountry: 'US', source: 'default' });
    await savePreferences(u.token, { geolocationEnabled: false, preferredCountry: 'IT', preferredDomains: { google: null, amazon: null } });
    expect((await domains(u.token, { 'cf-ipcountry': 'GB' })).body).toMatchObject({ domains: { google: 'google.it', amazon: 'amazon.it' }, source: 'preference' });
  });

  it('needs a session', async () => {
    expect(await s.call('GET', '/api/user/localized-domains')).toMatchObject({ status: 401, body: { error: 'unauthorized' } });
    expect((await domains('not-a-session')).status).toBe(401);
  });
});

describe('POST /api/fashion-items/{id}/track-click', () => {
  const trackPath = (id: string) => `/api/fashion-items/${id}/track-click`;

  it('records who clicked which piece, where, at which site', async () => {
    const u = await s.register();
    const google = await s.call('POST', trackPath(item.id), { platform: 'google' }, { token: u.token, headers: { 'accept-language': 'de-DE' } });
    expect(google).toMatchObject({ status: 200, body: { success: true } });
    await savePreferences(u.token, { geolocationEnabled: true, preferredCountry: 'GB', preferredDomains: { google: null, amazon: null } });
    expect((await s.call('POST', trackPath(item.id), { platform: 'amazon' }, { token: u.token })).status).toBe(200);
    expect(await clicksOf(u.user.id)).toEqual([
      { fashion_item_id: item.id, image_id: item.image_id, retailer: 'google', country: 'DE', domain: 'google.de' },
      { fashion_item_id: item.id, image_id: item.image_id, retailer: 'amazon', country: 'GB', domain: 'amazon.co.uk' },
    ]);
  });

  it('refuses an unknown piece (404), a bad platform or id (400), and a caller without a session (401), recording nothing', async () => {
    const u = await s.register();
    const unknown = await s.call('POST', trackPath('00000000-0000-4000-8000-000000000000'), { platform: 'google' }, { token: u.token });
    expect(unknown).toMatchObject({ status: 404, body: { error: 'not_found' } });
    const platform = await s.call('POST', trackPath(item.id), { platform: 'ebay' }, { token: u.token });
    expect(platform).toMatchObject({ status: 400, body: { error: 'invalid_input', message: 'platform: Platform must be google or amazon' } });
    expect((await s.call('POST', trackPath(item.id), {}, { token: u.token })).status).toBe(400);
    const badId = await s.call('POST', trackPath('not-an-id'), { platform: 'google' }, { token: u.token });
    expect(badId).toMatchObject({ status: 400, body: { error: 'invalid_input', message: 'id: Not a fashion item id' } });
    expect(await s.call('POST', trackPath(item.id), { platform: 'google' })).toMatchObject({ status: 401, body: { error: 'unauthorized' } });
    expect(await clicksOf(u.user.id)).toEqual([]);
  });

  it("refuses a piece of a look the caller may not see (another user's served look) as unknown, recording nothing", async () => {
    const owner = await s.register();
    const stranger = await s.register();
    const deps = { db: s.db.db, storage: s.storage, provider: atelierProviderForTests, timeoutMs: 30_000 };
    let imageId: string | null = null;
    for (let seed = 900; seed < 910 && !imageId; seed++) {
      const outcome = await runGenerateJob(deps, crypto.randomUUID(), { gender: 'male', seed, source: 'batch', trend: 'denim' } as never);
      if (outcome.kind === 'image') imageId = outcome.imageId;
    }
    await s.db.db.insertInto('image_views').values({ user_id: owner.user.id, image_id: imageId! }).execute();
    const piece = await s.db.db.selectFrom('fashion_items').select('id').where('image_id', '=', imageId!).executeTakeFirstOrThrow();
    const refused = await s.call('POST', trackPath(piece.id), { platform: 'google' }, { token: stranger.token });
    expect(refused).toMatchObject({ status: 404, body: { error: 'not_found' } });
    expect(await clicksOf(stranger.user.id)).toEqual([]);
    // Its owner was served it: their click counts.
    expect((await s.call('POST', trackPath(piece.id), { platform: 'google' }, { token: owner.token })).status).toBe(200);
  });

  it('limits one user’s clicks per hour', async () => {
    const u = await s.register();
    for (let i = 0; i < LIMITS.shoppingClickUser.points; i++) await s.services.rateLimits.consume('shoppingClickUser', u.user.id);
    const res = await s.call('POST', trackPath(item.id), { platform: 'google' }, { token: u.token });
    expect(res).toMatchObject({ status: 429, body: { error: 'rate_limited' } });
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    const other = await s.register();
    expect((await s.call('POST', trackPath(item.id), { platform: 'amazon' }, { token: other.token })).status).toBe(200);
  });

  it('keeps the clicks when retention deletes the image, and loses them with the account', async () => {
    const u = await s.register();
    await s.call('POST', trackPath(item.id), { platform: 'amazon' }, { token: u.token });
    const deps = { db: s.db.db, storage: s.storage, provider: atelierProviderForTests, timeoutMs: 30_000 };
    // A second look of its own, deleted as retention deletes (the image row; its pieces cascade).
    let imageId: string | null = null;
    for (let seed = 700; seed < 710 && !imageId; seed++) {
      const outcome = await runGenerateJob(deps, crypto.randomUUID(), { gender: 'male', seed, source: 'batch', trend: 'polka' } as never);
      if (outcome.kind === 'image') imageId = outcome.imageId;
    }
    await s.db.db.insertInto('image_views').values({ user_id: u.user.id, image_id: imageId! }).execute();
    const piece = await s.db.db.selectFrom('fashion_items').select('id').where('image_id', '=', imageId!).executeTakeFirstOrThrow();
    expect((await s.call('POST', trackPath(piece.id), { platform: 'google' }, { token: u.token })).status).toBe(200);
    await s.db.db.deleteFrom('generated_images').where('id', '=', imageId!).execute();
    expect((await clicksOf(u.user.id)).map((c) => c.fashion_item_id)).toEqual([item.id, piece.id]);
    await s.db.db.deleteFrom('users').where('id', '=', u.user.id).execute();
    expect(await clicksOf(u.user.id)).toEqual([]);
  });
});

describe('AFFILIATE_TAGS', () => {
  let tagged: TestServer;
  beforeAll(async () => {
    tagged = await startTestServer({ AFFILIATE_TAGS: 'amazon.de:drape-21,amazon.com:drape-20' });
  });
  afterAll(() => tagged.close());

  it("answers the user's store's tag and says Drape may earn a commission; the links built from the answer carry it", async () => {
    const u = await tagged.register();
    const de = await tagged.call('GET', '/api/user/localized-domains', undefined, { token: u.token, headers: { 'accept-language': 'de-DE' } });
    expect(de.body).toMatchObject({ domains: { amazon: 'amazon.de' }, amazonTag: 'drape-21', disclosure: shoppingMessages.disclosureAffiliate });
    expect(new URL(amazonSearchUrl('red scarf', de.body.domains, de.body.amazonTag)).searchParams.get('tag')).toBe('drape-21');
    const us = await tagged.call('GET', '/trpc/shopping.localizedDomains', undefined, { token: u.token, headers: { 'accept-language': 'en-US' } });
    expect(us.body.result.data).toMatchObject({ domains: { amazon: 'amazon.com' }, amazonTag: 'drape-20', disclosure: shoppingMessages.disclosureAffiliate });
  });

  it('leaves a store without a tag untagged, and says Drape earns nothing there', async () => {
    const u = await tagged.register();
    const gb = await tagged.call('GET', '/api/user/localized-domains', undefined, { token: u.token, headers: { 'accept-language': 'en-GB' } });
    expect(gb.body).toMatchObject({ domains: { amazon: 'amazon.co.uk' }, amazonTag: null, disclosure: shoppingMessages.disclosure });
    expect(amazonSearchUrl('red scarf', gb.body.domains, gb.body.amazonTag)).not.toContain('tag=');
  });

  it('is refused at start when malformed, naming the setting', async () => {
    await expect(startTestServer({ AFFILIATE_TAGS: 'amazon.de=drape-21' })).rejects.toThrow(/AFFILIATE_TAGS: "amazon.de=drape-21" is not store:tag/);
  });
});
