import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureMatrix } from '@drape/boot';
import type { TrendId } from '@drape/contracts';
import { CLOSET_PIECES_PATH } from '@drape/contracts/closet';
import { DATA_EXPORT_JSON, DATA_EXPORT_LIMIT, dataExportAnswer, dataExportMessages, dataExportPhotoPath } from '@drape/contracts/user';
import { multipart, redJpegWithGps, uploadParts } from './testing/closet';
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

/** The export as the browser downloads it: the ZIP's files by name. */
async function downloadExport(token: string): Promise<{ res: Response; files: Record<string, Uint8Array> }> {
  const res = await fetch(`${s.url}/api/user/export`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  return { res, files: unzipSync(new Uint8Array(await res.arrayBuffer())) };
}

/** A photographed piece of the user's, through the upload route; its id and stored photo's key. */
async function pieceOf(token: string): Promise<{ id: string; photoKey: string }> {
  const { body, contentType } = multipart(uploadParts(await redJpegWithGps(), { category: 'top', name: 'Office red' }));
  const res = await fetch(`${s.url}${CLOSET_PIECES_PATH}`, { method: 'POST', body, headers: { authorization: `Bearer ${token}`, 'content-type': contentType } });
  expect(res.status).toBe(201);
  const { id } = (await res.json()) as { id: string };
  const row = await s.db.db.selectFrom('closet_pieces').select('photo_key').where('id', '=', id).executeTakeFirstOrThrow();
  return { id, photoKey: row.photo_key };
}

async function stored(key: string): Promise<Buffer> {
  const file = (await s.storage.get('private', key))!;
  const chunks: Buffer[] = [];
  for await (const chunk of file.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('GET /api/user/export', () => {
  it("answers a ZIP attachment: data.json with all of the user's data and the photos of their pieces, nothing of another user's", async () => {
    const me = await busyUser('polka', 'for the office party');
    const other = await busyUser('boho_chic', 'the other one’s note');
    const piece = await pieceOf(me.u.token);
    const otherPiece = await pieceOf(other.u.token);
    const { res, files } = await downloadExport(me.u.token);
    const today = new Date().toISOString().slice(0, 10);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="drape-data-${me.u.username}-${today}.zip"`);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(Object.keys(files).sort()).toEqual([dataExportPhotoPath(piece.id), DATA_EXPORT_JSON].sort());
    // The photo as stored: without the camera's EXIF and GPS.
    expect(Buffer.from(files[dataExportPhotoPath(piece.id)]!).equals(await stored(piece.photoKey))).toBe(true);
    const data = JSON.parse(new TextDecoder().decode(files[DATA_EXPORT_JSON]));
    expect(dataExportAnswer.safeParse(data).success).toBe(true);
    expect(data).toMatchObject({
      format: 'drape-data-export', version: 2,
      profile: { id: me.u.user.id, username: me.u.username, email: me.u.email, tier: 'stylist' },
      wardrobe: [{ imageId: me.lookId, notes: 'for the office party' }],
      viewedLooks: [{ imageId: me.lookId }],
      shares: [{ imageId: me.lookId }],
      shoppingClicks: [{ platform: 'amazon', imageId: me.lookId, fashionItemId: me.itemId }],
      dailyUsage: [{ day: today, used: 1, shared: true }],
      referrals: { count: 1 },
      lookbookSession: { windowStart: 0, viewed: expect.any(Number) },
      closetPieces: [{ id: piece.id, name: 'Office red', category: 'top', colorFamily: 'red', measuredColorFamily: 'red', pattern: 'solid', photo: dataExportPhotoPath(piece.id) }],
    });
    expect(Date.parse(data.lookbookSession.lastActiveAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(data.sessions).toHaveLength(1);
    expect(data.sessions[0]).toMatchObject({ current: true });
    expect(Object.keys(data.shares[0]).sort()).toEqual(['imageId', 'shareUrl', 'sharedAt']);
    // Nothing that opens the account, nothing of the other user, no storage key.
    const text = JSON.stringify(data);
    const session = await s.db.db.selectFrom('sessions').select('id').where('user_id', '=', me.u.user.id).executeTakeFirstOrThrow();
    const hash = await s.db.db.selectFrom('users').select('password_hash').where('id', '=', me.u.user.id).executeTakeFirstOrThrow();
    for (const secret of [me.u.token, session.id, hash.password_hash, 'password_hash', 'passwordHash', piece.photoKey]) expect(text).not.toContain(secret);
    for (const theirs of [other.u.user.id, other.u.username, other.lookId, other.itemId, 'the other one’s note', otherPiece.id]) expect(text).not.toContain(theirs);
  });

  it('answers data.json alone over tRPC', async () => {
    const u = await s.register();
    const res = await s.call('GET', '/trpc/user.export', undefined, { token: u.token });
    expect(res.status).toBe(200);
    expect(res.body.result.data).toMatchObject({ format: 'drape-data-export', version: 2, closetPieces: [] });
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
