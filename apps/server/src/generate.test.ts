import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runGenerateJob } from '@drape/pipeline';
import { atelierProviderForTests } from './testing/providers';
import { startTestServer, type TestServer } from './testing/harness';
import { feature, publish } from '@drape/looks';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ env: { PROMO_CODES: 'STYLE:stylist,ICON:fashion_icon' }, pipeline: true });
});
afterAll(() => s.close());

const countImages = async () => Number((await s.db.db.selectFrom('generated_images').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
const usedToday = async (userId: string) => (await s.db.db.selectFrom('daily_usage').select(['used', 'reserved']).where('user_id', '=', userId).executeTakeFirst()) ?? { used: 0, reserved: 0 };

/** Stocks the inventory through the same job the batch pipeline runs. */
async function stock(n: number, data: Record<string, unknown>) {
  const deps = { db: s.db.db, storage: s.storage, provider: atelierProviderForTests, timeoutMs: 30_000 };
  for (let i = 0; i < n; i++) {
    await runGenerateJob(deps, crypto.randomUUID(), { gender: 'female', seed: 1000 + i, source: 'batch', ...data } as never);
  }
}

describe('POST /api/generate-outfit', () => {
  it('generates live when the inventory is empty: a watermarked 768x1024 WebP with its pieces', async () => {
    const u = await s.register();
    const res = await s.call('POST', '/api/generate-outfit', { gender: 'female', trend: 'boho chic' }, { token: u.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ gender: 'female', trend: 'Boho Chic', status: 'viewable', source: 'live', occasion: null, colorPalette: null });
    expect(res.body.fashionItems.length).toBeGreaterThanOrEqual(3);
    for (const item of res.body.fashionItems) expect(item).toMatchObject({ name: expect.any(String), description: expect.any(String), color: expect.any(String), priceRange: expect.any(String) });
    expect(res.body.fashionItems.map((i: { type: string }) => i.type)).toContain('shoes');
    const file = await fetch(`${s.url}${res.body.imageUrl}`);
    expect(file.headers.get('cache-control')).toContain('immutable');
    const meta = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 768, height: 1024 });
    expect((await s.call('GET', '/api/user/profile', undefined, { token: u.token })).body.dailyImagesUsed).toBe(1);
  });

  it('stores the look and its thumbnail with the machine-readable AI mark: the IPTC digital source type and the generator in XMP', async () => {
    const u = await s.register();
    const res = await s.call('POST', '/api/generate-outfit', { gender: 'male', occasion: 'office' }, { token: u.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    for (const url of [res.body.imageUrl, res.body.thumbnailUrl]) {
      const { xmp } = await sharp(Buffer.from(await (await fetch(`${s.url}${url}`)).arrayBuffer())).metadata();
      expect(xmp?.toString()).toContain('Iptc4xmpExt:DigitalSourceType="http://cv.iptc.org/newscodes/digitalsourcetype/algorithmicMedia"');
      expect(xmp?.toString()).toContain('xmp:CreatorTool="Drape (built-in renderer)"');
    }
    const row = await s.db.db.selectFrom('generated_images').select('ai_marked').where('id', '=', res.body.id).executeTakeFirstOrThrow();
    expect(row.ai_marked).toBe(true);
  });

  it('answers from inventory first, never the same look twice to one user, then generates live', async () => {
    await stock(2, { palette: 'ocean_depths' });
    const u = await s.register();
    const first = await s.call('POST', '/api/generate-outfit', { gender: 'female', colorPalette: 'Ocean Depths' }, { token: u.token });
    const second = await s.call('POST', '/api/generate-outfit', { gender: 'FEMALE', colorPalette: 'ocean_depths' }, { token: u.token });
    const third = await s.call('POST', '/api/generate-outfit', { gender: 'female', colorPalette: 'OCEAN DEPTHS' }, { token: u.token });
    expect([first.body.source, second.body.source, third.body.source]).toEqual(['inventory', 'inventory', 'live']);
    expect(new Set([first.body.id, second.body.id, third.body.id]).size).toBe(3);
    expect(first.body.colorPalette).toBe('Ocean Depths');
    // Another user still gets the stocked looks.
    const other = await s.register();
    expect((await s.call('POST', '/api/generate-outfit', { gender: 'female', colorPalette: 'Ocean Depths' }, { token: other.token })).body.source).toBe('inventory');
  });

  // Found by the load run (issue 15): the pick locked the look FOR UPDATE SKIP LOCKED, so while one
  // user's Get My Look, save or share held the pair's only look, every other user asking for that
  // pair skipped it and waited for a live render. A look serves every user once; only a deletion
  // may make a pick pass it by.
  it("serves a look from inventory while another user's call holds it (a Get My Look, save or share in flight)", async () => {
    await stock(1, { gender: 'male', trend: 'animal_print_explosion' });
    const look = await s.db.db.selectFrom('generated_images').select('id').where('selection_id', '=', 'animal_print_explosion').where('gender', '=', 'male').executeTakeFirstOrThrow();
    const u = await s.register();
    const served = await s.db.db.transaction().execute(async (tx) => {
      // What another user's share or save of the look holds until it commits (share.service lockSeenLook).
      await tx.selectFrom('generated_images').select('id').where('id', '=', look.id).forKeyShare().execute();
      return s.call('POST', '/api/generate-outfit', { gender: 'male', trend: 'Animal Print Explosion' }, { token: u.token });
    });
    expect(served.status, JSON.stringify(served.body)).toBe(200);
    expect(served.body).toMatchObject({ id: look.id, source: 'inventory' });
    // The same user's next call has seen it: that one renders live.
    const next = await s.call('POST', '/api/generate-outfit', { gender: 'male', trend: 'Animal Print Explosion' }, { token: u.token });
    expect(next.body.source).toBe('live');
  });

  it('serves the pieces of an image at GET /api/fashion-items/{imageId}', async () => {
    const u = await s.register();
    const outfit = (await s.call('POST', '/api/generate-outfit', { gender: 'male', occasion: 'Office' }, { token: u.token })).body;
    const items = await s.call('GET', `/api/fashion-items/${outfit.id}`, undefined, { token: u.token });
    expect(items.body).toEqual(outfit.fashionItems);
    // Served to this user only: nobody else learns it exists (the share rule, share.test.ts).
    expect((await s.call('GET', `/api/fashion-items/${outfit.id}`)).status).toBe(404);
    expect(items.body.map((i: { name: string }) => i.name.toLowerCase()).join(' ')).not.toMatch(/hot pants/);
    expect((await s.call('GET', '/api/fashion-items/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await s.call('GET', '/api/fashion-items/not-an-id')).status).toBe(400);
  });

  it.each([
    [{ trend: 'Boho Chic' }, 'Please select a gender to generate your outfit.'],
    [{ gender: 'female' }, 'Please choose a trend, color palette, or occasion to generate your image.'],
    [{ gender: 'female', trend: 'Boho Chic', occasion: 'Office' }, 'Choose only one of a trend, a color palette or an occasion.'],
    [{ gender: 'female', trend: 'Grunge' }, 'Unknown trend: Grunge'],
    [{ gender: 'female', colorPalette: 'Neon Nights' }, 'Unknown color palette: Neon Nights'],
    [{ gender: 'robot', occasion: 'Office' }, 'Unknown gender: robot. Choose female or male.'],
    [{ gender: 'female', occasion: 'Office', styleVibe: 'Elegant' }, 'Style vibe, skin tone and body shape personalization starts at the Stylist tier.'],
  ])('refuses %j with 400 and spends no quota', async (body, message) => {
    const u = await s.register();
    const before = await countImages();
    const res = await s.call('POST', '/api/generate-outfit', body, { token: u.token });
    expect(res).toMatchObject({ status: 400, body: { error: 'invalid_input', message } });
    expect(await usedToday(u.user.id)).toMatchObject({ used: 0, reserved: 0 });
    expect(await countImages()).toBe(before);
  });

  it('needs a session', async () => {
    expect((await s.call('POST', '/api/generate-outfit', { gender: 'female', trend: 'Denim' })).status).toBe(401);
  });

  it('personalizes for a Stylist from the request or the saved preferences', async () => {
    const u = await s.register({ promoCode: 'STYLE' });
    const asked = await s.call('POST', '/api/generate-outfit', { gender: 'male', trend: 'Denim', styleVibe: 'Casual', bodyShape: 'Rectangle', skinTone: 'Deep' }, { token: u.token });
    expect(asked.body).toMatchObject({ styleVibe: 'Casual', bodyShape: 'Rectangle', skinTone: 'Deep' });
    await s.call('PATCH', '/api/user/profile', { styleVibe: 'Elegant', bodyShape: 'Pear', skinTone: 'fair' }, { token: u.token });
    const saved = await s.call('POST', '/api/generate-outfit', { gender: 'female', occasion: 'Date' }, { token: u.token });
    expect(saved.body).toMatchObject({ styleVibe: 'Elegant', bodyShape: 'Pear', skinTone: 'Fair' });
  });

  it('gives exactly 10 outfits and 10 x 429 to 20 parallel calls at a remaining quota of 10', async () => {
    await stock(4, { trend: 'polka' });
    const u = await s.register();
    const results = await Promise.all(Array.from({ length: 20 }, () => s.call('POST', '/api/generate-outfit', { gender: 'female', trend: 'Polka' }, { token: u.token })));
    const ok = results.filter((r) => r.status === 200);
    const limited = results.filter((r) => r.status === 429);
    expect(ok).toHaveLength(10);
    expect(limited).toHaveLength(10);
    expect(limited[0]!.body).toEqual({ error: 'daily_limit_exceeded', message: "You've used all 10 daily personalized style ideas. Explore more style ideas in Lookbook!" });
    expect(new Set(ok.map((r) => r.body.id)).size).toBe(10);
    expect(await usedToday(u.user.id)).toEqual({ used: 10, reserved: 0 });
    expect((await s.call('GET', '/api/user/profile', undefined, { token: u.token })).body).toMatchObject({ dailyImagesUsed: 10, dailyImagesLimit: 10 });
  });

  it('names the tier limit in the 429 message (Fashion Icon: 20; +3 on a day the user shared)', async () => {
    const icon = await s.register({ promoCode: 'ICON' });
    await s.db.db.insertInto('daily_usage').values({ user_id: icon.user.id, day: new Date().toISOString().slice(0, 10), used: 20 }).execute();
    const res = await s.call('POST', '/api/generate-outfit', { gender: 'male', trend: 'Denim' }, { token: icon.token });
    expect(res.body.message).toBe("You've used all 20 daily personalized style ideas. Explore more style ideas in Lookbook!");
    await s.db.db.updateTable('daily_usage').set({ shared: true }).where('user_id', '=', icon.user.id).execute();
    expect((await s.call('POST', '/api/generate-outfit', { gender: 'male', trend: 'Denim' }, { token: icon.token })).status).toBe(200);
  });
});

describe('a failing provider', () => {
  it('retries, then answers "Unable to generate outfit", spends no quota and leaves no half-stored image', async () => {
    const failing = await startTestServer({ pipeline: true, failingProvider: true } as never);
    try {
      const u = await failing.register();
      const res = await failing.call('POST', '/api/generate-outfit', { gender: 'female', occasion: 'Party' }, { token: u.token });
      expect(res).toMatchObject({ status: 503, body: { error: 'generation_failed', message: 'Unable to generate outfit. Please try again.' } });
      const usage = await failing.db.db.selectFrom('daily_usage').select(['used', 'reserved']).where('user_id', '=', u.user.id).executeTakeFirstOrThrow();
      expect(usage).toEqual({ used: 0, reserved: 0 });
      expect(await failing.db.db.selectFrom('generated_images').select('id').execute()).toHaveLength(0);
      const media = path.join(failing.config.dataDir, 'media', 'looks');
      expect(fs.existsSync(media) ? fs.readdirSync(media) : []).toEqual([]);
    } finally {
      await failing.close();
    }
  }, 60_000);
});

describe('landing showcase and LookBook stats', () => {
  // The answers are cached for a minute (showcase.service.ts): the first call comes after the stocking.
  it('pictures each catalog item from inventory, preferring the showcase, and counts LookBook looks', async () => {
    await stock(2, { trend: 'nautical_chic' });
    const images = await s.db.db.selectFrom('generated_images').select(['id', 'thumb_key']).where('selection_id', '=', 'nautical_chic').orderBy('created_at').execute();
    await publish(s.db.db, [images[0]!.id]);
    await feature(s.db.db, images[0]!.id);
    const showcase = await s.call('GET', '/api/landing/showcase');
    expect(showcase.status).toBe(200);
    expect(showcase.body.monthlyTrends).toHaveLength(5);
    expect(showcase.body.seasonColors.map((x: { itemName: string }) => x.itemName)).toEqual(['Sunset Sorbet', 'Ocean Depths', 'Botanic Pop', 'Minimal Heat']);
    const nautical = showcase.body.monthlyTrends.find((x: { itemName: string }) => x.itemName === 'Nautical Chic');
    expect(nautical.imageUrl).toBe(`/media/${images[0]!.thumb_key}`);
    expect(showcase.body.carousel[0]).toMatchObject({ id: images[0]!.id, name: 'Nautical Chic', kind: 'trend', gender: 'female', width: 768, height: 1024 });
    expect((await s.call('GET', '/api/lookbook/stats')).body).toEqual({ totalLooks: 1, displayText: 'Explore 1 Style Ideas in LookBook' });
  });
});
