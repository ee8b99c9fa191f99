import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runnerImport, type Plugin, type ResolvedConfig } from 'vite';
import type * as OfflineContracts from '@drape/contracts/offline';
import type * as GenerationContracts from '@drape/contracts/generation';

// The workspace's packages are TypeScript, which the config's loader leaves to Node: they are
// imported through Vite's module runner when the plugin runs.
type Offline = typeof OfflineContracts;
type Generation = typeof GenerationContracts;

const here = path.dirname(fileURLToPath(import.meta.url));
const WORKER_SOURCE = path.join(here, 'service-worker', 'service-worker.js');
const TOKENS_CSS = path.resolve(here, '../../packages/ui/src/tokens.css');
/** What the worker precaches of the build's assets: every hashed script, style and web font. */
const PRECACHED = /\.(js|css|woff2)$/;

function tokenColour(css: string, name: string): string {
  const found = new RegExp(`--color-${name}:\\s*(#[0-9a-f]{3,8})\\s*;`, 'i').exec(css);
  if (!found) throw new Error(`tokens.css has no --color-${name}`);
  return found[1]!;
}

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The offline page: one self-contained file (no script, no font, no request of its own). */
export function offlinePage({ offlineMessages, OFFLINE_APP_PATH }: Offline, tokensCss: string): string {
  const c = (name: string) => tokenColour(tokensCss, name);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="theme-color" content="${c('ivory')}">
<meta name="robots" content="noindex">
<title>${escape(offlineMessages.title)} | Drape</title>
<style>
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:${c('ivory')};color:${c('ink')};font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{max-width:28rem;padding:2rem;text-align:center}
h1{font:500 2rem/1.2 Georgia,"Times New Roman",serif;margin:0 0 1rem}
p{color:${c('umber')};margin:0 0 1rem}
a{display:inline-block;margin:.5rem;padding:.6rem 1.2rem;border-radius:999px;border:1px solid ${c('ink')};color:${c('ink')};text-decoration:none}
a.primary{background:${c('ink')};color:${c('ivory')}}
</style>
</head>
<body>
<main>
<h1>${escape(offlineMessages.title)}</h1>
<p>${escape(offlineMessages.body)}</p>
<p>${escape(offlineMessages.wardrobeHint)}</p>
<a class="primary" href="">${escape(offlineMessages.retry)}</a>
<a href="${OFFLINE_APP_PATH}">${escape(offlineMessages.wardrobeLink)}</a>
</main>
</body>
</html>
`;
}

/** The worker with this build's rules; its version changes with any byte it would serve offline. */
export function workerScript(offline: Offline, mediaPath: string, source: string, files: { url: string; bytes: Buffer | string }[]): string {
  const { KEPT_CACHE, OFFLINE_APP_PATH, OFFLINE_PAGE_PATH, OFFLINE_PAGE_PATHS, OFFLINE_PAGE_PREFIXES, PRECACHE_PREFIX } = offline;
  const hash = createHash('sha256').update(source);
  for (const f of files) hash.update(f.url).update('\0').update(f.bytes);
  const rules = {
    version: hash.digest('hex').slice(0, 16),
    precache: files.filter((f) => f.url !== OFFLINE_PAGE_PATH && f.url !== '/index.html').map((f) => f.url),
    precachePrefix: PRECACHE_PREFIX,
    offlinePage: OFFLINE_PAGE_PATH,
    appPath: OFFLINE_APP_PATH,
    pagePaths: OFFLINE_PAGE_PATHS,
    pagePrefixes: OFFLINE_PAGE_PREFIXES,
    keptCache: KEPT_CACHE,
    mediaPrefix: `${mediaPath}/`,
  };
  if (!source.includes('DRAPE_RULES;')) throw new Error('service-worker.js lost its DRAPE_RULES placeholder');
  return source.replace('DRAPE_RULES;', `${JSON.stringify(rules)};`);
}

/**
 * Writes the offline page and the service worker (decision 0032) after the client build: the
 * worker lists the build's hashed files, so a new build is a new worker.
 */
export function serviceWorker(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'drape-service-worker',
    apply: 'build',
    // Before the precompression plugin's writeBundle? Not needed: the worker and the offline page
    // sit outside assets/, which is all it compresses.
    configResolved(resolved) {
      config = resolved;
    },
    async writeBundle() {
      if (config.build.ssr) return;
      const load = async <T>(id: string) => (await runnerImport<T>(id, { configFile: false, root: config.root, logLevel: 'silent' })).module;
      const contracts = await load<Offline>('@drape/contracts/offline');
      const { MEDIA_PATH } = await load<Generation>('@drape/contracts/generation');
      const { OFFLINE_PAGE_PATH, SERVICE_WORKER_PATH } = contracts;
      const outDir = path.resolve(config.root, config.build.outDir);
      const assetsDir = path.join(outDir, config.build.assetsDir);
      const offline = offlinePage(contracts, fs.readFileSync(TOKENS_CSS, 'utf8'));
      fs.writeFileSync(path.join(outDir, OFFLINE_PAGE_PATH.slice(1)), offline);
      const files = [
        { url: OFFLINE_PAGE_PATH, bytes: offline },
        // The shell the worker keeps for the wardrobe: its bytes are part of the version.
        { url: '/index.html', bytes: fs.readFileSync(path.join(outDir, 'index.html')) },
        ...fs
          .readdirSync(assetsDir)
          .filter((name) => PRECACHED.test(name))
          .sort()
          .map((name) => ({ url: `/${config.build.assetsDir}/${name}`, bytes: fs.readFileSync(path.join(assetsDir, name)) })),
      ];
      fs.writeFileSync(path.join(outDir, SERVICE_WORKER_PATH.slice(1)), workerScript(contracts, MEDIA_PATH, fs.readFileSync(WORKER_SOURCE, 'utf8'), files));
    },
  };
}
