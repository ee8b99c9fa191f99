import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { GENDERS, OCCASIONS, PALETTES, TRENDS, type Combination } from '@drape/contracts';
import { SESSION_COOKIE, STORAGE_PREFIX } from '@drape/contracts/storage-keys';
import { createDb } from '@drape/db';
import { testLogger } from '@drape/log/testing';
import { registerAccount, startProcess, stopProcess } from './processes';

/**
 * First paint as a visitor's phone sees it: Lighthouse 12 with its default mobile settings
 * (simulated slow 4G, 4x CPU slowdown) and Debian's Chromium, against the real server serving the
 * built web app over a stocked inventory: the landing, /auth, and /dashboard signed in. Each page
 * runs several times on a cold cache; the median run by performance score is kept. The JavaScript
 * of a page is what its load fetched (the network-requests audit), as transferred and gzipped.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

export interface PageFigures {
  page: string;
  runs: number;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  speedIndexMs: number;
  /** Every script the load fetched: bytes on the wire (the server's encoding) and gzipped (level 9). */
  scripts: number;
  jsTransferredKiB: number;
  jsGzipKiB: number;
  /** A prerendered page: the scripts its start script loads to hydrate it, gzipped (null for others). */
  jsToHydrateGzipKiB: number | null;
  /** The performance scores of every run, to show the spread. */
  performanceRuns: number[];
  failedAudits: string[];
}

/** A look for every active trend, palette and occasion in both genders, so the landing has pictures. */
export async function stockInventory(url: string, dataDir: string): Promise<number> {
  const { runGenerateJob, providerFor } = await import('@drape/pipeline');
  const { createStorage } = await import('@drape/storage');
  const { loadConfig } = await import('@drape/config');
  const { ensureMatrix } = await import('@drape/boot');
  const handle = createDb(url, 2, testLogger('cli'));
  try {
    await ensureMatrix(handle.db);
    const deps = { db: handle.db, storage: createStorage({ dataDir }), provider: providerFor(loadConfig({ DATA_DIR: dataDir })), timeoutMs: 60_000 };
    const selections: Combination[] = GENDERS.flatMap((gender) => [
      ...TRENDS.filter((t) => t.active).map((t) => ({ gender, trend: t.id })),
      ...PALETTES.map((p) => ({ gender, palette: p.id })),
      ...OCCASIONS.filter((o) => o.isActive).map((o) => ({ gender, occasion: o.id })),
    ]);
    let seed = 9000;
    for (const c of selections) await runGenerateJob(deps, crypto.randomUUID(), { ...c, seed: seed++, source: 'batch' });
    // Half of them in the LookBook, as an admin would curate it: the landing's blurb counts them.
    const ids = await handle.db.selectFrom('generated_images').select('id').orderBy('created_at').execute();
    const lookbook = ids.filter((_, i) => i % 2 === 0).map((r) => r.id);
    const { publish } = await import('@drape/looks');
    await publish(handle.db, lookbook);
    return ids.length;
  } finally {
    await handle.close();
  }
}

