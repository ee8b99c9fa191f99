import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ERRORS, tierPolicy } from '@drape/contracts';
import { CLOSET_PHOTO_MAX_BYTES, CLOSET_THUMBNAIL_SIZE, closetMessages, closetPhotoPath, closetPiecePath, CLOSET_PIECES_PATH } from '@drape/contracts/closet';
import { SESSION_COOKIE } from '@drape/contracts/storage-keys';
import { forgetPlatformSettings, updatePlatformSettings } from '@drape/db';
import { checkStoreIntegrity, purgeDeletedAccounts } from '@drape/operations';
import { bombPng, closetFiles, EXIF_HEADER, GPS_TAGS, insertClosetPiece, multipart, plainPhoto, redJpegWithGps, stripedPng, uploadParts, type MultipartPart } from './testing/closet';
import { startTestServer, type TestServer } from './testing/harness';

/**
 * My Pieces (issue 19, section 3) end to end: real uploads of photos made with sharp, through the
 * multipart route, measured, stored without metadata in the private area, served to their owner
 * only, corrected, deleted with their files, and gone with the account.
 */
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ PROMO_CODES: 'ICON:fashion_icon' });
}, 120_000);
afterAll(() => s.close());

type Person = Awaited<ReturnType<TestServer['register']>>;
type Credentials = { token?: string; cookie?: string };

const auth = (who: Credentials): Record<string, string> =>
  who.token ? { authorization: `Bearer ${who.token}` } : who.cookie ? { cookie: `${SESSION_COOKIE}=${who.cookie}` } : {};

async function answer(res: Response) {
  const text = await res.text();
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, body, headers: res.headers };
}

/** POST /api/closet/pieces with these parts (or a raw body and its type). */
async function upload(who: Credentials, parts: readonly MultipartPart[] | { body: Buffer | string; contentType?: string }) {
  const { body, contentType } = Array.isArray(parts) ? multipart(parts) : (parts as { body: Buffer | string; contentType?: string });
  return answer(await fetch(`${s.url}${CLOSET_PIECES_PATH}`, {
    method: 'POST', body, headers: { ...auth(who), ...(contentType ? { 'content-type': contentType } : {}), 'x-forwarded-for': `10.9.${Math.floor(Math.random() * 250)}.1` },
  }));
}

const image = (who: Credentials, id: string, size: 'photo' | 'thumbnail') => fetch(`${s.url}${closetPhotoPath(id, size)}`, { headers: auth(who) });

