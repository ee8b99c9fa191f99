import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The workspace's name in its root package.json: the manifest that carries Drape's version. */
const ROOT_PACKAGE = 'drape';

/** Drape's version, from the root package.json above this file (a checkout or the container's copy of it). */
export function appVersion(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const file = path.join(dir, 'package.json');
    if (fs.existsSync(file)) {
      const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (manifest.name === ROOT_PACKAGE) return manifest.version ?? 'unknown';
    }
    const parent = path.dirname(dir);
    if (parent === dir) return 'unknown';
    dir = parent;
  }
}
