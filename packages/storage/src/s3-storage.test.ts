import net from 'node:net';
import { HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorage } from './create-storage';
import { MEDIA_CACHE_CONTROL } from './media-response';
import { createS3Storage } from './s3-storage';
import { startS3rver, type S3TestServer } from './testing';

let s3: S3TestServer;
let raw: S3Client;
beforeAll(async () => {
  s3 = await startS3rver({ bucket: 'drape-s3-test' });
  raw = new S3Client({ endpoint: s3.endpoint, region: s3.region, forcePathStyle: true, credentials: s3.options.credentials });
});
afterAll(async () => {
  raw.destroy();
  await s3.close();
});

async function objectKeys(): Promise<string[]> {
  const res = await raw.send(new ListObjectsV2Command({ Bucket: s3.bucket }));
  return (res.Contents ?? []).map((o) => o.Key!).sort();
}

describe('S3 storage', () => {
  it('puts each area under its own prefix, after the optional key prefix', async () => {
    const storage = createS3Storage({ ...s3.options, prefix: 'env/test/' });
    await storage.put('public', 'looks/job-1.webp', Buffer.from('look'));
    await storage.put('private', 'blocked/attempt-1.webp', Buffer.from('blocked'));
    expect(await objectKeys()).toEqual(['env/test/private/blocked/attempt-1.webp', 'env/test/public/looks/job-1.webp']);

    // Another prefix is another deployment: it sees none of these objects.
    const other = createS3Storage({ ...s3.options, prefix: 'env/other' });
    expect(await other.exists('public', 'looks/job-1.webp')).toBe(false);
    await other.put('public', 'looks/job-1.webp', Buffer.from('other'));
    expect(await objectKeys()).toContain('env/other/public/looks/job-1.webp');
    await Promise.all([storage.close(), other.close()]);
  });

  it('stores the content type and a cache policy fit for the area with each object', async () => {
    const storage = createS3Storage(s3.options);
    await storage.put('public', 'looks/cached.webp', Buffer.from('x'));
    await storage.put('private', 'blocked/cached.webp', Buffer.from('y'));
    const pub = await raw.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: 'public/looks/cached.webp' }));
    const priv = await raw.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: 'private/blocked/cached.webp' }));
    expect(pub).toMatchObject({ ContentType: 'image/webp', CacheControl: MEDIA_CACHE_CONTROL });
    expect(priv).toMatchObject({ ContentType: 'image/webp', CacheControl: 'private, no-store' });
    await storage.close();
  });

  it('uses path-style addressing by default when an endpoint is given', async () => {
    // Virtual-host style would ask for drape-s3-test.127.0.0.1, which does not resolve.
    const storage = createS3Storage({ ...s3.options, forcePathStyle: undefined });
    await storage.put('public', 'looks/path-style.webp', Buffer.from('p'));
    expect(await storage.exists('public', 'looks/path-style.webp')).toBe(true);
    await storage.close();
  });

  it('throws on errors other than a missing object', async () => {
    // s3rver checks the access key id only (it does not verify SigV4 signatures): a 403 either way.
    const wrongKey = createS3Storage({ ...s3.options, credentials: { accessKeyId: 'NOT-A-KEY', secretAccessKey: 'S3RVER' } });
    await expect(wrongKey.exists('public', 'looks/any.webp')).rejects.toThrow();
    await expect(wrongKey.stat('public', 'looks/any.webp')).rejects.toThrow();
    await expect(wrongKey.get('public', 'looks/any.webp')).rejects.toThrow(/access key/i);
    await wrongKey.close();

    const noBucket = createS3Storage({ ...s3.options, bucket: 'no-such-bucket' });
    await expect(noBucket.put('public', 'looks/any.webp', Buffer.from('x'))).rejects.toThrow(/bucket/i);
    await expect(noBucket.get('public', 'looks/any.webp')).rejects.toThrow(/bucket/i);
    await noBucket.close();
  });

  it('probes the bucket: ready when it answers, refused for a missing bucket, wrong credentials or no server', async () => {
    const ok = createS3Storage({ ...s3.options, prefix: 'probe/' });
    await expect(ok.probe()).resolves.toBeUndefined();
    const noBucket = createS3Storage({ ...s3.options, bucket: 'no-such-bucket' });
    await expect(noBucket.probe()).rejects.toThrow(/bucket/i);
    const wrongKey = createS3Storage({ ...s3.options, credentials: { accessKeyId: 'NOT-A-KEY', secretAccessKey: 'S3RVER' } });
    await expect(wrongKey.probe()).rejects.toThrow();
    // A port nothing listens on: connection refused.
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as net.AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const gone = createS3Storage({ ...s3.options, endpoint: `http://127.0.0.1:${port}` });
    await expect(gone.probe()).rejects.toThrow();
    await Promise.all([ok.close(), noBucket.close(), wrongKey.close(), gone.close()]);
  });

  it('fails, rather than hangs, when the object store accepts a connection and never answers', async () => {
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((socket) => void sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    const storage = createS3Storage({ ...s3.options, endpoint: `http://127.0.0.1:${port}`, idleTimeoutMs: 200 });
    try {
      const started = Date.now();
      await expect(storage.exists('public', 'looks/any.webp')).rejects.toThrow();
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      await storage.close();
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it('is the backend createStorage picks when S3 options are given, and the disk otherwise', async () => {
    const onS3 = createStorage({ dataDir: '/nonexistent', s3: s3.options });
    const onDisk = createStorage({ dataDir: '/nonexistent' });
    expect([onS3.kind, onDisk.kind]).toEqual(['s3', 'local']);
    await Promise.all([onS3.close(), onDisk.close()]);
  });
});
