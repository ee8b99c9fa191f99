import fs from 'node:fs/promises';
import path from 'node:path';
import { mediaRoot } from '@drape/config';

/** Where image files live. Local disk under DATA_DIR/media (served at /media by the server). */
export interface Storage {
  put(key: string, data: Buffer): Promise<void>;
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}

export function localStorage(dataDir: string): Storage {
  const root = mediaRoot({ dataDir });
  const file = (key: string) => {
    const full = path.resolve(root, key);
    if (!full.startsWith(`${root}${path.sep}`)) throw new Error(`storage key escapes the media folder: ${key}`);
    return full;
  };
  return {
    async put(key, data) {
      const target = file(key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      // Write then rename: a reader never sees half a file, and a retry simply replaces it.
      const partial = `${target}.${process.pid}.partial`;
      await fs.writeFile(partial, data);
      await fs.rename(partial, target);
    },
    async delete(key) {
      await fs.rm(file(key), { force: true });
    },
    async exists(key) {
      try {
        await fs.access(file(key));
        return true;
      } catch {
        return false;
      }
    },
  };
}
