import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrapAdmin } from '@drape/auth';
import { ensureMatrix } from '@drape/boot';
import { deleteExpiredImages, readAiMark } from '@drape/operations';
import { runGenerateJob } from '@drape/pipeline';
import { atelierProviderForTests } from './testing/providers';
import { startTestServer, type TestServer } from './testing/harness';
import { archive, publish } from '@drape/looks';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ PROMO_CODES: 'STYLE:stylist,ICON:fashion_icon' });
  await ensureMatrix(s.db.db);
});
afterAll(() => s.close());

const NOT_FOUND = { error: 'not_found', message: 'This shared outfit link is invalid or has expired.' };
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

/** Every active combination once: each test's look is the only one of its kind, served to whoever asks first. */
const SELECTIONS = [
  ...['boho_chic', 'animal_print_explosion', 'denim', 'polka', 'nautical_chic'].map((id) => ({ job: { trend: id }, request: { trend: id } })),
  ...['sunset_sorbet', 'ocean_depths', 'botanic_pop', 'minimal_heat'].map((id) => ({ job: { palette: id }, request: { colorPalette: id } })),
  ...['date', 'party', 'office', 'athleisure', 'lounge', 'goingout'].map((id) => ({ job: { occasion: id }, request: { occasion: id } })),
];
const COMBOS = ['female', 'male'].flatMap((gender) => SELECTIONS.map((sel) => ({ gender, ...sel })));
let nextCombo = 0;
let seed = 5000;

/** Stocks one look of a combination nobody has asked for yet, through the pipeline's own job. */
async function stockOne(): Promise<(typeof COMBOS)[number]> {
  const combo = COMBOS[nextCombo++];
  if (!combo) throw new Error('out of combinations: add fewer looks per test');
  const deps = { db: s.db.db, storage: s.storage, provider: atelierProviderForTests, timeoutMs: 30_000 };
  for (let tries = 0; tries < 5; tries++) {
    const outcome = await runGenerateJob(deps, crypto.randomUUID(), { gender: combo.gender, seed: seed++, source: 'batch', ...combo.job } as never);
    if (outcome.kind === 'image') return combo;
  }
  throw new Error('the renderer refused five seeds in a row');
}

/** A look served to the user by Get My Look (from inventory), as the result page holds it. */
async function servedLook(token: string): Promise<{ id: string; imageUrl: string; trend: string | null; colorPalette: string | null; occasion: string | null }> {
  const combo = await stockOne();
  const res = await s.call('POST', '/api/generate-outfit', { gender: combo.gender, ...combo.request }, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.source).toBe('inventory');
  return res.body;
}

async function sharedLook(): Promise<{ owner: Awaited<ReturnType<TestServer['register']>>; look: Awaited<ReturnType<typeof servedLook>> }> {
  const owner = await s.register();
  const look = await servedLook(owner.token);
  expect((await s.call('POST', '/api/share/outfit', { imageId: look.id }, { token: owner.token })).status).toBe(200);
  return { owner, look };
}

const views = async (imageId: string) => (await s.db.db.selectFrom('image_views').select('user_id').where('image_id', '=', imageId).execute()).map((r) => r.user_id);

