import { randomBytes } from 'node:crypto';
import { constants as fsConstants, type Dirent } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { assertStorageArea, assertStorageKey, contentTypeOf, isStorageKey, type StorageArea } from './keys';
import type { ListedObject, Storage, StoredObjectInfo } from './storage';

export interface LocalStorageOptions {
  dataDir: string;
}

/**
 * The folders of each area. `media` is what the server's static /media route serves; `private`
 * sits beside it, outside that root, so no URL under /media can reach a blocked image.
 */
export function localAreaRoots(dataDir: string): Record<StorageArea, string> {
  const root = path.resolve(dataDir);
  return { public: path.join(root, 'media'), private: path.join(root, 'private') };
}

function isMissing(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

/** Size and mtime, as `send` (behind @fastify/static) builds it: the same tag both ways of serving. */
function weakEtag(size: number, mtimeMs: number): string {
  return `W/"${size.toString(16)}-${Math.floor(mtimeMs).toString(16)}"`;
}

export function createLocalStorage(options: LocalStorageOptions): Storage {
  const roots = localAreaRoots(options.dataDir);
  const file = (area: StorageArea, key: string) => {
    assertStorageArea(area);
    assertStorageKey(key);
    // The key rule already refuses `..` and absolute paths; this is the belt to its braces.
    const full = path.resolve(roots[area], key);
    if (!full.startsWith(`${roots[area]}${path.sep}`)) throw new Error(`storage key escapes its folder: ${key}`);
    return full;
  };
  const info = (key: string, size: number, mtime: Date): StoredObjectInfo => ({
    contentType: contentTypeOf(key),
    contentLength: size,
    etag: weakEtag(size, mtime.getTime()),
    lastModified: mtime,
  });
  const stat = async (area: StorageArea, key: string): Promise<StoredObjectInfo | null> => {
    try {
      const st = await fs.stat(file(area, key));
      return st.isFile() ? info(key, st.size, st.mtime) : null;
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  };

  return {
    kind: 'local',

    async put(area, key, data) {
      const target = file(area, key);
      const dir = path.dirname(target);
      await fs.mkdir(dir, { recursive: true });
      // Write then rename: a reader never sees half a file, and a retry simply replaces it. The
      // partial file's name starts with a dot, which no key can, and the static route ignores.
      const partial = path.join(dir, `.${path.basename(target)}.${randomBytes(6).toString('hex')}.partial`);
      try {
        const handle = await fs.open(partial, 'wx');
        try {
          await handle.writeFile(data);
          // Durable before it is visible: a row written after put must not point at an empty
          // file after a power cut.
          await handle.sync();
        } finally {
          await handle.close();
        }
        await fs.rename(partial, target);
      } catch (err) {
        await fs.rm(partial, { force: true });
        throw err;
      }
      const dirHandle = await fs.open(dir, 'r');
      try {
        await dirHandle.sync();
      } finally {
        await dirHandle.close();
      }
    },

    async get(area, key) {
      const target = file(area, key);
      let handle: fs.FileHandle;
      try {
        handle = await fs.open(target, 'r');
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
      // Stat the open handle, not the path: a put that renames over the file meanwhile cannot
      // make the length disagree with the bytes streamed.
      try {
        const st = await handle.stat();
        if (!st.isFile()) {
          await handle.close();
          return null;
        }
        return { ...info(key, st.size, st.mtime), body: handle.createReadStream({ autoClose: true }) };
      } catch (err) {
        await handle.close();
        throw err;
      }
    },

    stat,

    async delete(area, key) {
      await fs.rm(file(area, key), { force: true });
    },

    async exists(area, key) {
      return (await stat(area, key)) !== null;
    },

    async *list(area, prefix = '') {
      assertStorageArea(area);
      const root = roots[area];
      // Walk the deepest folder the prefix names, and keep the keys that start with it.
      const folder = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '';
      let page: ListedObject[] = [];
      const walk = async function* (dir: string): AsyncGenerator<ListedObject[]> {
        let entries: Dirent[];
        try {
          entries = await fs.readdir(path.join(root, dir), { withFileTypes: true });
        } catch (err) {
          if (isMissing(err)) return;
          throw err;
        }
        for (const entry of entries) {
          const key = dir ? `${dir}/${entry.name}` : entry.name;
          if (entry.isDirectory()) {
            yield* walk(key);
          } else if (entry.isFile() && key.startsWith(prefix) && isStorageKey(key)) {
            const st = await fs.stat(path.join(root, key)).catch(() => null);
            if (!st) continue;
            page.push({ key, size: st.size, lastModified: st.mtime });
            if (page.length === 1000) {
              yield page;
              page = [];
            }
          }
        }
      };
      yield* walk(folder);
      if (page.length) yield page;
    },

    async probe() {
      for (const root of Object.values(roots)) {
        // mkdir fails when a file stands where the folder should be; access when it is read-only.
        await fs.mkdir(root, { recursive: true });
        await fs.access(root, fsConstants.R_OK | fsConstants.W_OK);
      }
    },

    async close() {},
  };
}