function buildWebApp() {
  const pnpm = process.env.DRAPE_PNPM ?? 'pnpm';
  const res = spawnSync(pnpm, ['--filter', '@drape/web', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (res.status !== 0) throw new Error('the web app did not build');
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const kib = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

interface NetworkItem { url: string; resourceType?: string; transferSize?: number; statusCode?: number; networkRequestTime?: number }

/** The gzipped size of each script (as `vite build` reports it), read from the server uncompressed. */
async function gzipSizes(urls: string[]): Promise<number> {
  let total = 0;
  for (const url of urls) {
    const res = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
    total += zlib.gzipSync(Buffer.from(await res.arrayBuffer()), { level: 9 }).length;
  }
  return total;
}

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

/**
 * A prerendered page's start script names every chunk it loads (apps/web/vite-prerender.ts): those
 * and itself are what the page needs to become the app, what comes later (the landing's data
 * client) not included. Null for a page the server does not send prerendered (to a request with
 * the session cookie, for a signed-in page).
 */
async function hydrationScripts(base: string, pathName: string, sessionToken?: string): Promise<string[] | null> {
  const headers: Record<string, string> = sessionToken ? { cookie: `${SESSION_COOKIE}=${sessionToken}` } : {};
  const html = await (await fetch(`${base}${pathName}`, { headers })).text();
  const start = /<script[^>]*src="([^"]*\/start-[^"]+\.js)"/.exec(html)?.[1];
  if (!start) return null;
  const code = await (await fetch(new URL(start, base))).text();
  return [...new Set([start, ...(code.match(/\/assets\/[\w.-]+\.js/g) ?? [])])].map((u) => new URL(u, base).href);
}

async function figuresOf(page: string, runs: Lhr[], toHydrate: string[] | null): Promise<PageFigures> {
  const score = (lhr: Lhr, id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const perf = runs.map((r) => score(r, 'performance'));
  const kept = runs[perf.indexOf(median(perf))]!;
  const audit = (id: string) => kept.audits[id]?.numericValue ?? NaN;
  const items = ((kept.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ?? [])
    .filter((i) => i.resourceType === 'Script' && i.url.startsWith('http'));
  const failedAudits = Object.values(kept.audits)
    .filter((a) => a.score !== null && a.score < 0.9 && (a.scoreDisplayMode === 'binary' || a.scoreDisplayMode === 'numeric' || a.scoreDisplayMode === 'metricSavings'))
    .map((a) => a.id);
  return {
    page,
    runs: runs.length,
    performance: score(kept, 'performance'),
    accessibility: score(kept, 'accessibility'),
    bestPractices: score(kept, 'best-practices'),
    seo: score(kept, 'seo'),
    fcpMs: Math.round(audit('first-contentful-paint')),
    lcpMs: Math.round(audit('largest-contentful-paint')),
    cls: Math.round(audit('cumulative-layout-shift') * 1000) / 1000,
    tbtMs: Math.round(audit('total-blocking-time')),
    speedIndexMs: Math.round(audit('speed-index')),
    scripts: items.length,
    jsTransferredKiB: kib(items.reduce((s, i) => s + (i.transferSize ?? 0), 0)),
    jsGzipKiB: kib(await gzipSizes(items.map((i) => i.url))),
    jsToHydrateGzipKiB: toHydrate ? kib(await gzipSizes(toHydrate)) : null,
    performanceRuns: perf,
    failedAudits,
  };
}

export interface LighthouseFigures {
  lighthouse: string;
  chromium: string;
  looks: number;
  pages: PageFigures[];
}

/**
 * Runs Lighthouse against a server on `databaseUrl`/`dataDir` (migrated, empty): stocks looks,
 * builds the web app, starts the server, signs a user up for the dashboard run.
 */
export async function benchLighthouse(databaseUrl: string, dataDir: string, runsPerPage = 3, only?: string[]): Promise<LighthouseFigures> {
  const looks = await stockInventory(databaseUrl, dataDir);
  buildWebApp();
  const server = await startProcess('apps/server/src/main.ts', {
    DATABASE_URL: databaseUrl, DATA_DIR: dataDir, LOG_LEVEL: 'warn', PORT: '0', TRUST_PROXY: 'true', ALTCHA_MAX_NUMBER: '1000', ADMIN_KEY: 'b', ADMIN_PASSWORD: 'bench-password',
  }, { listening: true });
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
  try {
    const base = `http://127.0.0.1:${server.port}`;
    const account = await registerAccount(base, 'lh');
    const profile = (await (await fetch(`${base}/api/user/profile`, { headers: { authorization: `Bearer ${account.token}` } })).json()) as { user: unknown };
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
    const version = await browser.version();
    const flags = { port: chrome.port, output: 'json' as const, logLevel: 'error' as const, onlyCategories: [...CATEGORIES] };

    const reports = process.env.LIGHTHOUSE_REPORTS;
    let runNo = 0;
    // LIGHTHOUSE_REPORTS=<dir> also keeps each run's trace (open it in Chromium's Performance panel).
    const kept = (result: Awaited<ReturnType<typeof lighthouse>>, pathName: string): Lhr => {
      if (!result) throw new Error(`lighthouse gave no result for ${pathName}`);
      if (reports) {
        fs.mkdirSync(reports, { recursive: true });
        const trace = (result.artifacts as { Trace?: unknown }).Trace;
        if (trace) fs.writeFileSync(path.join(reports, `${pathName.replace(/\W+/g, '-')}-${++runNo}.trace.json`), JSON.stringify(trace));
      }
      return result.lhr;
    };
    const run = async (pathName: string, signedIn: boolean): Promise<Lhr> => {
      if (!signedIn) return kept(await lighthouse(`${base}${pathName}`, flags), pathName);
      // Signed in as the web app is: the token and user in localStorage, the session cookie. They
      // are set on a page that loads no asset, then the cache is cleared, so the run stays cold.
      const page = await browser.newPage();
      try {
        await page.goto(`${base}/healthz`);
        // The function runs in the page (this program has no DOM types): the web app's storage keys.
        await page.evaluate((prefix: string, token: string, user: string) => {
          const storage = (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage;
          storage.setItem(`${prefix}token`, token);
          storage.setItem(`${prefix}user`, user);
        }, STORAGE_PREFIX, account.token, JSON.stringify(profile.user));
        await browser.setCookie({ name: SESSION_COOKIE, value: account.token, domain: '127.0.0.1', path: '/', httpOnly: true });
        const cdp = await page.createCDPSession();
        await cdp.send('Network.clearBrowserCache');
        // A previous run's service worker and its precache would make this run warm (decision 0032).
        await cdp.send('Storage.clearDataForOrigin', { origin: base, storageTypes: 'service_workers,cache_storage' });
        return kept(await lighthouse(`${base}${pathName}`, { ...flags, disableStorageReset: true }, undefined, page), pathName);
      } finally {
        await page.close();
      }
    };

    const pages: PageFigures[] = [];
    let lighthouseVersion = '';
    const all = [['/', false, 'landing /'], ['/auth', false, '/auth'], ['/dashboard', true, '/dashboard (signed in)']] as const;
    for (const [pathName, signedIn, label] of all.filter(([p]) => !only || only.includes(p))) {
      const runs: Lhr[] = [];
      for (let i = 0; i < runsPerPage; i++) runs.push(await run(pathName, signedIn));
      lighthouseVersion = runs[0]!.lighthouseVersion;
      const figures = await figuresOf(label, runs, await hydrationScripts(base, pathName, signedIn ? account.token : undefined));
      // LIGHTHOUSE_REPORTS=<dir> keeps every run's full report, to see what a figure is made of.
      if (reports) {
        fs.mkdirSync(reports, { recursive: true });
        runs.forEach((lhr, i) => fs.writeFileSync(path.join(reports, `${label.replace(/\W+/g, '-')}-${i + 1}.json`), JSON.stringify(lhr)));
      }
      console.log(`[bench] lighthouse ${label}: performance ${figures.performanceRuns.join(', ')}`);
      pages.push(figures);
    }
    await browser.disconnect();
    return { lighthouse: lighthouseVersion, chromium: version, looks, pages };
  } finally {
    chrome.kill();
    await stopProcess(server.child);
  }
}

export function lighthouseTable(f: LighthouseFigures): string {
  const rows = f.pages.map((p) =>
    `| ${p.page} | **${p.performance}** (${p.performanceRuns.join(', ')}) | ${p.accessibility} | ${p.bestPractices} | ${p.seo} | ${(p.fcpMs / 1000).toFixed(1)} s | ${(p.lcpMs / 1000).toFixed(1)} s | ${p.cls} | ${p.tbtMs} ms | ${p.scripts} | ${p.jsTransferredKiB} KiB | ${p.jsGzipKiB} KiB | ${p.jsToHydrateGzipKiB === null ? 'not prerendered' : `**${p.jsToHydrateGzipKiB} KiB**`} |`);
  return [
    '| page | performance (runs) | accessibility | best practices | SEO | FCP | LCP | CLS | TBT | scripts | JS transferred | JS gzip, all | JS gzip to hydrate |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}

/** Whether this machine can run the benchmark (Debian's Chromium installed). */
export function chromiumPresent(): boolean {
  return fs.existsSync(CHROME_PATH);
}
