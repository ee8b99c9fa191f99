import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './testing/harness';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ PROMO_CODES: 'STYLE:stylist' });
});
afterAll(() => s.close());

describe('catalog', () => {
  it('lists the five active monthly trends publicly', async () => {
    const res = await s.call('GET', '/api/monthly-trends');
    expect(res.status).toBe(200);
    expect(res.body[0].trends.map((t: { name: string }) => t.name)).toEqual(['Boho Chic', 'Animal Print Explosion', 'Denim', 'Polka', 'Nautical Chic']);
  });

  it('lists the four palettes with real colors, and the occasions with icons', async () => {
    const seasons = await s.call('GET', '/api/seasons');
    const palettes = seasons.body[0].colorPalettes;
    expect(palettes.map((p: { name: string }) => p.name)).toEqual(['Sunset Sorbet', 'Ocean Depths', 'Botanic Pop', 'Minimal Heat']);
    for (const p of palettes) for (const c of p.colors) expect(c.hex).toMatch(/^#[0-9A-F]{6}$/i);
    const occasions = await s.call('GET', '/api/occasions');
    expect(occasions.body).toContainEqual({ id: 'office', name: 'Office', icon: 'briefcase', isActive: true });
    expect(occasions.body.map((o: { name: string }) => o.name)).toEqual(['Date', 'Party', 'Office', 'Beach', 'Athleisure', 'Lounge', 'GoingOut']);
  });

  it('refuses style vibes and body shapes to an Enthusiast and serves them to a Stylist', async () => {
    const enthusiast = await s.register();
    expect((await s.call('GET', '/api/style-vibes', undefined, { token: enthusiast.token })).body.error).toBe('tier_required');
    expect((await s.call('GET', '/api/body-shapes', undefined, { token: enthusiast.token })).status).toBe(403);
    expect((await s.call('GET', '/api/style-vibes')).status).toBe(401);
    const stylist = await s.register({ promoCode: 'STYLE' });
    const vibes = await s.call('GET', '/api/style-vibes', undefined, { token: stylist.token });
    expect(vibes.body.map((v: { name: string }) => v.name)).toEqual(['Playful', 'Elegant', 'Casual', 'Contemporary']);
    expect((await s.call('GET', '/api/body-shapes', undefined, { token: stylist.token })).body.length).toBeGreaterThanOrEqual(3);
  });

  it('tells occasions from trends', async () => {
    const res = await s.call('GET', '/api/trend-conversion');
    expect(res.body).toContainEqual({ category: 'Occasion', frontendName: 'GoingOut' });
    expect(res.body).toContainEqual({ category: 'Trending', frontendName: 'Hot Pants Revival' });
  });
});
