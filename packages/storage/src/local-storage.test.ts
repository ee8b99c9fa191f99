import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { moveLegacyBlockedImages } from './legacy-layout';
import { createLocalStorage, localAreaRoots } from './local-storage';

let dataDir: string;
beforeEach(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'drape-local-'));
});
afterEach(async () => {
  await fs.rm(dataDir, { recursive: true, force: true });
});

async function filesUnder(dir: string): Promise<string[]> {
  try {
    return (await fs.readdir(dir, { recursive: true, withFileTypes: true }))
      .filter((e) => e.isFile())
      .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
      .sort();
  } catch {
    return [];
  }
}

describe('local storage', () => {
  it('keeps public images under DATA_DIR/media (the static root) and private ones beside it', async () => {
    const storage = createLocalStorage({ dataDir });
    await storage.put('public', 'looks/job-1.webp', Buffer.from('look'));
    await storage.put('private', 'blocked/attempt-1.webp', Buffer.from('blocked'));
    expect(localAreaRoots(dataDir)).toEqual({ public: path.join(dataDir, 'media'), private: path.join(dataDir, 'private') });
    expect(await fs.readFile(path.join(dataDir, 'media', 'looks', 'job-1.webp'), 'utf8')).toBe('look');
    expect(await fs.readFile(path.join(dataDir, 'private', 'blocked', 'attempt-1.webp'), 'utf8')).toBe('blocked');
    expect(await filesUnder(path.join(dataDir, 'media'))).toEqual(['looks/job-1.webp']);
  });

  it('leaves no partial file behind, and a concurrent reader sees the old or the new bytes whole', async () => {
    const storage = createLocalStorage({ dataDir });
    const a = Buffer.alloc(2 * 1024 * 1024, 0x61);
    const b = Buffer.alloc(3 * 1024 * 1024, 0x62);
    await storage.put('public', 'looks/race.webp', a);
    const reads: Buffer[] = [];
    const readers = Array.from({ length: 20 }, async () => {
      const got = await storage.get('public', 'looks/race.webp');
      const chunks: Buffer[] = [];
      for await (const c of got!.body) chunks.push(c as Buffer);
      const body = Buffer.concat(chunks);
      expect(body.length).toBe(got!.contentLength);
      reads.push(body);
    });
    await Promise.all([...readers, storage.put('public', 'looks/race.webp', b), storage.put('public', 'looks/race.webp', a)]);
    for (const body of reads) expect(body.equals(a) || body.equals(b)).toBe(true);
    expect(await filesUnder(path.join(dataDir, 'media'))).toEqual(['looks/race.webp']);
  });

  it('gives the same weak etag as @fastify/static (size and mtime), so switching servers keeps caches valid', async () => {
    const storage = createLocalStorage({ dataDir });
    await storage.put('public', 'looks/e.webp', Buffer.from('12345'));
    const st = await fs.stat(path.join(dataDir, 'media', 'looks', 'e.webp'));
    expect((await storage.stat('public', 'looks/e.webp'))!.etag).toBe(`W/"5-${st.mtime.getTime().toString(16)}"`);
  });

  it('does not treat a folder as an object', async () => {
    const storage = createLocalStorage({ dataDir });
    await fs.mkdir(path.join(dataDir, 'media', 'looks', 'dir.webp'), { recursive: true });
    expect(await storage.exists('public', 'looks/dir.webp')).toBe(false);
    expect(await storage.get('public', 'looks/dir.webp')).toBeNull();
  });
});

describe('the local store probe', () => {
  it('makes the area folders of a fresh DATA_DIR, and fails when a file stands where one should be', async () => {
    const storage = createLocalStorage({ dataDir });
    await expect(storage.probe()).resolves.toBeUndefined();
    expect((await fs.stat(path.join(dataDir, 'media'))).isDirectory()).toBe(true);
    expect((await fs.stat(path.join(dataDir, 'private'))).isDirectory()).toBe(true);
    await fs.rm(path.join(dataDir, 'private'), { recursive: true });
    await fs.writeFile(path.join(dataDir, 'private'), 'not a folder');
    await expect(storage.probe()).rejects.toThrow(/EEXIST|ENOTDIR/);
  });
});

describe('moveLegacyBlockedImages', () => {
  it('moves media/blocked/* into the private area under the same keys, once', async () => {
    const legacy = path.join(dataDir, 'media', 'blocked');
    await fs.mkdir(legacy, { recursive: true });
    await fs.writeFile(path.join(legacy, 'attempt-1.webp'), 'one');
    await fs.writeFile(path.join(legacy, 'attempt-2.webp'), 'two');
    await fs.mkdir(path.join(dataDir, 'media', 'looks'), { recursive: true });
    await fs.writeFile(path.join(dataDir, 'media', 'looks', 'job-1.webp'), 'look');

    expect(await moveLegacyBlockedImages(dataDir)).toEqual({ moved: 2 });

    const storage = createLocalStorage({ dataDir });
    expect(await storage.exists('private', 'blocked/attempt-1.webp')).toBe(true);
    expect(await storage.exists('private', 'blocked/attempt-2.webp')).toBe(true);
    expect(await storage.exists('public', 'blocked/attempt-1.webp')).toBe(false);
    await expect(fs.access(legacy)).rejects.toThrow();
    expect(await filesUnder(path.join(dataDir, 'media'))).toEqual(['looks/job-1.webp']);

    expect(await moveLegacyBlockedImages(dataDir)).toEqual({ moved: 0 });
    expect(await fs.readFile(path.join(dataDir, 'private', 'blocked', 'attempt-2.webp'), 'utf8')).toBe('two');
  });

  it('does nothing on a fresh data folder', async () => {
    expect(await moveLegacyBlockedImages(dataDir)).toEqual({ moved: 0 });
    expect(await filesUnder(dataDir)).toEqual([]);
  });

  it('keeps the private copy when both exist and removes the public one', async () => {
    await fs.mkdir(path.join(dataDir, 'media', 'blocked'), { recursive: true });
    await fs.mkdir(path.join(dataDir, 'private', 'blocked'), { recursive: true });
    await fs.writeFile(path.join(dataDir, 'media', 'blocked', 'a.webp'), 'old');
    await fs.writeFile(path.join(dataDir, 'private', 'blocked', 'a.webp'), 'new');
    await moveLegacyBlockedImages(dataDir);
    expect(await fs.readFile(path.join(dataDir, 'private', 'blocked', 'a.webp'), 'utf8')).toBe('new');
    expect(await filesUnder(path.join(dataDir, 'media'))).toEqual([]);
  });
});