describe('POST /api/share/outfit', () => {
  it('shares a look served to the user and answers its public link', async () => {
    const u = await s.register();
    const look = await servedLook(u.token);
    expect((await s.call('GET', `/api/share/outfit/${look.id}`)).status).toBe(404);
    const res = await s.call('POST', '/api/share/outfit', { imageId: look.id }, { token: u.token });
    expect(res).toMatchObject({ status: 200, body: { success: true, shareUrl: `${s.config.publicOrigin}/outfit/${look.id}` } });
    expect((await s.call('GET', `/api/share/outfit/${look.id}`)).status).toBe(200);
  });

  it("refuses another user's look as if it did not exist, and it stays private", async () => {
    const owner = await s.register();
    const look = await servedLook(owner.token);
    const stranger = await s.register();
    const res = await s.call('POST', '/api/share/outfit', { imageId: look.id }, { token: stranger.token });
    const unknown = await s.call('POST', '/api/share/outfit', { imageId: UNKNOWN_ID }, { token: stranger.token });
    expect(res).toMatchObject({ status: 404, body: { error: 'not_found' } });
    expect(unknown.body).toEqual(res.body);
    expect((await s.call('GET', `/api/share/outfit/${look.id}`)).status).toBe(404);
  });

  it('lets anyone share a LookBook look', async () => {
    const owner = await s.register();
    const look = await servedLook(owner.token);
    await publish(s.db.db, [look.id]);
    const reader = await s.register();
    expect((await s.call('POST', '/api/share/outfit', { imageId: look.id }, { token: reader.token })).status).toBe(200);
  });

  it('refuses a malformed id (400) and a signed-out caller (401)', async () => {
    const u = await s.register();
    expect(await s.call('POST', '/api/share/outfit', { imageId: 'not-an-id' }, { token: u.token })).toMatchObject({ status: 400, body: { error: 'invalid_input', message: 'imageId: Not an image id' } });
    expect((await s.call('POST', '/api/share/outfit', {}, { token: u.token })).status).toBe(400);
    expect(await s.call('POST', '/api/share/outfit', { imageId: UNKNOWN_ID })).toMatchObject({ status: 401, body: { error: 'unauthorized' } });
  });
});