async function storedFile(key: string): Promise<Buffer> {
  const file = await s.storage.get('private', key);
  if (!file) throw new Error(`${key} is not stored`);
  const chunks: Buffer[] = [];
  for await (const chunk of file.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const rowOf = (id: string) => s.db.db.selectFrom('closet_pieces').selectAll().where('id', '=', id).executeTakeFirst();
const countOf = async (userId: string) => Number((await s.db.db.selectFrom('closet_pieces').select((eb) => eb.fn.countAll<string>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow()).n);

describe('POST /api/closet/pieces', () => {
  let me: Person;
  beforeAll(async () => {
    me = await s.register();
  });

  it('keeps a solid red JPEG as a red, solid top, named for it, its files private and without EXIF or GPS', async () => {
    const original = await redJpegWithGps();
    expect(GPS_TAGS.some((tag) => original.includes(tag))).toBe(true);
    const res = await upload(me, uploadParts(original, { category: 'top' }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const piece = res.body;
    expect(piece).toEqual({
      id: expect.any(String), name: 'Red top', category: 'top', colorFamily: 'red', colorHex: expect.stringMatching(/^#[0-9A-F]{6}$/), pattern: 'solid',
      thumbnailUrl: closetPhotoPath(piece.id, 'thumbnail'), photoUrl: closetPhotoPath(piece.id, 'photo'), createdAt: expect.any(String),
    });
    const row = (await rowOf(piece.id))!;
    expect(row).toMatchObject({ user_id: me.user.id, measured_color_family: 'red', color_family: 'red', name: null });

    // Stored in the private area only, and nothing of the camera's file survives in either file.
    for (const key of [row.photo_key, row.thumbnail_key]) {
      expect(await s.storage.exists('public', key)).toBe(false);
      const stored = await storedFile(key);
      const meta = await sharp(stored).metadata();
      expect({ format: meta.format, exif: meta.exif, xmp: meta.xmp, icc: meta.icc }).toEqual({ format: 'jpeg', exif: undefined, xmp: undefined, icc: undefined });
      expect(stored.includes(EXIF_HEADER)).toBe(false);
      expect(GPS_TAGS.some((tag) => stored.includes(tag))).toBe(false);
      expect(stored.includes(Buffer.from('PhoneCo'))).toBe(false);
    }
    expect(await sharp(await storedFile(row.thumbnail_key)).metadata()).toMatchObject({ width: CLOSET_THUMBNAIL_SIZE, height: CLOSET_THUMBNAIL_SIZE });
    // Not under /media, whatever the key.
    expect((await fetch(`${s.url}/media/${row.photo_key}`)).status).toBe(404);
  });

  it('calls a red and white striped PNG patterned, and keeps the name it is given', async () => {
    const res = await upload(me, uploadParts(await stripedPng(), { category: 'dress', name: '  Breton stripes  ' }, 'image/png'));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ name: 'Breton stripes', category: 'dress', colorFamily: 'red', pattern: 'patterned' });
  });

  it('serves the photo and thumbnail to their owner, by bearer token or by the session cookie (an <img>), privately cached', async () => {
    const { body: piece } = await upload(me, uploadParts(await plainPhoto('#2e6fd8', 'webp', 200), { category: 'shoes' }, 'image/webp'));
    for (const who of [{ token: me.token }, { cookie: me.token }]) {
      for (const size of ['photo', 'thumbnail'] as const) {
        const res = await image(who, piece.id, size);
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toBe('image/jpeg');
        expect(res.headers.get('cache-control')).toBe('private, max-age=86400');
        expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
        const bytes = Buffer.from(await res.arrayBuffer());
        expect((await sharp(bytes).metadata()).format).toBe('jpeg');
      }
    }
    expect((await image({}, piece.id, 'photo')).status).toBe(401);
  });

  it('lists the caller\'s pieces newest first, with the count and the tier\'s cap', async () => {
    const mine = await s.register();
    const first = (await upload(mine, uploadParts(await plainPhoto('#2f8f5b'), { category: 'bottom' }))).body;
    const second = (await upload(mine, uploadParts(await plainPhoto('#e8c53a'), { category: 'bag' }))).body;
    const list = await s.call('GET', CLOSET_PIECES_PATH, undefined, { token: mine.token });
    expect(list).toMatchObject({ status: 200, body: { count: 2, cap: tierPolicy('enthusiast').closetCap } });
    expect(list.body.pieces.map((p: { id: string }) => p.id)).toEqual([second.id, first.id]);
    expect(list.body.pieces[1]).toEqual(first);
  });

  it('refuses an upload during Maintenance Mode, and signed out', async () => {
    const photo = await plainPhoto();
    expect(await upload({}, uploadParts(photo, { category: 'top' }))).toMatchObject({ status: 401, body: { error: 'unauthorized' } });
    await updatePlatformSettings(s.db.db, { maintenanceMode: true });
    try {
      expect(await upload(me, uploadParts(photo, { category: 'top' }))).toMatchObject({ status: 503, body: { error: 'maintenance' } });
      expect((await image({ token: me.token }, crypto.randomUUID(), 'photo')).status).toBe(503);
    } finally {
      await updatePlatformSettings(s.db.db, { maintenanceMode: false });
      forgetPlatformSettings(s.db.db);
    }
  });
});

describe('bad uploads', () => {
  let me: Person;
  const photo = () => plainPhoto('#7d4fb3');
  beforeAll(async () => {
    me = await s.register();
  });

  /** Each refusal: 400 with the contract's code and message, and nothing stored (no row, no file). */
  async function refused(parts: Parameters<typeof upload>[1], error: string, message: string | RegExp) {
    const files = await closetFiles(s.storage);
    const res = await upload(me, parts);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error).toBe(error);
    if (typeof message === 'string') expect(res.body.message).toBe(message);
    else expect(res.body.message).toMatch(message);
    expect(await countOf(me.user.id)).toBe(0);
    expect(await closetFiles(s.storage)).toEqual(files);
  }

  it('refuses an upload without a photo', async () => {
    await refused([{ name: 'category', value: 'top' }], 'invalid_input', closetMessages.photoRequired);
    // A photo field that is text, not a file.
    await refused([{ name: 'category', value: 'top' }, { name: 'photo', value: 'a photo of my top' }], 'invalid_input', closetMessages.photoRequired);
    await refused({ body: JSON.stringify({ category: 'top' }), contentType: 'application/json' }, 'invalid_input', closetMessages.notMultipart);
    await refused({ body: 'category=top', contentType: 'application/x-www-form-urlencoded' }, 'invalid_input', closetMessages.notMultipart);
  });

  it('refuses a text file renamed .jpg, a GIF and a photo declared as another type, by their content', async () => {
    const invalid = APP_ERRORS.closet_photo_invalid.message;
    await refused(uploadParts(Buffer.from('Dear diary, today I bought a red top.\n'), { category: 'top' }), 'closet_photo_invalid', invalid);
    await refused(uploadParts(await plainPhoto('#c0392b', 'gif'), { category: 'top' }, 'image/jpeg'), 'closet_photo_invalid', invalid);
    await refused(uploadParts(await photo(), { category: 'top' }, 'application/octet-stream'), 'closet_photo_invalid', invalid);
    await refused(uploadParts(Buffer.alloc(0), { category: 'top' }), 'closet_photo_invalid', invalid);
  });

  it('refuses an 11 MB file with 400 closet_photo_too_large, declared or streamed, never 413', async () => {
    const big = Buffer.alloc(11 * 1024 * 1024, 0xff);
    big.set([0xff, 0xd8, 0xff, 0xe0]);
    const tooLarge = APP_ERRORS.closet_photo_too_large.message;
    // With its Content-Length: refused before the body is read.
    await refused(uploadParts(big, { category: 'top' }), 'closet_photo_too_large', tooLarge);
    // Streamed (chunked, no length): the parser stops the file at 10 MB.
    const { body, contentType } = multipart(uploadParts(big, { category: 'top' }));
    const stream = new ReadableStream({
      start(controller) {
        for (let i = 0; i < body.length; i += 256 * 1024) controller.enqueue(body.subarray(i, i + 256 * 1024));
        controller.close();
      },
    });
    const res = await answer(await fetch(`${s.url}${CLOSET_PIECES_PATH}`, { method: 'POST', body: stream, duplex: 'half', headers: { ...auth(me), 'content-type': contentType } } as RequestInit));
    expect(res).toMatchObject({ status: 400, body: { error: 'closet_photo_too_large', message: tooLarge } });
    expect(await countOf(me.user.id)).toBe(0);
    // Exactly the limit is a size it takes (then refused as no picture: the bytes are filler).
    const atLimit = Buffer.alloc(CLOSET_PHOTO_MAX_BYTES, 0xff);
    await refused(uploadParts(atLimit, { category: 'top' }), 'closet_photo_invalid', APP_ERRORS.closet_photo_invalid.message);
  });

  it('refuses a decompression bomb (a small PNG claiming 400 MP) as too large, without decoding it', async () => {
    await refused(uploadParts(bombPng(), { category: 'top' }, 'image/png'), 'closet_photo_too_large', closetMessages.tooManyPixels);
  });

  it('refuses an unknown category, a name too long, a second photo, and a field sent twice', async () => {
    await refused(uploadParts(await photo(), { category: 'hat' }), 'invalid_input', /^category: category must be one of top, bottom, dress, outerwear, shoes, bag, accessory$/);
    await refused(uploadParts(await photo(), {}), 'invalid_input', /^category: /);
    await refused(uploadParts(await photo(), { category: 'top', name: 'x'.repeat(61) }), 'invalid_input', 'name: Name must be 60 characters or less');
    await refused(uploadParts(await photo(), { category: 'top', name: 'bell\u0007' }), 'invalid_input', /^name: Remove the control characters/);
    await refused([...uploadParts(await photo(), { category: 'top' }), { name: 'photo', value: await photo(), filename: 'b.jpg', contentType: 'image/jpeg' }], 'invalid_input', closetMessages.onePhoto);
    await refused([{ name: 'category', value: 'top' }, ...uploadParts(await photo(), { category: 'top' })], 'invalid_input', closetMessages.sendOnce('category'));
    // Broken framing: the closing boundary never comes.
    const { body, contentType } = multipart(uploadParts(await photo(), { category: 'top' }));
    await refused({ body: body.subarray(0, body.length - 40), contentType }, 'invalid_input', closetMessages.unreadable);
  });
});

describe("another user's pieces", () => {
  it('are not found: no photo, no change, no deletion; the owner keeps them', async () => {
    const owner = await s.register();
    const other = await s.register();
    const { body: piece } = await upload(owner, uploadParts(await redJpegWithGps(), { category: 'outerwear' }));
    const notFound = { error: 'not_found', message: closetMessages.notFound };
    for (const size of ['photo', 'thumbnail'] as const) {
      const res = await image({ token: other.token }, piece.id, size);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual(notFound);
      expect((await image({ cookie: other.token }, piece.id, size)).status).toBe(404);
    }
    expect(await s.call('PATCH', closetPiecePath(piece.id), { colorFamily: 'blue' }, { token: other.token })).toMatchObject({ status: 404, body: notFound });
    expect(await s.call('DELETE', closetPiecePath(piece.id), undefined, { token: other.token })).toMatchObject({ status: 404, body: notFound });
    expect((await s.call('GET', CLOSET_PIECES_PATH, undefined, { token: other.token })).body).toMatchObject({ pieces: [], count: 0 });
    // tRPC: the same rule.
    const trpc = await s.call('POST', '/trpc/closet.remove', { id: piece.id }, { token: other.token });
    expect(trpc.status).toBe(404);
    expect((await rowOf(piece.id))?.color_family).toBe('red');
    expect((await image({ token: owner.token }, piece.id, 'photo')).status).toBe(200);
  });
});

describe('PATCH and DELETE /api/closet/pieces/{id}', () => {
  it('corrects the colour family and pattern, keeps what was measured, and the default name follows', async () => {
    const me = await s.register();
    const { body: piece } = await upload(me, uploadParts(await redJpegWithGps(), { category: 'top' }));
    const res = await s.call('PATCH', closetPiecePath(piece.id), { colorFamily: 'pink', pattern: 'patterned' }, { token: me.token });
    expect(res).toMatchObject({ status: 200, body: { id: piece.id, name: 'Pink top', colorFamily: 'pink', pattern: 'patterned', colorHex: piece.colorHex } });
    expect(await rowOf(piece.id)).toMatchObject({ color_family: 'pink', measured_color_family: 'red', pattern: 'patterned' });
    expect((await s.call('PATCH', closetPiecePath(piece.id), { name: 'Party top', category: 'outerwear' }, { token: me.token })).body).toMatchObject({ name: 'Party top', category: 'outerwear' });
    expect((await s.call('PATCH', closetPiecePath(piece.id), { name: ' ' }, { token: me.token })).body).toMatchObject({ name: 'Pink outerwear' });
    expect(await s.call('PATCH', closetPiecePath(piece.id), {}, { token: me.token })).toMatchObject({ status: 400, body: { error: 'invalid_input' } });
    expect(await s.call('PATCH', closetPiecePath(piece.id), { colorFamily: 'teal' }, { token: me.token })).toMatchObject({ status: 400, body: { error: 'invalid_input' } });
  });

  it('deletes a piece with its photo and thumbnail', async () => {
    const me = await s.register();
    const { body: piece } = await upload(me, uploadParts(await plainPhoto(), { category: 'accessory' }));
    const row = (await rowOf(piece.id))!;
    expect(await s.call('DELETE', closetPiecePath(piece.id), undefined, { token: me.token })).toEqual(expect.objectContaining({
      status: 200, body: { success: true, id: piece.id, count: 0, cap: tierPolicy('enthusiast').closetCap },
    }));
    expect(await rowOf(piece.id)).toBeUndefined();
    expect(await s.storage.exists('private', row.photo_key)).toBe(false);
    expect(await s.storage.exists('private', row.thumbnail_key)).toBe(false);
    expect((await image({ token: me.token }, piece.id, 'photo')).status).toBe(404);
    expect((await s.call('DELETE', closetPiecePath(piece.id), undefined, { token: me.token })).status).toBe(404);
  });
});

describe("the tier's cap", () => {
  it("refuses an Enthusiast's 11th piece (403 closet_full) and stores nothing of it", async () => {
    const me = await s.register();
    const cap = tierPolicy('enthusiast').closetCap;
    for (let i = 0; i < cap; i++) await insertClosetPiece(s.db.db, s.storage, me.user.id);
    const files = await closetFiles(s.storage);
    const res = await upload(me, uploadParts(await plainPhoto(), { category: 'top' }));
    expect(res).toMatchObject({ status: 403, body: { error: 'closet_full', message: APP_ERRORS.closet_full.message } });
    expect(await countOf(me.user.id)).toBe(cap);
    expect(await closetFiles(s.storage)).toEqual(files);
    // A Fashion Icon's cap is another.
    const icon = await s.register({ promoCode: 'ICON' });
    expect((await s.call('GET', CLOSET_PIECES_PATH, undefined, { token: icon.token })).body.cap).toBe(tierPolicy('fashion_icon').closetCap);
  });

  it('lets only one of two uploads at once take the last place, and deletes the files of the other', async () => {
    const me = await s.register();
    const cap = tierPolicy('enthusiast').closetCap;
    for (let i = 0; i < cap - 1; i++) await insertClosetPiece(s.db.db, s.storage, me.user.id);
    const results = await Promise.all([0, 1].map(async () => upload(me, uploadParts(await redJpegWithGps(1200, 1600), { category: 'top' }))));
    expect(results.map((r) => r.status).sort()).toEqual([201, 403]);
    expect(await countOf(me.user.id)).toBe(cap);
    // Two files a piece: nothing left of the refused one.
    expect((await closetFiles(s.storage)).filter((k) => k.startsWith(`closet/${me.user.id}/`))).toHaveLength(cap * 2);
  });
});

describe("the store check ('drape check')", () => {
  it("knows the pieces' files: none is an orphan and repair keeps them, while a file no piece names is removed", async () => {
    const me = await s.register();
    const id = await insertClosetPiece(s.db.db, s.storage, me.user.id);
    const row = (await rowOf(id))!;
    const orphan = `closet/${me.user.id}/${crypto.randomUUID()}.jpg`;
    await s.storage.put('private', orphan, await plainPhoto());
    const report = await checkStoreIntegrity(s.db.db, s.storage, { repair: true, graceMs: 0 });
    expect(report.samples.filter((p) => p.kind === 'file_without_row').map((p) => p.key)).toEqual([orphan]);
    expect(await s.storage.exists('private', row.photo_key)).toBe(true);
    expect(await s.storage.exists('private', row.thumbnail_key)).toBe(true);
    expect(await s.storage.exists('private', orphan)).toBe(false);
  });
});

describe('the server', () => {
  it('logged no error through all of it: every refusal was an answer, none a failure', () => {
    expect(s.logs.filter((l) => l.level === 'error' || l.level === 'fatal').map((l) => JSON.stringify(l).slice(0, 1500))).toEqual([]);
  });
});

describe('the account deleted', () => {
  it("takes the pieces' rows and files with it when the purge comes", async () => {
    const me = await s.register();
    const { body: piece } = await upload(me, uploadParts(await plainPhoto(), { category: 'top' }));
    const row = (await rowOf(piece.id))!;
    const requested = await s.call('DELETE', '/api/user/delete-account', { password: me.password }, { token: me.token });
    expect(requested.status, JSON.stringify(requested.body)).toBe(200);
    // Within the grace period nothing goes: logging in would cancel it.
    expect(await s.storage.exists('private', row.photo_key)).toBe(true);
    const purged = await purgeDeletedAccounts(s.db.db, { storage: s.storage, now: new Date(Date.now() + 31 * 86_400_000) });
    expect(purged).toMatchObject({ accounts: 1, closetFiles: 2 });
    expect(await rowOf(piece.id)).toBeUndefined();
    expect(await s.storage.exists('private', row.photo_key)).toBe(false);
    expect(await s.storage.exists('private', row.thumbnail_key)).toBe(false);
  });
});
