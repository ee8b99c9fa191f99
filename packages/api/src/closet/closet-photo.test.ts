import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { CLOSET_PHOTO_MAX_SIDE, CLOSET_THUMBNAIL_SIZE, closetMessages } from '@drape/contracts/closet';
import { APP_ERRORS } from '@drape/contracts';
import { AppError } from '../errors';
import { prepareClosetPhoto } from './closet-photo';

const RED = '#c81419';
/** EXIF as a phone writes it: the camera, the position it was taken at, and a quarter turn. */
const PHONE_EXIF = {
  IFD0: { Make: 'PhoneCo', Model: 'Pocket 12' },
  IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' },
};
/** The GPS IFD's pointer tag (0x8825, type LONG) in either byte order, and the EXIF block's header. */
const GPS_POINTERS = [Buffer.from([0x25, 0x88, 0x04, 0x00]), Buffer.from([0x88, 0x25, 0x00, 0x04])];
const EXIF_HEADER = Buffer.from('Exif\0\0', 'latin1');

/** A red piece on a white backdrop, `width` x `height`. */
async function redOnWhite(width: number, height: number) {
  const piece = await sharp({ create: { width: Math.round(width * 0.6), height: Math.round(height * 0.7), channels: 3, background: RED } }).png().toBuffer();
  return sharp({ create: { width, height, channels: 3, background: '#fafaf8' } }).composite([{ input: piece, gravity: 'centre' }]);
}

async function refusal(bytes: Buffer): Promise<{ code: string; message: string }> {
  const err = await prepareClosetPhoto(bytes).then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(AppError);
  return { code: (err as AppError).appCode, message: (err as AppError).message };
}

describe('prepareClosetPhoto', () => {
  it('keeps no metadata: a JPEG with EXIF and GPS comes out without either, turned upright', async () => {
    const original = await (await redOnWhite(400, 300)).jpeg().withExif(PHONE_EXIF).withMetadata({ orientation: 6 }).toBuffer();
    const before = await sharp(original).metadata();
    expect(before.exif).toBeDefined();
    expect(GPS_POINTERS.some((tag) => original.includes(tag))).toBe(true);

    const out = await prepareClosetPhoto(original);
    for (const file of [out.photo, out.thumbnail]) {
      const meta = await sharp(file).metadata();
      expect(meta.format).toBe('jpeg');
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(file.includes(EXIF_HEADER)).toBe(false);
      expect(GPS_POINTERS.some((tag) => file.includes(tag))).toBe(false);
      expect(file.includes(Buffer.from('PhoneCo'))).toBe(false);
    }
    // Orientation 6 is a quarter turn: 400 x 300 as stored, 300 x 400 as seen.
    expect(await sharp(out.photo).metadata()).toMatchObject({ width: 300, height: 400 });
    expect(out).toMatchObject({ colorFamily: 'red', pattern: 'solid' });
  });

  it('shrinks a large photo to fit CLOSET_PHOTO_MAX_SIDE and makes a square thumbnail', async () => {
    const big = await (await redOnWhite(3000, 2000)).png({ compressionLevel: 1 }).toBuffer();
    const out = await prepareClosetPhoto(big);
    expect(await sharp(out.photo).metadata()).toMatchObject({ width: CLOSET_PHOTO_MAX_SIDE, height: Math.round((CLOSET_PHOTO_MAX_SIDE * 2) / 3) });
    expect(await sharp(out.thumbnail).metadata()).toMatchObject({ width: CLOSET_THUMBNAIL_SIZE, height: CLOSET_THUMBNAIL_SIZE });
    // A small photo is kept at its size.
    const small = await prepareClosetPhoto(await (await redOnWhite(200, 150)).webp().toBuffer());
    expect(await sharp(small.photo).metadata()).toMatchObject({ width: 200, height: 150 });
  });

  it('measures red and white stripes as patterned, and lays a transparent backdrop on white', async () => {
    const stripes = await sharp(Buffer.from(Array.from({ length: 300 * 300 }, (_, i) => (Math.floor(Math.floor(i / 300) / 30) % 2 === 0 ? [200, 20, 25] : [250, 250, 250])).flat()), { raw: { width: 300, height: 300, channels: 3 } })
      .png().toBuffer();
    expect(await prepareClosetPhoto(stripes)).toMatchObject({ pattern: 'patterned', colorFamily: 'red' });
    const navy = await sharp({ create: { width: 120, height: 160, channels: 3, background: '#1f2a44' } }).png().toBuffer();
    const cutOut = await sharp({ create: { width: 200, height: 200, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .composite([{ input: navy, gravity: 'centre' }]).png().toBuffer();
    const out = await prepareClosetPhoto(cutOut);
    expect(out.colorFamily).toBe('navy');
    // The corner, transparent in the original, is white (not black) in the JPEG.
    const { data } = await sharp(out.photo).extract({ left: 0, top: 0, width: 1, height: 1 }).raw().toBuffer({ resolveWithObject: true });
    expect([...data].every((v) => v > 240)).toBe(true);
  });

  it('refuses what is no JPEG, PNG or WebP picture by its content, whatever it is called', async () => {
    const invalid = { code: 'closet_photo_invalid', message: APP_ERRORS.closet_photo_invalid.message };
    expect(await refusal(Buffer.from('not a photo at all, only text'))).toEqual(invalid);
    expect(await refusal(Buffer.alloc(0))).toEqual(invalid);
    const tiny = sharp({ create: { width: 8, height: 8, channels: 3, background: RED } });
    expect(await refusal(await tiny.clone().gif().toBuffer())).toEqual(invalid);
    expect(await refusal(await tiny.clone().tiff().toBuffer())).toEqual(invalid);
    expect(await refusal(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8" fill="red"/></svg>'))).toEqual(invalid);
    // Cut short in transfer: the header reads, the pixels do not.
    const jpeg = await (await redOnWhite(300, 300)).jpeg().toBuffer();
    expect(await refusal(jpeg.subarray(0, Math.floor(jpeg.length / 2)))).toEqual(invalid);
  });

  it('refuses a decompression bomb from its header, before decoding a pixel', async () => {
    // A PNG that says it is 20,000 x 20,000 (400 MP) in a few hundred bytes.
    const chunk = (type: string, data: Buffer) => {
      const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
      const out = Buffer.alloc(body.length + 8);
      out.writeUInt32BE(data.length, 0);
      body.copy(out, 4);
      out.writeUInt32BE(crc32(body), body.length + 4);
      return out;
    };
    const header = Buffer.alloc(13);
    header.writeUInt32BE(20_000, 0);
    header.writeUInt32BE(20_000, 4);
    header.set([8, 2, 0, 0, 0], 8);
    const bomb = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.alloc(20_001))), chunk('IEND', Buffer.alloc(0)),
    ]);
    expect(bomb.length).toBeLessThan(1000);
    expect(await refusal(bomb)).toEqual({ code: 'closet_photo_too_large', message: closetMessages.tooManyPixels });
  });
});
