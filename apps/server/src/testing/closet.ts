import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import type { ClosetCategory } from '@drape/contracts/closet';
import type { ColorFamily } from '@drape/contracts';
import type { Db } from '@drape/db';
import type { Storage } from '@drape/storage';

/**
 * My Pieces in the tests: real photos made with sharp, multipart bodies as a browser's FormData
 * sends them, and pieces written as the upload writes them (for tests that need many fast).
 */

/** EXIF as a phone writes it: the camera and where the photo was taken. */
export const PHONE_EXIF = {
  IFD0: { Make: 'PhoneCo', Model: 'Pocket 12' },
  IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' },
};
/** The GPS IFD's pointer tag (0x8825, type LONG) in either byte order, and the EXIF block's header. */
export const GPS_TAGS = [Buffer.from([0x25, 0x88, 0x04, 0x00]), Buffer.from([0x88, 0x25, 0x00, 0x04])];
export const EXIF_HEADER = Buffer.from('Exif\0\0', 'latin1');

/** A solid red piece on a white backdrop, as a phone's JPEG: EXIF with GPS. */
export async function redJpegWithGps(width = 480, height = 640): Promise<Buffer> {
  const piece = await sharp({ create: { width: Math.round(width * 0.6), height: Math.round(height * 0.7), channels: 3, background: '#c81419' } }).png().toBuffer();
  return sharp({ create: { width, height, channels: 3, background: '#fafaf8' } })
    .composite([{ input: piece, gravity: 'centre' }])
    .jpeg({ quality: 90 })
    .withExif(PHONE_EXIF)
    .toBuffer();
}

/** A red and white striped PNG that fills the frame (stripes 40 px wide). */
export function stripedPng(side = 400): Promise<Buffer> {
  const pixels = Buffer.alloc(side * side * 3);
  for (let y = 0; y < side; y++) {
    const red = Math.floor(y / 40) % 2 === 0;
    for (let x = 0; x < side; x++) pixels.set(red ? [200, 20, 25] : [250, 250, 250], (y * side + x) * 3);
  }
  return sharp(pixels, { raw: { width: side, height: side, channels: 3 } }).png().toBuffer();
}

/** A small plain photo of one colour (JPEG unless said). */
export function plainPhoto(color = '#1f2a44', format: 'jpeg' | 'png' | 'webp' | 'gif' | 'tiff' = 'jpeg', side = 64): Promise<Buffer> {
  return sharp({ create: { width: side, height: side, channels: 3, background: color } }).toFormat(format).toBuffer();
}

export interface MultipartPart {
  name: string;
  value: string | Buffer;
  /** A file part: its name (and type) as the browser sends them. */
  filename?: string;
  contentType?: string;
}

export const BOUNDARY = '----DrapeTestBoundary7MA4YWxkTrZu0gW';

/** A multipart/form-data body, as a browser's FormData sends it. */
export function multipart(parts: readonly MultipartPart[], boundary = BOUNDARY): { body: Buffer; contentType: string } {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ''}`;
    const type = p.contentType ? `\r\nContent-Type: ${p.contentType}` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`), Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** The parts of an upload: the photo (a JPEG unless said) and the fields. */
export function uploadParts(photo: Buffer, fields: Record<string, string>, type = 'image/jpeg'): MultipartPart[] {
  return [...Object.entries(fields).map(([name, value]) => ({ name, value })), { name: 'photo', value: photo, filename: 'piece.jpg', contentType: type }];
}

let template: Promise<{ photo: Buffer; thumbnail: Buffer }> | null = null;

/**
 * A piece written as the upload writes it (its files in the private area under the user's folder,
 * then its row), without the upload's photo work: for tests that need many pieces, or pieces the
 * matrix names. The files are one small navy photo's.
 */
export async function insertClosetPiece(
  db: Db, storage: Storage, userId: string, piece: { category?: ClosetCategory; colorFamily?: ColorFamily; name?: string | null } = {},
): Promise<string> {
  template ??= plainPhoto('#1f2a44', 'jpeg', 96).then(async (photo) => ({ photo, thumbnail: await sharp(photo).resize(32, 32).jpeg().toBuffer() }));
  const files = await template;
  const id = crypto.randomUUID();
  const keys = { photo: `closet/${userId}/${id}.jpg`, thumbnail: `closet/${userId}/${id}.thumb.jpg` };
  await storage.put('private', keys.photo, files.photo);
  await storage.put('private', keys.thumbnail, files.thumbnail);
  const family = piece.colorFamily ?? 'navy';
  await db.insertInto('closet_pieces').values({
    id, user_id: userId, name: piece.name ?? null, category: piece.category ?? 'top', color_family: family, measured_color_family: family,
    color_hex: '#1F2A44', pattern: 'solid', photo_key: keys.photo, thumbnail_key: keys.thumbnail,
  }).execute();
  return id;
}

/** The keys of the private area's closet files (every user's). */
export async function closetFiles(storage: Storage): Promise<string[]> {
  const keys: string[] = [];
  for await (const page of storage.list('private', 'closet/')) keys.push(...page.map((o) => o.key));
  return keys.sort();
}

/** A decompression bomb: a PNG whose header says 20,000 x 20,000 (400 MP), in a few hundred bytes. */
export function bombPng(): Buffer {
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
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.alloc(20_001))), chunk('IEND', Buffer.alloc(0))]);
}
