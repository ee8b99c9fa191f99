import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { assertStorageArea, assertStorageKey, contentTypeOf, isStorageKey, normalizePrefix, type StorageArea } from './keys';
import { MEDIA_CACHE_CONTROL } from './media-response';
import type { Storage, StoredObjectInfo } from './storage';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** An S3-compatible server (s3rver, MinIO, R2...); AWS when absent. */
  endpoint?: string;
  /** Defaults to true when an endpoint is given: most S3-compatible servers have no per-bucket DNS. */
  forcePathStyle?: boolean;
  /** Put before `public/` and `private/`, to share one bucket between deployments. */
  prefix?: string;
  /** Only for tests and tools; in production the SDK's default chain finds them (AWS_ACCESS_KEY_ID...). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Give up connecting after this long (default 5 s). */
  connectTimeoutMs?: number;
  /** Give up on a connection silent for this long (default 30 s); a streaming body resets it with each chunk. */
  idleTimeoutMs?: number;
}

/**
 * Stored with each object, so a CDN or browser reading the bucket directly caches the same way as
 * /media does; private objects must never sit in a shared cache.
 */
const OBJECT_CACHE_CONTROL: Record<StorageArea, string> = {
  public: MEDIA_CACHE_CONTROL,
  private: 'private, no-store',
};

function statusOf(err: unknown): number | undefined {
  return err instanceof S3ServiceException ? err.$metadata.httpStatusCode : undefined;
}

export function createS3Storage(options: S3StorageOptions): Storage {
  if (!options.bucket) throw new Error('S3 storage needs a bucket');
  const prefix = normalizePrefix(options.prefix);
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle ?? Boolean(options.endpoint),
    credentials: options.credentials,
    // The SDK waits forever by default: a stalled object store would hang each /media request and
    // pipeline job that touches it, instead of failing it (after the SDK's retries).
    requestHandler: {
      connectionTimeout: options.connectTimeoutMs ?? 5_000,
      socketTimeout: options.idleTimeoutMs ?? 30_000,
    },
  });
  const Bucket = options.bucket;
  const objectKey = (area: StorageArea, key: string) => {
    assertStorageArea(area);
    assertStorageKey(key);
    return `${prefix}${area}/${key}`;
  };

  const stat = async (area: StorageArea, key: string): Promise<StoredObjectInfo | null> => {
    const Key = objectKey(area, key);
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket, Key }));
      return {
        contentType: head.ContentType ?? contentTypeOf(key),
        contentLength: head.ContentLength ?? 0,
        etag: head.ETag,
        lastModified: head.LastModified,
      };
    } catch (err) {
      // A HEAD answer has no body, so a missing bucket is also a bare 404: put and get tell it
      // apart (NoSuchBucket), exists cannot.
      if (statusOf(err) === 404) return null;
      throw err;
    }
  };

  return {
    kind: 's3',

    async put(area, key, data) {
      // One PutObject: S3 makes the object visible whole or not at all, so no temporary name.
      await client.send(new PutObjectCommand({
        Bucket,
        Key: objectKey(area, key),
        Body: data,
        ContentType: contentTypeOf(key),
        ContentLength: data.length,
        CacheControl: OBJECT_CACHE_CONTROL[area],
      }));
    },

    async get(area, key) {
      const Key = objectKey(area, key);
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key }));
        // In Node the SDK's body is the HTTP response itself, a Readable.
        if (!(res.Body instanceof Readable)) throw new Error(`S3 GetObject ${Key}: the body is not a Node stream`);
        return {
          body: res.Body,
          contentType: res.ContentType ?? contentTypeOf(key),
          contentLength: res.ContentLength ?? 0,
          etag: res.ETag,
          lastModified: res.LastModified,
        };
      } catch (err) {
        if (err instanceof S3ServiceException && err.name === 'NoSuchKey') return null;
        throw err;
      }
    },

    stat,

    async delete(area, key) {
      // S3 answers 204 for a missing key too: idempotent as it is.
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(area, key) }));
    },

    async exists(area, key) {
      return (await stat(area, key)) !== null;
    },

    async *list(area, keyPrefix = '') {
      assertStorageArea(area);
      const areaPrefix = `${prefix}${area}/`;
      // ListObjects (v1) paged by Marker, the last key seen: every S3-compatible server has it,
      // and s3rver cannot make v2's continuation tokens on OpenSSL 3.
      let Marker: string | undefined;
      for (;;) {
        const res = await client.send(new ListObjectsCommand({ Bucket, Prefix: `${areaPrefix}${keyPrefix}`, Marker, MaxKeys: 1000 }));
        const contents = res.Contents ?? [];
        const page = contents
          .map((o) => ({ key: (o.Key ?? '').slice(areaPrefix.length), size: o.Size ?? 0, lastModified: o.LastModified ?? new Date(0) }))
          .filter((o) => isStorageKey(o.key));
        if (page.length) yield page;
        if (!res.IsTruncated || contents.length === 0) return;
        Marker = res.NextMarker ?? contents[contents.length - 1]!.Key;
      }
    },

    async probe() {
      // A listing, not a HEAD: a HEAD of a missing bucket is a bare 404, like a missing key.
      await client.send(new ListObjectsCommand({ Bucket, Prefix: prefix, MaxKeys: 1 }));
    },

    async close() {
      client.destroy();
    },
  };
}
