import fc from 'fast-check';
import { CLOSET_PHOTO_FIELD, CLOSET_PHOTO_TYPES, CLOSET_PIECES_PATH, closetUploadFields } from '@drape/contracts/closet';
import { BOUNDARY, multipart, type MultipartPart } from '../testing/closet';
import { CONTROL, INJECTION, SURROGATES, UNICODE } from './bad-requests';
import type { RawRequest } from './http';

/**
 * Malformed uploads to POST /api/closet/pieces, generated with fast-check as bad-requests.ts
 * generates JSON ones: each an edit of a valid upload (a category and one JPEG), of its photo,
 * its fields, its parts or its framing. Pure, but for the photos, which bad-input.test.ts makes
 * once with sharp. Whether the server may accept a case is worked out from what it would read
 * (`mayAccept`), not from its kind.
 */
export const BAD_UPLOAD_KINDS = [
  'no-photo', 'photo-as-text', 'file-field-name', 'two-photos', 'not-an-image', 'unsupported-image', 'truncated-image', 'declared-type',
  'too-large', 'too-many-pixels', 'missing-field', 'wrong-field', 'huge-string', 'unicode', 'control-chars', 'lone-surrogates', 'injection',
  'repeated-field', 'extra-field', 'content-type', 'broken-framing',
] as const;
export type BadUploadKind = (typeof BAD_UPLOAD_KINDS)[number];

/** The photos the cases carry, and which the server may keep. */
export interface UploadPhotos {
  jpeg: Buffer; png: Buffer; webp: Buffer;
  gif: Buffer; tiff: Buffer; svg: Buffer; text: Buffer; empty: Buffer; truncated: Buffer;
  /** A PNG header claiming 400 MP. */
  bomb: Buffer;
  /** Over 10 MB. */
  huge: Buffer;
}
type PhotoName = keyof UploadPhotos;
const KEEPABLE: ReadonlySet<PhotoName> = new Set(['jpeg', 'png', 'webp']);

export interface UploadCase {
  kind: BadUploadKind;
  /** Text parts, in order (a name may come twice). */
  fields: [string, string][];
  files: { field: string; photo: PhotoName; type: string; filename: string }[];
  /** Another Content-Type for the whole body. */
  contentType?: string;
  /** Bytes cut from the end (the body ends mid-part). */
  cut?: number;
}

const VALID: UploadCase = { kind: 'no-photo', fields: [['category', 'top']], files: [{ field: CLOSET_PHOTO_FIELD, photo: 'jpeg', type: 'image/jpeg', filename: 'piece.jpg' }] };
const edit = (kind: BadUploadKind, change: Partial<UploadCase>): UploadCase => ({ ...VALID, ...change, kind });
const withField = (name: string, value: string): [string, string][] => [...VALID.fields.filter(([k]) => k !== name), [name, value]];

const FILENAMES = ['piece.jpg', 'IMG_0001.HEIC', 'photo', '', 'ünïcødé.png', `${'a'.repeat(200)}.jpg`, '../../etc/passwd', 'x.svg'];
const DECLARED = ['application/octet-stream', 'image/gif', 'text/plain', 'image/heic', 'image/svg+xml', 'image/png', 'image/webp', 'image/jpeg', 'IMAGE/JPEG', 'image/jpeg; charset=utf-8'];
const CATEGORIES = ['Top', 'hat', '', ' top', 'tops', 'TOP', 'dresses', 'shoe', 'null', '0'];
const EXTRA_KEYS = ['isAdmin', 'tier', 'userId', 'user_id', 'id', 'colorFamily', 'pattern', 'measuredColorFamily', 'photoKey', '__proto__', 'constructor', 'toString', 'hasOwnProperty'];
const CONTENT_TYPES = [
  'application/json', 'text/plain', 'application/x-www-form-urlencoded', '', 'multipart/mixed; boundary=' + BOUNDARY, 'multipart/form-data',
  'multipart/form-data; boundary=another-boundary', 'image/jpeg', 'application/octet-stream',
];
const hugeString = fc.tuple(fc.constantFrom(61, 300, 1_025, 10_000, 100_000), fc.constantFrom('a', '😀', 'é', ' ')).map(([n, unit]) => unit.repeat(n));
const textField = fc.constantFrom('category', 'name');

