import type { Readable } from 'node:stream';
import { MEDIA_PATH } from '@drape/contracts/generation';
import { isStorageKey } from './keys';
import type { Storage, StoredObjectInfo } from './storage';

/** A stored image never changes under its key (a new render gets a new key). */
export const MEDIA_CACHE_CONTROL = 'public, max-age=31536000, immutable';

export interface MediaResponse {
  status: 200 | 304 | 404;
  headers: Record<string, string>;
  /** A stream to pipe (200 on GET), a JSON text (404), or nothing (304, HEAD). */
  body: Readable | string | null;
}

/** Node's IncomingHttpHeaders, Fastify's request.headers or a plain object. */
export type RequestHeaders = Readonly<Record<string, string | readonly string[] | undefined>>;

function header(headers: RequestHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value.join(', ') : (value as string | undefined);
}

/** Weak comparison (RFC 9110 §13.1.2): `W/"x"` and `"x"` match; `*` matches anything present. */
export function etagMatches(ifNoneMatch: string, etag: string | undefined): boolean {
  if (!etag) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const want = opaque(etag);
  return ifNoneMatch.split(',').some((tag) => opaque(tag) === want);
}

/** If-Modified-Since counts only without If-None-Match (RFC 9110 §13.1.3); HTTP dates have whole seconds. */
function notModifiedSince(ifModifiedSince: string | undefined, lastModified: Date | undefined): boolean {
  if (!ifModifiedSince || !lastModified) return false;
  const since = Date.parse(ifModifiedSince);
  return !Number.isNaN(since) && Math.floor(lastModified.getTime() / 1000) * 1000 <= since;
}

function validators(info: StoredObjectInfo): Record<string, string> {
  const h: Record<string, string> = { 'cache-control': MEDIA_CACHE_CONTROL };
  if (info.etag) h.etag = info.etag;
  if (info.lastModified) h['last-modified'] = info.lastModified.toUTCString();
  return h;
}

function notFound(key: string): MediaResponse {
  return {
    status: 404,
    // Not cached: the key may be written later (a retried render), and a CDN must not pin the 404.
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
    body: JSON.stringify({ error: 'not_found', message: `No image at ${MEDIA_PATH}/${key}` }),
  };
}

/**
 * The answer to `GET|HEAD /media/<key>` from any backend, for the server to send as is:
 *
 *   const r = await mediaResponse(storage, req.params['*'], req.headers, req.method);
 *   return reply.code(r.status).headers(r.headers).send(r.body);
 *
 * Reads the public area only: a blocked image's key answers 404 here whatever it is.
 */
export async function mediaResponse(storage: Storage, key: string, headers: RequestHeaders, method = 'GET'): Promise<MediaResponse> {
  // A malformed key (traversal, odd characters) names nothing servable: the same 404 as a miss.
  if (!isStorageKey(key)) return notFound(key);

  const ifNoneMatch = header(headers, 'if-none-match');
  const ifModifiedSince = ifNoneMatch === undefined ? header(headers, 'if-modified-since') : undefined;
  // A conditional request or HEAD is answered from metadata alone, so a 304 costs no body fetch.
  if (ifNoneMatch !== undefined || ifModifiedSince !== undefined || method === 'HEAD') {
    const info = await storage.stat('public', key);
    if (!info) return notFound(key);
    if (ifNoneMatch !== undefined ? etagMatches(ifNoneMatch, info.etag) : notModifiedSince(ifModifiedSince, info.lastModified)) {
      return { status: 304, headers: validators(info), body: null };
    }
    if (method === 'HEAD') {
      return { status: 200, headers: { ...validators(info), 'content-type': info.contentType, 'content-length': String(info.contentLength) }, body: null };
    }
  }

  const object = await storage.get('public', key);
  if (!object) return notFound(key);
  return {
    status: 200,
    headers: { ...validators(object), 'content-type': object.contentType, 'content-length': String(object.contentLength) },
    body: object.body,
  };
}