describe('GET /api/share/outfit/{imageId}', () => {
  it('answers a shared look without sign-in, in the shape Get My Look answers, its picture served', async () => {
    const { owner, look } = await sharedLook();
    const res = await s.call('GET', `/api/share/outfit/${look.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: look.id, imageId: look.id, imageUrl: look.imageUrl, status: 'viewable', trend: look.trend, colorPalette: look.colorPalette, occasion: look.occasion });
    expect(res.body.fashionItems.length).toBeGreaterThanOrEqual(3);
    expect((await fetch(`${s.url}${res.body.imageUrl}`)).status).toBe(200);
    // Opened signed out: counted for nobody.
    expect(await views(look.id)).toEqual([owner.user.id]);
  });

  it('counts the look as served to a signed-in viewer, who may then share it on and earn the bonus', async () => {
    const { look } = await sharedLook();
    const viewer = await s.register();
    expect((await s.call('GET', `/api/share/outfit/${look.id}`, undefined, { token: viewer.token })).status).toBe(200);
    expect(await views(look.id)).toContain(viewer.user.id);
    expect((await s.call('POST', '/api/user/track-share', { imageId: look.id, shareType: 'result' }, { token: viewer.token })).body.bonusGranted).toBe(true);
  });

  it('answers a LookBook look unshared', async () => {
    const owner = await s.register();
    const look = await servedLook(owner.token);
    await publish(s.db.db, [look.id]);
    expect(await s.call('GET', `/api/share/outfit/${look.id}`)).toMatchObject({ status: 200, body: { id: look.id, status: 'lookbook' } });
  });

  it('answers 404 with the spec message for an unshared, unknown or archived look, 400 for a malformed id', async () => {
    const owner = await s.register();
    const unshared = await servedLook(owner.token);
    const { look: archived } = await sharedLook();
    await archive(s.db.db, [archived.id]);
    for (const id of [unshared.id, UNKNOWN_ID, archived.id]) {
      expect(await s.call('GET', `/api/share/outfit/${id}`, undefined, { token: owner.token })).toMatchObject({ status: 404, body: NOT_FOUND });
    }
    expect((await s.call('GET', '/api/share/outfit/not-an-id')).status).toBe(400);
  });

  it('answers the web app through /trpc too, signed out', async () => {
    const { look } = await sharedLook();
    const res = await fetch(`${s.url}/trpc/share.outfit?input=${encodeURIComponent(JSON.stringify({ imageId: look.id }))}`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { result: { data: { id: string } } }).result.data.id).toBe(look.id);
  });
});

describe('POST /api/user/track-share', () => {
  it('raises the day limit by 3 once: the second share answers bonusGranted false', async () => {
    const u = await s.register();
    const look = await servedLook(u.token);
    expect((await s.call('GET', '/api/user/profile', undefined, { token: u.token })).body).toMatchObject({ dailyImagesUsed: 1, dailyImagesLimit: 10 });
    const first = await s.call('POST', '/api/user/track-share', { imageId: look.id, shareType: 'wardrobe' }, { token: u.token });
    expect(first).toMatchObject({ status: 200, body: { success: true, bonusGranted: true, dailyLimit: 13, used: 1, remaining: 12 } });
    const second = await s.call('POST', '/api/user/track-share', { imageId: look.id, shareType: 'lookbook' }, { token: u.token });
    expect(second.body).toEqual({ success: true, bonusGranted: false, dailyLimit: 13, used: 1, remaining: 12 });
    expect((await s.call('GET', '/api/user/profile', undefined, { token: u.token })).body).toMatchObject({ dailyImagesLimit: 13 });
  });

  it.each([
    ['STYLE', 13],
    ['ICON', 23],
  ])('gives the tier of promo code %s a limit of %i on a day it shared', async (promoCode, limit) => {
    const u = await s.register({ promoCode });
    const look = await servedLook(u.token);
    const res = await s.call('POST', '/api/user/track-share', { imageId: look.id, shareType: 'result' }, { token: u.token });
    expect(res.body).toMatchObject({ bonusGranted: true, dailyLimit: limit });
    expect((await s.call('GET', '/api/user/profile', undefined, { token: u.token })).body.dailyImagesLimit).toBe(limit);
  });

  it("refuses a bad shareType (400), another user's look (404) and a signed-out caller (401), granting nothing", async () => {
    const owner = await s.register();
    const look = await servedLook(owner.token);
    const stranger = await s.register();
    const bad = await s.call('POST', '/api/user/track-share', { imageId: look.id, shareType: 'instagram' }, { token: owner.token });
    expect(bad).toMatchObject({ status: 400, body: { error: 'invalid_input', message: 'shareType: shareType must be one of wardrobe, lookbook, result' } });
    expect((await s.call('POST', '/api/user/track-share', { imageId: look.id }, { token: owner.token })).status).toBe(400);
    expect(await s.call('POST', '/api/user/track-share', { imageId: look.id, shareType: 'wardrobe' }, { token: stranger.token })).toMatchObject({ status: 404, body: { error: 'not_found' } });
    expect((await s.call('POST', '/api/user/track-share', { imageId: look.id, shareType: 'wardrobe' })).status).toBe(401);
    for (const u of [owner, stranger]) expect((await s.call('GET', '/api/user/profile', undefined, { token: u.token })).body.dailyImagesLimit).toBe(10);
  });
});

/** The tags of an HTML document, read as a crawler reads them: text, no script run. */
function metaTags(html: string): Map<string, string> {
  const decode = (v: string) => v.replace(/&#(\d+);/g, (_m, n: string) => String.fromCharCode(Number(n))).replace(/&amp;/g, '&');
  const tags = new Map<string, string>();
  for (const m of html.matchAll(/<meta\s+(?:property|name)="([^"]+)"\s+content="([^"]*)"\s*\/?>/g)) tags.set(m[1]!, decode(m[2]!));
  const title = /<title>([^<]*)<\/title>/.exec(html);
  if (title) tags.set('title', decode(title[1]!));
  return tags;
}

describe('GET /outfit/{imageId}: the link preview', () => {
  it('carries Open Graph and Twitter card tags with the absolute picture and its size', async () => {
    const { look } = await sharedLook();
    const res = await fetch(`${s.url}/outfit/${look.id}`, { headers: { 'user-agent': 'Slackbot-LinkExpanding 1.0' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const html = await res.text();
    const tags = metaTags(html);
    const name = look.trend ?? look.colorPalette ?? look.occasion;
    expect(tags.get('title')).toBe(`${name} outfit | Drape`);
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(tags.get('og:title')).toBe(`${name} outfit | Drape`);
    expect(tags.get('og:description')).toMatch(new RegExp(`^An? ${name} look for (wo)?men by Drape`));
    expect(tags.get('og:url')).toBe(`${s.config.publicOrigin}/outfit/${look.id}`);
    expect(tags.get('og:type')).toBe('website');
    expect(tags.get('og:site_name')).toBe('Drape');
    expect(tags.get('og:image')).toMatch(new RegExp(`^${s.config.publicOrigin}/media/looks/[^/]+\\.preview\\.jpg$`));
    expect(tags.get('og:image:type')).toBe('image/jpeg');
    expect([tags.get('og:image:width'), tags.get('og:image:height')]).toEqual(['1200', '630']);
    expect(tags.get('og:image:alt')).toMatch(new RegExp(`^${name} outfit for (wo)?men, generated by Drape: `));
    expect(tags.get('twitter:card')).toBe('summary_large_image');
    expect(tags.get('twitter:image')).toBe(tags.get('og:image'));
    expect(tags.get('twitter:title')).toBe(tags.get('og:title'));
    // The card the tags name is really there, a JPEG at the size they say, cached for good, marked as AI-made.
    const picture = await fetch(tags.get('og:image')!.replace(s.config.publicOrigin, s.url));
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe(tags.get('og:image:type'));
    expect(picture.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(Buffer.from(await picture.arrayBuffer())).metadata();
    expect([String(meta.width), String(meta.height)]).toEqual([tags.get('og:image:width'), tags.get('og:image:height')]);
    expect(meta).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
    expect(readAiMark(meta.xmp)).toEqual({ sourceType: 'http://cv.iptc.org/newscodes/digitalsourcetype/algorithmicMedia', generator: 'Drape (built-in renderer)' });
  });

  it('makes the card once, when the look is first shared, and deleting the look deletes it', async () => {
    const { owner, look } = await sharedLook();
    const row = await s.db.db.selectFrom('generated_images').select(['preview_key', 'storage_key', 'thumb_key']).where('id', '=', look.id).executeTakeFirstOrThrow();
    expect(row.preview_key).toMatch(/^looks\/.+\.preview\.jpg$/);
    const card = async () => fetch(`${s.url}/media/${row.preview_key}`);
    const first = await card();
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag');
    // Shared again, and unfurled: the same card, not drawn again.
    expect((await s.call('POST', '/api/share/outfit', { imageId: look.id }, { token: owner.token })).status).toBe(200);
    await fetch(`${s.url}/outfit/${look.id}`);
    expect((await card()).headers.get('etag')).toBe(etag);
    await s.db.db.updateTable('generated_images').set({ created_at: new Date(Date.now() - 200 * 86_400_000) } as never).where('id', '=', look.id).execute();
    expect(await deleteExpiredImages(s.db.db, s.storage, { dryRun: true })).toMatchObject({ images: 1, files: 3 });
    expect(await deleteExpiredImages(s.db.db, s.storage)).toMatchObject({ images: 1, files: 3 });
    for (const key of [row.preview_key!, row.storage_key, row.thumb_key]) expect(await s.storage.exists('public', key)).toBe(false);
    expect((await card()).status).toBe(404);
  });

  it('draws the card of a LookBook look, public without a share, for the first unfurler that asks', async () => {
    const owner = await s.register();
    const look = await servedLook(owner.token);
    await publish(s.db.db, [look.id]);
    const tags = metaTags(await (await fetch(`${s.url}/outfit/${look.id}`)).text());
    const picture = await fetch(tags.get('og:image')!.replace(s.config.publicOrigin, s.url));
    expect(await sharp(Buffer.from(await picture.arrayBuffer())).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
  });

  it('escapes what it takes from the data', async () => {
    const { look } = await sharedLook();
    const hostile = 'Tweed "blazer" <script>alert(1)</script> & co';
    const first = await s.db.db.selectFrom('fashion_items').select('id').where('image_id', '=', look.id).orderBy('position').executeTakeFirstOrThrow();
    await s.db.db.updateTable('fashion_items').set({ name: hostile }).where('id', '=', first.id).execute();
    const html = await (await fetch(`${s.url}/outfit/${look.id}`)).text();
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('"blazer"');
    expect(metaTags(html).get('og:description')).toContain(hostile);
  });

  it('answers 404 with generic tags for an unknown, malformed or unshared id', async () => {
    const owner = await s.register();
    const unshared = await servedLook(owner.token);
    for (const id of [UNKNOWN_ID, 'not-an-id', unshared.id]) {
      const res = await fetch(`${s.url}/outfit/${id}`);
      expect(res.status).toBe(404);
      const tags = metaTags(await res.text());
      expect(tags.get('og:title')).toBe('Drape | Your Personalized AI Fashion Stylist');
      expect(tags.get('twitter:card')).toBe('summary');
      expect(tags.has('og:image')).toBe(false);
    }
  });
});

describe('GET /api/fashion-items/{imageId}: the share rule', () => {
  let admin: string;
  beforeAll(async () => {
    await bootstrapAdmin(s.db.db, 'ops', 'correct horse');
    admin = (await s.call('POST', '/api/admin/login', { adminKey: 'ops', password: 'correct horse' })).body.token;
  });
  const pieces = (id: string, token?: string) => s.call('GET', `/api/fashion-items/${id}`, undefined, token ? { token } : {});
  const statusFor = async (id: string, callers: Record<string, string | undefined>) =>
    Object.fromEntries(await Promise.all(Object.entries(callers).map(async ([who, token]) => [who, (await pieces(id, token)).status])));

  it("answers a look's pieces to those who may see it, and 404 to anybody else, as for an unknown id", async () => {
    const owner = await s.register();
    const stranger = await s.register();
    const look = await servedLook(owner.token);
    // A forged admin token is a signed-out caller here.
    const callers = { owner: owner.token, stranger: stranger.token, signedOut: undefined, admin, forgedAdmin: 'x.y.z' };

    expect(await statusFor(look.id, callers)).toEqual({ owner: 200, stranger: 404, signedOut: 404, admin: 200, forgedAdmin: 404 });
    expect((await pieces(look.id, owner.token)).body).toEqual((await pieces(look.id, admin)).body);
    expect((await pieces(look.id, owner.token)).body.length).toBeGreaterThanOrEqual(3);
    const hidden = await pieces(look.id, stranger.token);
    expect(hidden.body).toEqual((await pieces(UNKNOWN_ID, stranger.token)).body);
    expect(hidden.body).toMatchObject({ error: 'not_found' });

    // Shared: its link is public, and so are its pieces.
    expect((await s.call('POST', '/api/share/outfit', { imageId: look.id }, { token: owner.token })).status).toBe(200);
    expect(await statusFor(look.id, callers)).toEqual({ owner: 200, stranger: 200, signedOut: 200, admin: 200, forgedAdmin: 200 });
  });

  it('answers every caller for a LookBook look, only an admin for an archived one', async () => {
    const owner = await s.register();
    const stranger = await s.register();
    const inLookbook = await servedLook(owner.token);
    const archived = await servedLook(owner.token);
    await publish(s.db.db, [inLookbook.id]);
    await archive(s.db.db, [archived.id]);
    const callers = { owner: owner.token, stranger: stranger.token, signedOut: undefined, admin };
    expect(await statusFor(inLookbook.id, callers)).toEqual({ owner: 200, stranger: 200, signedOut: 200, admin: 200 });
    expect(await statusFor(archived.id, callers)).toEqual({ owner: 404, stranger: 404, signedOut: 404, admin: 200 });
    expect(await statusFor(UNKNOWN_ID, callers)).toEqual({ owner: 404, stranger: 404, signedOut: 404, admin: 404 });
  });
});

describe('an expired look', () => {
  it('is deleted by retention although it was shared, and its link then answers not found', async () => {
    const { look } = await sharedLook();
    await s.db.db.updateTable('generated_images').set({ created_at: new Date(Date.now() - 200 * 86_400_000) } as never).where('id', '=', look.id).execute();
    const report = await deleteExpiredImages(s.db.db, s.storage);
    expect(report.images).toBe(1);
    expect(await s.call('GET', `/api/share/outfit/${look.id}`)).toMatchObject({ status: 404, body: NOT_FOUND });
    expect((await fetch(`${s.url}/outfit/${look.id}`)).status).toBe(404);
  });
});
