import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOSET_PIECES_PATH } from '@drape/contracts/closet';
import { runGenerateJob } from '@drape/pipeline';
import { multipart, plainPhoto, stripedPng, uploadParts } from './testing/closet';
import { startTestServer, type TestServer } from './testing/harness';
import { atelierProviderForTests } from './testing/providers';

/**
 * Looks built around the user's own pieces (issue 19, section 4), end to end: a photo uploaded to
 * My Pieces, Get My Look with its id, a live look from the real pipeline worker that wears the
 * piece as itself, marked owned, personal and never stock for anyone else.
 */
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ env: { PROMO_CODES: 'ICON:fashion_icon' }, pipeline: true });
}, 120_000);
afterAll(() => s.close());

type Person = Awaited<ReturnType<TestServer['register']>>;

async function addPiece(u: Person, photo: Buffer, category: string, type = 'image/jpeg'): Promise<{ id: string; colorFamily: string; pattern: string; name: string }> {
  const { body, contentType } = multipart(uploadParts(photo, { category }, type));
  const res = await fetch(`${s.url}${CLOSET_PIECES_PATH}`, { method: 'POST', body, headers: { authorization: `Bearer ${u.token}`, 'content-type': contentType } });
  const piece = (await res.json()) as { id: string; colorFamily: string; pattern: string; name: string };
  expect(res.status, JSON.stringify(piece)).toBe(201);
  return piece;
}

const generate = (u: Person, input: Record<string, unknown>) => s.call('POST', '/api/generate-outfit', input, { token: u.token });

describe('Get My Look with ownedPieceIds', () => {
  it("builds a live look around the user's red top: the piece as itself, marked owned, with a note on how the rest was chosen", async () => {
    const u = await s.register({ promoCode: 'ICON' });
    const top = await addPiece(u, await plainPhoto('#c62828', 'jpeg', 320), 'top');
    expect(top.colorFamily).toBe('red');
    // Stock of the combination exists: a look around a piece is made live all the same.
    await runGenerateJob({ db: s.db.db, storage: s.storage, provider: atelierProviderForTests, timeoutMs: 30_000 }, crypto.randomUUID(), { gender: 'female', trend: 'preppy', seed: 4, source: 'batch' } as never);

    const res = await generate(u, { gender: 'female', trend: 'preppy', ownedPieceIds: [top.id] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.source).toBe('live');
    const owned = res.body.fashionItems.filter((i: { owned?: boolean }) => i.owned);
    expect(owned).toHaveLength(1);
    expect(owned[0]).toMatchObject({ type: 'top', colorFamily: 'red', name: top.name, owned: true });
    expect(res.body.fashionItems.filter((i: { owned?: boolean }) => !i.owned).every((i: object) => !('owned' in i))).toBe(true);
    expect(res.body.stylistNote[0]).toMatch(/^Built around your /);
    expect(res.body.stylistNote.length).toBeGreaterThanOrEqual(3);
    // Counted in the daily limit like any look.
    expect((await s.call('GET', '/api/user/profile', undefined, { token: u.token })).body.dailyImagesUsed).toBe(1);

    const row = await s.db.db.selectFrom('generated_images').select(['personal', 'combination_code']).where('id', '=', res.body.id).executeTakeFirstOrThrow();
    expect(row.personal).toBe(true);
    // Not stock: another user asking for the same look never gets it, and it is no stock of its combination.
    const other = await s.register();
    for (let i = 0; i < 2; i++) {
      const served = await generate(other, { gender: 'female', trend: 'preppy' });
      expect(served.status).toBe(200);
      expect(served.body.id).not.toBe(res.body.id);
    }
    const stock = await s.db.db.selectFrom('combinations').select('image_count').where('code', '=', row.combination_code).executeTakeFirst();
    const kept = await s.db.db.selectFrom('generated_images').select((eb) => eb.fn.countAll<string>().as('n')).where('combination_code', '=', row.combination_code).where('personal', '=', false).executeTakeFirstOrThrow();
    expect(stock?.image_count).toBe(Number(kept.n));
    // No shopping link for the user's own piece: a click on it is refused as unknown.
    const click = await s.call('POST', `/api/fashion-items/${owned[0].id}/track-click`, { platform: 'amazon' }, { token: u.token });
    expect(click.status).toBe(404);
    // Savable and shareable like any look.
    expect((await s.call('POST', '/api/siims/wardrobe', { imageId: res.body.id }, { token: u.token })).status).toBe(201);
    expect((await s.call('POST', '/api/share/outfit', { imageId: res.body.id }, { token: u.token })).status).toBe(200);
  }, 120_000);

  it('wears two pieces, a patterned one drawn patterned', async () => {
    const u = await s.register({ promoCode: 'ICON' });
    const bottom = await addPiece(u, await stripedPng(320), 'bottom', 'image/png');
    const bag = await addPiece(u, await plainPhoto('#1f2a44', 'jpeg', 320), 'bag');
    expect(bottom.pattern).toBe('patterned');
    const res = await generate(u, { gender: 'male', occasion: 'office', ownedPieceIds: [bottom.id, bag.id] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const owned = res.body.fashionItems.filter((i: { owned?: boolean }) => i.owned);
    expect(owned.map((i: { type: string }) => i.type).sort()).toEqual(['accessory', 'bottom']);
    expect(owned.find((i: { type: string }) => i.type === 'accessory').colorFamily).toBe(bag.colorFamily);
  }, 120_000);

  it("refuses another user's piece as unknown, more than two pieces, and a repeated one, and changes nothing", async () => {
    const owner = await s.register();
    const piece = await addPiece(owner, await plainPhoto('#c62828', 'jpeg', 320), 'top');
    const thief = await s.register();
    const stolen = await generate(thief, { gender: 'female', trend: 'preppy', ownedPieceIds: [piece.id] });
    expect(stolen.status).toBe(404);
    expect(stolen.body.error).toBe('not_found');
    const three = await generate(owner, { gender: 'female', trend: 'preppy', ownedPieceIds: [piece.id, crypto.randomUUID(), crypto.randomUUID()] });
    expect(three.status).toBe(400);
    expect(three.body.message).toContain('at most 2');
    const twice = await generate(owner, { gender: 'female', trend: 'preppy', ownedPieceIds: [piece.id, piece.id] });
    expect(twice.status).toBe(400);
    for (const who of [owner, thief]) expect((await s.call('GET', '/api/user/profile', undefined, { token: who.token })).body.dailyImagesUsed).toBe(0);
  }, 60_000);
});
