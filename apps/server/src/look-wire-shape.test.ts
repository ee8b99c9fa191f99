import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureMatrix } from '@drape/boot';
import { restRoutes } from '@drape/api';
import { curate, stockLook } from './testing/looks';
import { startTestServer, type TestServer } from './testing/harness';

/**
 * Issue 17, one wire shape for a look: tRPC answers carry each field once; the REST rows answer the
 * same looks with the other spellings of user-area §3 added (same values), and every REST answer is
 * exactly what its documented schema describes (nothing undocumented, nothing missing).
 */
let s: TestServer;
let look: string;
beforeAll(async () => {
  s = await startTestServer({ PROMO_CODES: 'ICON:fashion_icon' });
  await ensureMatrix(s.db.db);
  look = await stockLook(s, { gender: 'female', trend: 'boho_chic', styleVibe: 'playful' });
  await curate(s, [look]);
  // In the inventory, not the LookBook: what Get My Look serves.
  await stockLook(s, { gender: 'female', palette: 'ocean_depths' });
}, 120_000);
afterAll(() => s.close());

const REST_ONLY_LOOK = ['image_url', 'color_palette', 'style_vibe', 'vibe'];
const REST_ONLY_PIECE = ['item_name', 'category', 'item_type', 'price_range'];
const trpcGet = async (path: string, input: unknown, token: string) =>
  (await s.call('GET', `/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`, undefined, { token })).body.result.data;
const trpcPost = async (path: string, input: unknown, token: string) => (await s.call('POST', `/trpc/${path}`, input, { token })).body.result.data;

/** The REST answer, checked against its row's documented schema: parsing keeps only documented fields. */
function documented(method: string, path: string, body: unknown) {
  const route = restRoutes.find((r) => r.method === method && r.path === path)!;
  expect(route.output.parse(body), `${method} ${path} answers exactly its schema`).toEqual(body);
}

function expectRestSpellings(restLook: Record<string, any>, trpcLook: Record<string, any>) {
  expect(restLook).toMatchObject({
    ...trpcLook,
    image_url: trpcLook.imageUrl, color_palette: trpcLook.colorPalette, style_vibe: trpcLook.styleVibe, vibe: trpcLook.styleVibe,
    fashionItems: trpcLook.fashionItems.map((p: Record<string, unknown>) => ({ ...p, item_name: p.name, category: p.type, item_type: p.type, price_range: p.priceRange })),
  });
  for (const key of REST_ONLY_LOOK) expect(trpcLook).not.toHaveProperty(key);
  for (const piece of trpcLook.fashionItems) for (const key of REST_ONLY_PIECE) expect(piece).not.toHaveProperty(key);
}

describe('a look on the wire', () => {
  it('is spelled once by tRPC and with the spec\'s other spellings by REST, in the LookBook, the wardrobe and the pieces', async () => {
    const u = await s.register({ promoCode: 'ICON' });
    const trpcPage = await trpcGet('lookbook.list', {}, u.token);
    const restPage = await s.call('GET', '/api/siims/lookbook', undefined, { token: u.token });
    expect(restPage.status).toBe(200);
    documented('GET', '/api/siims/lookbook', restPage.body);
    expect(trpcPage.looks.map((l: { id: string }) => l.id)).toEqual([look]);
    expect(trpcPage.looks[0].styleVibe).toBe('Playful');
    expectRestSpellings(restPage.body.looks[0], trpcPage.looks[0]);

    const saved = await s.call('POST', '/api/siims/wardrobe', { imageId: look }, { token: u.token });
    expect(saved.status).toBe(201);
    documented('POST', '/api/siims/wardrobe', saved.body);
    const trpcWardrobe = await trpcGet('wardrobe.list', {}, u.token);
    const restWardrobe = await s.call('GET', '/api/siims/wardrobe', undefined, { token: u.token });
    documented('GET', '/api/siims/wardrobe', restWardrobe.body);
    expectRestSpellings(restWardrobe.body.items[0], trpcWardrobe.items[0]);
    expectRestSpellings(saved.body.item, { ...trpcWardrobe.items[0], saved: true });

    const trpcPieces = await trpcGet('generate.fashionItems', { imageId: look }, u.token);
    const restPieces = await s.call('GET', `/api/fashion-items/${look}`, undefined, { token: u.token });
    documented('GET', '/api/fashion-items/:imageId', restPieces.body);
    expect(trpcPieces.length).toBeGreaterThan(0);
    expect(restPieces.body).toEqual(trpcPieces.map((p: Record<string, unknown>) => ({ ...p, item_name: p.name, category: p.type, item_type: p.type, price_range: p.priceRange })));
    for (const piece of trpcPieces) for (const key of REST_ONLY_PIECE) expect(piece).not.toHaveProperty(key);
  });

  it('is the outfit of Get My Look and of a shared link with color_palette added by REST only', async () => {
    const u = await s.register({ promoCode: 'ICON' });
    const outfit = await s.call('POST', '/api/generate-outfit', { gender: 'female', colorPalette: 'Ocean Depths' }, { token: u.token });
    expect(outfit.status, JSON.stringify(outfit.body)).toBe(200);
    expect(outfit.body).toMatchObject({ source: 'inventory', colorPalette: 'Ocean Depths' });
    documented('POST', '/api/generate-outfit', outfit.body);
    expect(outfit.body.color_palette).toBe(outfit.body.colorPalette);
    expect(outfit.body.fashionItems[0].item_name).toBe(outfit.body.fashionItems[0].name);

    const shared = await trpcPost('share.create', { imageId: outfit.body.id }, u.token);
    expect(shared.success).toBe(true);
    const trpcShared = await trpcGet('share.outfit', { imageId: outfit.body.id }, u.token);
    const restShared = await s.call('GET', `/api/share/outfit/${outfit.body.id}`, undefined, { token: u.token });
    documented('GET', '/api/share/outfit/:imageId', restShared.body);
    expect(trpcShared).not.toHaveProperty('color_palette');
    expect(restShared.body).toMatchObject({ ...trpcShared, color_palette: trpcShared.colorPalette });
  });
});
