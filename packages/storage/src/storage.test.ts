import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StorageKeyError } from './keys';
import type { Storage } from './storage';
import { openTestStorage, type TestStorage } from './testing';

async function bytes(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Not a real WebP: the storage never looks inside, and distinct bytes show mix-ups. */
const image = (label: string) => Buffer.from(`RIFF....WEBPVP8 ${label}`);

// The same behaviour from both backends: the server and the pipeline never ask which one they have.
describe.each(['local', 's3'] as const)('%s storage', (kind) => {
  let t: TestStorage;
  let storage: Storage;
  beforeAll(async () => {
    t = await openTestStorage(kind);
    storage = t.storage;
  });
  afterAll(async () => {
    await t.close();
  });

  it('says which backend it is', () => {
    expect(storage.kind).toBe(kind);
  });

  it('returns the bytes and content type that were put', async () => {
    await storage.put('public', 'looks/job-1.webp', image('job-1'));
    const got = await storage.get('public', 'looks/job-1.webp');
    expect(got).toMatchObject({ contentType: 'image/webp', contentLength: image('job-1').length });
    expect(got!.etag).toMatch(/^(W\/)?".+"$/);
    expect(got!.lastModified).toBeInstanceOf(Date);
    expect(await bytes(got!.body)).toEqual(image('job-1'));
  });

  it('streams a large object whole', async () => {
    const big = Buffer.alloc(3 * 1024 * 1024 + 7, 0x5a);
    await storage.put('public', 'looks/big.png', big);
    const got = await storage.get('public', 'looks/big.png');
    expect(got).toMatchObject({ contentType: 'image/png', contentLength: big.length });
    expect((await bytes(got!.body)).equals(big)).toBe(true);
  });

  it('replaces an object put again under the same key', async () => {
    await storage.put('public', 'looks/again.webp', image('first'));
    await storage.put('public', 'looks/again.webp', image('second, longer'));
    expect(await bytes((await storage.get('public', 'looks/again.webp'))!.body)).toEqual(image('second, longer'));
  });

  it('keeps the public and private areas apart', async () => {
    await storage.put('private', 'blocked/attempt-1.webp', image('blocked'));
    expect(await storage.exists('private', 'blocked/attempt-1.webp')).toBe(true);
    expect(await storage.exists('public', 'blocked/attempt-1.webp')).toBe(false);
    expect(await storage.get('public', 'blocked/attempt-1.webp')).toBeNull();
    expect(await storage.stat('public', 'blocked/attempt-1.webp')).toBeNull();

    await storage.put('public', 'looks/job-2.webp', image('job-2'));
    expect(await storage.exists('private', 'looks/job-2.webp')).toBe(false);
    expect(await storage.get('private', 'looks/job-2.webp')).toBeNull();

    // The same key in both areas holds two objects.
    await storage.put('public', 'shared/same.webp', image('public one'));
    await storage.put('private', 'shared/same.webp', image('private one'));
    expect(await bytes((await storage.get('public', 'shared/same.webp'))!.body)).toEqual(image('public one'));
    expect(await bytes((await storage.get('private', 'shared/same.webp'))!.body)).toEqual(image('private one'));
    await storage.delete('private', 'shared/same.webp');
    expect(await storage.exists('public', 'shared/same.webp')).toBe(true);
  });

  it('answers exists and stat for present and missing objects', async () => {
    await storage.put('public', 'looks/job-3.thumb.webp', image('thumb'));
    expect(await storage.exists('public', 'looks/job-3.thumb.webp')).toBe(true);
    expect(await storage.stat('public', 'looks/job-3.thumb.webp')).toMatchObject({ contentType: 'image/webp', contentLength: image('thumb').length });
    expect(await storage.exists('public', 'looks/never.webp')).toBe(false);
    expect(await storage.stat('public', 'looks/never.webp')).toBeNull();
    expect(await storage.get('public', 'looks/never.webp')).toBeNull();
    expect(await storage.exists('public', 'nowhere/deep/never.webp')).toBe(false);
  });

  it('deletes idempotently', async () => {
    await storage.put('public', 'looks/gone.webp', image('gone'));
    await storage.delete('public', 'looks/gone.webp');
    expect(await storage.exists('public', 'looks/gone.webp')).toBe(false);
    await expect(storage.delete('public', 'looks/gone.webp')).resolves.toBeUndefined();
    await expect(storage.delete('private', 'never/was.webp')).resolves.toBeUndefined();
  });

  it('refuses bad keys and areas before touching anything', async () => {
    for (const key of ['../escape.webp', '/abs.webp', 'looks/../../x.webp', 'looks/.hidden.webp', 'looks/x.svg', '']) {
      await expect(storage.put('public', key, image('x'))).rejects.toThrow(StorageKeyError);
      await expect(storage.get('public', key)).rejects.toThrow(StorageKeyError);
      await expect(storage.stat('private', key)).rejects.toThrow(StorageKeyError);
      await expect(storage.exists('private', key)).rejects.toThrow(StorageKeyError);
      await expect(storage.delete('public', key)).rejects.toThrow(StorageKeyError);
    }
    await expect(storage.put('media' as 'public', 'looks/x.webp', image('x'))).rejects.toThrow(StorageKeyError);
  });

  it('lists the objects of an area under a prefix, in pages, and nothing of the other area', async () => {
    const keys = Array.from({ length: 1003 }, (_, i) => `listed/p${String(i).padStart(4, '0')}.webp`);
    for (let i = 0; i < keys.length; i += 50) await Promise.all(keys.slice(i, i + 50).map((k) => storage.put('public', k, image(k))));
    await storage.put('private', 'listed/secret.webp', image('secret'));
    await storage.put('public', 'listed-not/other.webp', image('other'));
    const pages: { key: string; size: number; lastModified: Date }[][] = [];
    for await (const page of storage.list('public', 'listed/')) pages.push(page);
    expect(pages.every((p) => p.length <= 1000)).toBe(true);
    expect(pages.length).toBeGreaterThan(1);
    const listed = pages.flat();
    expect(listed.map((o) => o.key).sort()).toEqual(keys);
    expect(listed[0]).toMatchObject({ size: image(listed[0]!.key).length, lastModified: expect.any(Date) });
    const privateKeys: string[] = [];
    for await (const page of storage.list('private', 'listed/')) privateKeys.push(...page.map((o) => o.key));
    expect(privateKeys).toEqual(['listed/secret.webp']);
    for await (const page of storage.list('public', 'nothing-here/')) expect(page).toEqual([]);
  }, 60_000);
});
