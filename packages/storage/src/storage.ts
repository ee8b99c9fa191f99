import type { Readable } from 'node:stream';
import type { StorageArea } from './keys';

export type { StorageArea } from './keys';

/** What is known about a stored object without reading it. */
export interface StoredObjectInfo {
  contentType: string;
  contentLength: number;
  /** Quoted, as sent in an ETag header (weak `W/"..."` on local disk, where it is size and mtime). */
  etag?: string;
  lastModified?: Date;
}

/** An object as a listing names it. */
export interface ListedObject {
  key: string;
  size: number;
  lastModified: Date;
}

export interface StoredObject extends StoredObjectInfo {
  /** The caller must consume or destroy it: an S3 body holds a pooled connection until then. */
  body: Readable;
}

/**
 * Where images live, in two areas kept apart by prefix (S3) or folder (disk): `public` is served
 * at /media and may be rewritten to the CDN; `private` (images the safety or quality check
 * refused) is never served publicly. Every method validates the area and key and throws
 * StorageKeyError before any I/O.
 */
export interface Storage {
  readonly kind: 'local' | 's3';
  /**
   * Stores the bytes under the key, replacing any object there, with the content type its
   * extension names. Atomic on both backends: once it resolves, a row pointing at the key may be
   * written, and no reader ever sees part of the object.
   */
  put(area: StorageArea, key: string, data: Buffer): Promise<void>;
  /** The object with a streaming body, or null when there is none. */
  get(area: StorageArea, key: string): Promise<StoredObject | null>;
  /** The object's metadata, or null when there is none (a HEAD on S3: no body is fetched). */
  stat(area: StorageArea, key: string): Promise<StoredObjectInfo | null>;
  /** Idempotent: deleting a missing object succeeds. */
  delete(area: StorageArea, key: string): Promise<void>;
  exists(area: StorageArea, key: string): Promise<boolean>;
  /**
   * Every object of the area whose key starts with `prefix` (a folder ends with `/`), in pages of
   * at most 1,000, in no promised order: what the store-integrity check compares with the rows.
   * A local partial file (a write in progress, or one a crash cut short) is not an object.
   */
  list(area: StorageArea, prefix?: string): AsyncIterable<ListedObject[]>;
  /**
   * Resolves when the store can be used, throws when it cannot: the area folders exist (made when
   * missing) and are writable on disk; the bucket answers a listing of one key under the prefix
   * on S3 (which also finds a missing bucket or refused credentials). For the readiness probe.
   */
  probe(): Promise<void>;
  /** Releases the backend's connections (S3); the storage is unusable afterwards. */
  close(): Promise<void>;
}
