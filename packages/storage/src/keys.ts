/**
 * The one rule for storage keys and areas, shared by both backends: a key that passes here is a
 * relative path on disk and an object name in S3 that means the same thing in both.
 */

/** public: looks served at /media (CDN-rewritable). private: blocked images, admin only. */
export const STORAGE_AREAS = ['public', 'private'] as const;
export type StorageArea = (typeof STORAGE_AREAS)[number];

/**
 * A key's extension decides its content type, so the local backend (which keeps no metadata and
 * is served by extension) and S3 (which stores the type) always agree. SVG is left out on purpose:
 * it can carry script, and /media is served from the app's own origin.
 */
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  webp: 'image/webp',
  avif: 'image/avif',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
};

/** S3 allows 1024 bytes; a short ceiling leaves room for the prefix and area. */
const MAX_KEY_LENGTH = 512;

/**
 * Each segment starts with a letter or digit: that refuses `.`, `..`, empty segments (`a//b`,
 * a leading or trailing `/`) and hidden names, which the local backend keeps for its partial
 * files. ASCII only, so a key never needs URL or path encoding.
 */
const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

export class StorageKeyError extends Error {
  readonly code = 'invalid_storage_key';
  constructor(message: string) {
    super(message);
    this.name = 'StorageKeyError';
  }
}

function isValidPath(value: string): boolean {
  return value.length > 0 && value.length <= MAX_KEY_LENGTH && value.split('/').every((s) => SEGMENT.test(s));
}

function extensionOf(key: string): string {
  const base = key.slice(key.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

/** True when `key` is a storage key both backends accept (for callers that answer 404 rather than throw). */
export function isStorageKey(key: unknown): key is string {
  return typeof key === 'string' && isValidPath(key) && Object.hasOwn(CONTENT_TYPES, extensionOf(key));
}

export function assertStorageKey(key: unknown): asserts key is string {
  if (typeof key !== 'string' || !isValidPath(key)) {
    throw new StorageKeyError(`Invalid storage key ${JSON.stringify(key)}: use relative segments of letters, digits, '.', '_' and '-' (at most ${MAX_KEY_LENGTH} characters)`);
  }
  if (!Object.hasOwn(CONTENT_TYPES, extensionOf(key))) {
    throw new StorageKeyError(`Invalid storage key ${JSON.stringify(key)}: the extension must be one of ${Object.keys(CONTENT_TYPES).join(', ')}`);
  }
}

export function assertStorageArea(area: unknown): asserts area is StorageArea {
  if (!STORAGE_AREAS.includes(area as StorageArea)) {
    throw new StorageKeyError(`Invalid storage area ${JSON.stringify(area)}: one of ${STORAGE_AREAS.join(', ')}`);
  }
}

/** The content type a key is stored and served with (the key must be valid). */
export function contentTypeOf(key: string): string {
  assertStorageKey(key);
  return CONTENT_TYPES[extensionOf(key)]!;
}

/** An S3 key prefix (`drape`, `env/prod/`): the same segment rule, normalised to end with `/`. */
export function normalizePrefix(prefix: string | undefined): string {
  const trimmed = (prefix ?? '').replace(/\/+$/, '');
  if (trimmed === '') return '';
  if (!isValidPath(trimmed)) throw new StorageKeyError(`Invalid S3 key prefix ${JSON.stringify(prefix)}`);
  return `${trimmed}/`;
}
