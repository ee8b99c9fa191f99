import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_CACHE_CONTROL, mediaResponse, type MediaResponse } from './media-response';
import type { Storage } from './storage';
import { openTestStorage, type TestStorage } from './testing';

async function text(body: MediaResponse['body']): Promise<string> {
  if (!(body instanceof Readable)) return body ?? '';
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

const LOOK = Buffer.from('RIFF....WEBPVP8 a look');

describe.each(['local', 's3'] as const)('mediaResponse from %s storage', (kind) => {
  let t: TestStorage;
  let storage: Storage;
  beforeAll(async () => {
    t = await openTestStorage(kind);
    storage = t.storage;
    await storage.put('public', 'looks/job-1.webp', LOOK);
    await storage.put('private', 'blocked/attempt-1.webp', Buffer.from('refused image'));
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 200 with the bytes, type, length, etag and immutable caching', async () => {
    const r = await mediaResponse(storage, 'looks/job-1.webp', {});
    expect(r.status).toBe(200);
    expect(r.headers).toMatchObject({
      'content-type': 'image/webp',
      'content-length': String(LOOK.length),
      'cache-control': MEDIA_CACHE_CONTROL,
    });
    expect(r.headers.etag).toMatch(/^(W\/)?".+"$/);
    expect(new Date(r.headers['last-modified']!).getTime()).not.toBeNaN();
    expect(await text(r.body)).toBe(LOOK.toString());
  });

  it('answers 304 without a body when If-None-Match holds its etag', async () => {
    const first = await mediaResponse(storage, 'looks/job-1.webp', {});
    await text(first.body);
    const { headers } = first;
    for (const ifNoneMatch of [headers.etag!, `"other", ${headers.etag!}`, headers.etag!.replace(/^W\//, ''), '*']) {
      const r = await mediaResponse(storage, 'looks/job-1.webp', { 'if-none-match': ifNoneMatch });
      expect(r).toMatchObject({ status: 304, body: null, headers: { etag: headers.etag, 'cache-control': MEDIA_CACHE_CONTROL } });
      expect(r.headers['content-length']).toBeUndefined();
    }
  });

  it('answers 200 when If-None-Match holds another etag', async () => {
    const r = await mediaResponse(storage, 'looks/job-1.webp', { 'if-none-match': '"not-this-one"' });
    expect(r.status).toBe(200);
    expect(await text(r.body)).toBe(LOOK.toString());
  });

  it('answers 304 to If-Modified-Since at or after the last change, unless If-None-Match disagrees', async () => {
    const future = new Date(Date.now() + 60_000).toUTCString();
    expect((await mediaResponse(storage, 'looks/job-1.webp', { 'if-modified-since': future })).status).toBe(304);
    const past = await mediaResponse(storage, 'looks/job-1.webp', { 'if-modified-since': new Date(0).toUTCString() });
    expect(past.status).toBe(200);
    await text(past.body);
    const both = await mediaResponse(storage, 'looks/job-1.webp', { 'if-modified-since': future, 'if-none-match': '"not-this-one"' });
    expect(both.status).toBe(200);
    await text(both.body);
  });

  it('answers HEAD with the headers and no body', async () => {
    const r = await mediaResponse(storage, 'looks/job-1.webp', {}, 'HEAD');
    expect(r).toMatchObject({ status: 200, body: null, headers: { 'content-type': 'image/webp', 'content-length': String(LOOK.length) } });
  });

  it('answers 404 JSON for a missing key', async () => {
    const r = await mediaResponse(storage, 'looks/missing.webp', {});
    expect(r.status).toBe(404);
    expect(r.headers['content-type']).toMatch(/^application\/json/);
    expect(r.headers['cache-control']).toBe('no-store');
    expect(JSON.parse(await text(r.body))).toEqual({ error: 'not_found', message: 'No image at /media/looks/missing.webp' });
    expect((await mediaResponse(storage, 'looks/missing.webp', { 'if-none-match': '*' })).status).toBe(404);
  });

  it('never serves a private object, by its key or by a path around it', async () => {
    for (const key of ['blocked/attempt-1.webp', '../private/blocked/attempt-1.webp', 'private/blocked/attempt-1.webp', '../blocked/attempt-1.webp']) {
      const r = await mediaResponse(storage, key, {});
      expect(r.status).toBe(404);
      expect(await text(r.body)).not.toContain('refused image');
      expect((await mediaResponse(storage, key, {}, 'HEAD')).status).toBe(404);
    }
  });

  it('answers 404 for a malformed key instead of throwing', async () => {
    for (const key of ['', '/etc/passwd', 'looks/../../x.webp', 'looks/x.svg', 'looks/.x.webp.abc.partial']) {
      expect((await mediaResponse(storage, key, {})).status).toBe(404);
    }
  });

  it('streams through a plain HTTP server with a length that matches the bytes', async () => {
    const server = http.createServer((req, res) => {
      void mediaResponse(storage, decodeURIComponent(req.url!.replace(/^\/media\//, '')), req.headers, req.method).then((r) => {
        res.writeHead(r.status, r.headers);
        if (r.body instanceof Readable) r.body.pipe(res);
        else res.end(r.body ?? undefined);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/media`;
    try {
      const ok = await fetch(`${base}/looks/job-1.webp`);
      expect(ok.status).toBe(200);
      expect(ok.headers.get('content-length')).toBe(String(LOOK.length));
      expect(Buffer.from(await ok.arrayBuffer())).toEqual(LOOK);
      const again = await fetch(`${base}/looks/job-1.webp`, { headers: { 'if-none-match': ok.headers.get('etag')! } });
      expect(again.status).toBe(304);
      expect((await fetch(`${base}/blocked/attempt-1.webp`)).status).toBe(404);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
