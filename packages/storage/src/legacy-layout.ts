import fs from 'node:fs/promises';
import path from 'node:path';
import { localAreaRoots } from './local-storage';

/** The folder blocked images were written to before the private area existed (keys `blocked/...`). */
const LEGACY_BLOCKED = 'blocked';

/**
 * Moves blocked images of the older layout (`<dataDir>/media/blocked/*`, where the static /media
 * route could serve them) into the private area under the same keys, so rows that name
 * `blocked/<attemptId>.webp` keep resolving. Run once at boot, before the server listens; a second
 * run finds nothing to do. A file already present in the private area wins (it is the newer one)
 * and the public copy is removed.
 */
export async function moveLegacyBlockedImages(dataDir: string): Promise<{ moved: number }> {
  const roots = localAreaRoots(dataDir);
  const from = path.join(roots.public, LEGACY_BLOCKED);
  const to = path.join(roots.private, LEGACY_BLOCKED);
  let moved = 0;

  const walk = async (src: string, dest: string): Promise<void> => {
    let entries;
    try {
      entries = await fs.readdir(src, { withFileTypes: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw err;
    }
    await fs.mkdir(dest, { recursive: true });
    for (const entry of entries) {
      const s = path.join(src, entry.name);
      const d = path.join(dest, entry.name);
      if (entry.isDirectory()) {
        await walk(s, d);
      } else if (entry.isFile()) {
        if (await exists(d)) await fs.rm(s);
        else await moveFile(s, d);
        moved += 1;
      }
    }
    // Only empty folders go; anything left (a symlink, say) stays for a person to look at.
    await fs.rmdir(src).catch(() => undefined);
  };

  await walk(from, to);
  return { moved };
}

async function exists(file: string): Promise<boolean> {
  try {
    await fs.access(file);
    return true;
  } catch {
    return false;
  }
}

/** A rename, or copy-and-remove when media/ and private/ are on different mounts. */
async function moveFile(src: string, dest: string): Promise<void> {
  try {
    await fs.rename(src, dest);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
    // Copied under a dot name then renamed, as in put: the private copy is never half there.
    const partial = path.join(path.dirname(dest), `.${path.basename(dest)}.migrating`);
    await fs.copyFile(src, partial);
    await fs.rename(partial, dest);
    await fs.rm(src);
  }
}