function arbitraries(): Record<BadUploadKind, fc.Arbitrary<UploadCase>> {
  const one = (kind: BadUploadKind, change: Partial<UploadCase>) => fc.constant(edit(kind, change));
  const file = (photo: PhotoName, type = 'image/jpeg', filename = 'piece.jpg') => ({ field: CLOSET_PHOTO_FIELD, photo, type, filename });
  return {
    'no-photo': fc.constantFrom<[string, string][]>(VALID.fields, [...VALID.fields, ['name', 'No photo']], []).map((fields) => edit('no-photo', { fields, files: [] })),
    'photo-as-text': fc.string({ maxLength: 40 }).map((text) => edit('photo-as-text', { fields: [...VALID.fields, [CLOSET_PHOTO_FIELD, text]], files: [] })),
    'file-field-name': fc.constantFrom('image', 'file', 'Photo', 'photo[]', 'photos', '').map((field) => edit('file-field-name', { files: [{ ...file('jpeg'), field }] })),
    'two-photos': fc.constantFrom<PhotoName>('jpeg', 'png').map((second) => edit('two-photos', { files: [file('jpeg'), file(second, 'image/png', 'b.png')] })),
    'not-an-image': fc.constantFrom<PhotoName>('text', 'empty').chain((photo) => fc.constantFrom(...FILENAMES).map((name) => edit('not-an-image', { files: [file(photo, 'image/jpeg', name)] }))),
    'unsupported-image': fc.constantFrom<[PhotoName, string]>(['gif', 'image/gif'], ['gif', 'image/jpeg'], ['tiff', 'image/tiff'], ['tiff', 'image/png'], ['svg', 'image/svg+xml'], ['svg', 'image/png'])
      .map(([photo, type]) => edit('unsupported-image', { files: [file(photo, type)] })),
    'truncated-image': one('truncated-image', { files: [file('truncated')] }),
    'declared-type': fc.tuple(fc.constantFrom<PhotoName>('jpeg', 'png', 'webp'), fc.constantFrom(...DECLARED), fc.constantFrom(...FILENAMES))
      .map(([photo, type, name]) => edit('declared-type', { files: [file(photo, type, name)] })),
    'too-large': one('too-large', { files: [file('huge')] }),
    'too-many-pixels': one('too-many-pixels', { files: [file('bomb', 'image/png')] }),
    'missing-field': one('missing-field', { fields: [['name', 'Nameless category']] }),
    'wrong-field': fc.constantFrom(...CATEGORIES, ...INJECTION.slice(0, 8)).map((value) => edit('wrong-field', { fields: withField('category', value) })),
    'huge-string': fc.tuple(textField, hugeString).map(([name, value]) => edit('huge-string', { fields: withField(name, value) })),
    'unicode': fc.tuple(textField, fc.oneof(fc.constantFrom(...UNICODE), fc.string({ unit: 'grapheme', maxLength: 16 }))).map(([name, value]) => edit('unicode', { fields: withField(name, value) })),
    'control-chars': fc.tuple(textField, fc.constantFrom(...CONTROL)).map(([name, value]) => edit('control-chars', { fields: withField(name, value) })),
    'lone-surrogates': fc.tuple(textField, fc.constantFrom(...SURROGATES)).map(([name, value]) => edit('lone-surrogates', { fields: withField(name, value) })),
    'injection': fc.tuple(textField, fc.constantFrom(...INJECTION)).map(([name, value]) => edit('injection', { fields: withField(name, value) })),
    'repeated-field': fc.tuple(textField, fc.constantFrom('top', 'dress', 'A name')).map(([name, value]) => edit('repeated-field', { fields: [...VALID.fields, ['name', 'First'], [name, value]] })),
    'extra-field': fc.tuple(fc.oneof(fc.constantFrom(...EXTRA_KEYS), fc.stringMatching(/^[A-Za-z][A-Za-z0-9_]{0,11}$/)), fc.oneof(fc.string({ maxLength: 20 }), hugeString, fc.constantFrom(...CONTROL)))
      .map(([key, value]) => edit('extra-field', { fields: [...VALID.fields, [key, value]] })),
    'content-type': fc.constantFrom(...CONTENT_TYPES).map((contentType) => edit('content-type', { contentType })),
    'broken-framing': fc.integer({ min: 20, max: 300 }).map((cut) => edit('broken-framing', { cut })),
  };
}

/** `count` cases spread over every kind (round robin), the same for a seed. */
export function sampleBadUploads(count: number, seed: number): UploadCase[] {
  const arbs = Object.values(arbitraries());
  const share = Math.ceil(count / arbs.length);
  const perKind = arbs.map((arb, i) => fc.sample(arb, { seed: seed + i, numRuns: share }));
  return Array.from({ length: count }, (_, i) => perKind[i % perKind.length]![Math.floor(i / perKind.length)]!);
}

/** What travels is UTF-8: a lone surrogate becomes U+FFFD on the wire. */
const wire = (s: string) => Buffer.from(s, 'utf8').toString('utf8');

/** The request of a case. */
export function uploadRequest(c: UploadCase, photos: UploadPhotos): RawRequest {
  const parts: MultipartPart[] = [
    ...c.fields.map(([name, value]) => ({ name, value })),
    ...c.files.map((f) => ({ name: f.field, value: photos[f.photo], filename: f.filename, ...(f.type ? { contentType: f.type } : {}) })),
  ];
  const built = multipart(parts);
  const body = c.cut ? built.body.subarray(0, built.body.length - c.cut) : built.body;
  const contentType = c.contentType ?? built.contentType;
  return { method: 'POST', path: CLOSET_PIECES_PATH, headers: contentType ? { 'content-type': contentType } : {}, body };
}

/**
 * Whether the server may keep the piece: the body is readable multipart (its own type and
 * boundary, whole), its one file is the photo field's, declared as a photo type and really a
 * JPEG, PNG or WebP of a keepable size, no field is named like a prototype key, the known fields
 * come once each, and they pass the contract's schema as they arrive (UTF-8). Anything else must
 * be refused.
 */
export function mayAccept(c: UploadCase): boolean {
  if (c.contentType !== undefined || c.cut !== undefined) return false;
  if (c.files.length !== 1) return false;
  const photo = c.files[0]!;
  // The part's type as the parser reads it: lower case, without parameters, text/plain when none.
  const declared = photo.type.split(';')[0]!.trim().toLowerCase() || 'text/plain';
  if (photo.field !== CLOSET_PHOTO_FIELD || !KEEPABLE.has(photo.photo) || !(CLOSET_PHOTO_TYPES as readonly string[]).includes(declared)) return false;
  if (c.fields.some(([key]) => key in Object.prototype)) return false;
  const known = c.fields.filter(([key]) => key in closetUploadFields.shape);
  if (new Set(known.map(([key]) => key)).size !== known.length) return false;
  return closetUploadFields.safeParse(Object.fromEntries(known.map(([key, value]) => [key, wire(value)]))).success;
}
