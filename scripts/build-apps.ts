import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Builds the web and admin apps when their sources changed since the last build. The lockfile is a
 * source too: an upgraded dependency (react-router, vite) must rebuild the bundles.
 */
const SHARED = ['packages/ui/src', 'packages/client/src', 'packages/contracts/src', 'pnpm-lock.yaml'];
const SOURCES: Record<string, string[]> = {
  web: ['apps/web', ...SHARED],
  admin: ['apps/admin', ...SHARED],
};

function fingerprint(root: string, dirs: string[]): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    if (!fs.existsSync(dir)) return;
    if (fs.statSync(dir).isFile()) return void hash.update(`${dir}:${fs.statSync(dir).size}:${fs.statSync(dir).mtimeMs}\n`);
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      if (entry.name === 'node_modules' || entry.name === 'dist') continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(`${full}:${fs.statSync(full).size}:${fs.statSync(full).mtimeMs}\n`);
    }
  };
  for (const d of dirs) walk(path.join(root, d));
  return hash.digest('hex');
}

export function buildApps(root: string, log: (s: string) => void, force = false): void {
  const pnpm = process.env.DRAPE_PNPM ?? 'pnpm';
  // The icons and the manifest come from the master logo into the web app's public folder, before
  // its sources are fingerprinted (a file is rewritten only when it changes).
  const brand = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'scripts', 'brand-assets.ts')], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (brand.status !== 0) throw new Error('the brand assets were not made');
  for (const [app, dirs] of Object.entries(SOURCES)) {
    const stamp = path.join(root, 'apps', app, 'dist', '.build-stamp');
    const print = fingerprint(root, dirs);
    if (!force && fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === print) continue;
    log(`building the ${app} app`);
    const res = spawnSync(pnpm, ['--filter', `@drape/${app}`, 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
    if (res.status !== 0) throw new Error(`the ${app} app did not build`);
    fs.writeFileSync(stamp, print);
  }
}
