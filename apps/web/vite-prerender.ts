import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type IndexHtmlTransformContext, type Plugin, type ResolvedConfig } from 'vite';

/**
 * The pages prerendered beside index.html, by path: the server sends each to the requests it is
 * for (apps/server/src/static-apps.ts reads PRERENDERED_MANIFEST): the public entry pages to
 * visitors without a session, as a signed-out visitor sees them; /dashboard, where a sign-in
 * leads, to requests with one, as a signed-in user sees it before their data arrives. Each names
 * the modules whose chunks its start script loads. Only pages whose markup no query parameter
 * changes: /auth (returnUrl and ref change what happens, not what shows on the Sign In tab), not
 * /signup.
 */
const PAGES: { path: string; file: string; signedIn: boolean; modules: string[] }[] = [
  { path: '/', file: 'landing.html', signedIn: false, modules: ['/src/features/landing/landing-page.tsx'] },
  { path: '/auth', file: 'auth.html', signedIn: false, modules: ['/src/features/auth/auth-page.tsx', '/src/lib/data-layer.tsx'] },
  {
    path: '/dashboard',
    file: 'dashboard.html',
    signedIn: true,
    modules: ['/src/features/dashboard/dashboard-page.tsx', '/src/lib/data-layer.tsx', '/src/features/layout/member-nav.tsx', '/src/features/auth/session-monitor.tsx'],
  },
];
const PRERENDERED_MANIFEST = 'prerendered.json';
/** index.html's root, with the static frame the shell paints before the app starts (between the markers). */
const SHELL_ROOT = /<div id="root">(?:<!--frame-->[\s\S]*?<!--\/frame-->)?<\/div>/;

/** The chunk holding React alone (vite.config.ts): a start script evaluates it before the rest. */
export const REACT_CHUNK = 'react';

/** The fonts of the first screen (latin subsets): preloaded, so the first paint rarely needs the fallbacks. */
const FIRST_SCREEN_FONTS = [/^dm-sans-latin-wght-normal-.*\.woff2$/, /^playfair-display-latin-wght-normal-.*\.woff2$/];

type Bundle = NonNullable<IndexHtmlTransformContext['bundle']>;

function fontPreloads(bundle: Bundle, base: string): string {
  return Object.keys(bundle)
    .filter((file) => FIRST_SCREEN_FONTS.some((re) => re.test(path.basename(file))))
    .sort()
    .map((file) => `<link rel="preload" href="${base}${file}" as="font" type="font/woff2" crossorigin>`)
    .join('\n    ');
}

/** The chunk of a module and every chunk it imports statically, in load order. */
function chunkClosure(bundle: Bundle, moduleSuffix: string): string[] {
  const entry = Object.values(bundle).find((c) => c.type === 'chunk' && c.facadeModuleId?.endsWith(moduleSuffix));
  if (!entry || entry.type !== 'chunk') throw new Error(`prerender: no chunk for ${moduleSuffix}`);
  const out = new Set<string>();
  const walk = (file: string) => {
    if (out.has(file)) return;
    const chunk = bundle[file];
    if (chunk?.type !== 'chunk') return;
    for (const dep of chunk.imports) walk(dep);
    out.add(file);
  };
  walk(entry.fileName);
  return [...out];
}

/**
 * Decision 0010: every page's first load (the entry and what it imports statically) carries no
 * zod. Its schemas are built as their module is evaluated, a long task on a phone, and a page that
 * validates nothing has no use for them; a constant imported from a module that also defines
 * schemas brings them along. The build fails rather than let one creep back in.
 */
function assertEntryWithoutSchemas(bundle: Bundle): void {
  const entry = Object.values(bundle).find((c) => c.type === 'chunk' && c.isEntry);
  if (!entry || entry.type !== 'chunk') throw new Error('prerender: no entry chunk');
  const seen = new Set<string>();
  const walk = (file: string) => {
    const chunk = bundle[file];
    if (seen.has(file) || chunk?.type !== 'chunk') return;
    seen.add(file);
    const zod = chunk.moduleIds.find((id) => /[\\/]node_modules[\\/]zod[\\/]/.test(id));
    if (zod) throw new Error(`prerender: the first load (${file}) carries zod (${zod}): import the constant it needs from a module without schemas`);
    chunk.imports.forEach(walk);
  };
  walk(entry.fileName);
}

/**
 * A prerendered page's only script tag. The page is painted from its HTML; the app (fetched, parsed,
 * evaluated, then hydrating) waits until that first paint is on screen (the browser's
 * first-contentful-paint entry; a hidden tab or a browser without paint timing starts at once)
 * instead of competing with it. Then every chunk is asked for (one request per task: each costs
 * the main thread a few milliseconds), and evaluated one chunk per task, React first and the
 * others dependencies first, before the entry starts the app: a phone spends many short tasks
 * rather than a few long ones on the same work, and stays responsive meanwhile.
 */
function startScript(react: string, entry: string, chunks: string[]): { file: string; code: string } {
  const code = [
    `const chunks = ${JSON.stringify([react, ...chunks.filter((c) => c !== react)])};`,
    'const task = () => new Promise((resolve) => setTimeout(resolve, 0));',
    'async function start() {',
    '  for (const href of chunks) {',
    "    document.head.append(Object.assign(document.createElement('link'), { rel: 'modulepreload', href }));",
    '    await task();',
    '  }',
    '  for (const href of chunks) {',
    '    await import(href);',
    '    await task();',
    '  }',
    '}',
    'let started = false;',
    'function go() {',
    '  if (started) return;',
    '  started = true;',
    `  const entry = () => import(${JSON.stringify(entry)});`,
    '  start().then(entry, entry);',
    '}',
    "const painted = () => performance.getEntriesByType('paint').some((e) => e.name === 'first-contentful-paint');",
    "if (document.visibilityState === 'hidden' || typeof PerformanceObserver === 'undefined' || !PerformanceObserver.supportedEntryTypes?.includes('paint') || painted()) go();",
    "else new PerformanceObserver((list, observer) => { if (painted()) { observer.disconnect(); setTimeout(go, 0); } }).observe({ type: 'paint' });",
    '',
  ].join('\n');
  const hash = createHash('sha256').update(code).digest('base64url').slice(0, 8);
  return { file: `assets/start-${hash}.js`, code };
}

/** React 19 puts a page's <title>, <meta> and <link> first in its HTML: they belong in <head>. */
const LEADING_HEAD_TAGS = /^(?:<title>[^<]*<\/title>|<meta [^>]*\/>|<link [^>]*\/>)+/;

/**
 * The first paint of the entry pages needs no script: after the client build, each of PAGES is
 * rendered (signed out, or signed in with no data yet) with react-dom (src/prerender.tsx, built
 * for node on the fly) into a copy of index.html, with its head tags, a root naming the path it
 * was rendered for and whom for (the client hydrates it only there, for them), and a start script
 * in place of the entry (see startScript). Every page preloads the first screen's fonts.
 */
export function prerenderPages(): Plugin {
  let config: ResolvedConfig;
  let bundle: Bundle | undefined;
  return {
    name: 'drape-prerender',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle) return html;
        bundle = ctx.bundle;
        return html.replace('</title>', `</title>\n    ${fontPreloads(ctx.bundle, config.base)}`);
      },
    },
    async writeBundle() {
      const client = bundle;
      if (!client) throw new Error('prerender: the client bundle was not seen');
      assertEntryWithoutSchemas(client);
      const outDir = path.resolve(config.root, config.build.outDir);
      const serverDir = path.join(config.root, 'node_modules', '.cache', 'drape-prerender');
      await build({
        configFile: false,
        root: config.root,
        mode: config.mode,
        logLevel: 'warn',
        publicDir: false,
        plugins: [react()],
        resolve: { dedupe: ['react', 'react-dom'] },
        build: { ssr: 'src/prerender.tsx', outDir: serverDir, emptyOutDir: true, target: 'node20', minify: false },
      });
      // Imported as built, without a cache-busting query: its chunks import it back by its plain URL,
      // and a second instance of it would hold a second auth store, router and tRPC context.
      const { render } = (await import(pathToFileURL(path.join(serverDir, 'prerender.js')).href)) as { render(pathname: string, signedIn: boolean): Promise<string> };
      const index = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
      const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(index);
      if (!entry || !SHELL_ROOT.test(index) || !/<title>[^<]*<\/title>/.test(index)) {
        throw new Error('prerender: index.html lost its entry script, its root or its title');
      }
      const modulePreload = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;
      const entryChunks = [...index.matchAll(modulePreload)].map((m) => m[1]!);
      const reactChunk = Object.values(client).find((c) => c.type === 'chunk' && c.name === REACT_CHUNK);
      if (!reactChunk) throw new Error(`prerender: no ${REACT_CHUNK} chunk`);
      const reactUrl = `${config.base}${reactChunk.fileName}`;
      const manifest: Record<string, { file: string; signedIn: boolean }> = {};
      for (const page of PAGES) {
        const rendered = await render(page.path, page.signedIn);
        // A boundary the server could not finish would make the client render it again.
        if (rendered.includes('<!--$!-->')) throw new Error(`prerender: ${page.path} suspended while rendering: ${rendered.slice(rendered.indexOf('<!--$!-->') - 300, rendered.indexOf('<!--$!-->'))}`);
        const tags = LEADING_HEAD_TAGS.exec(rendered)?.[0] ?? '';
        const body = rendered.slice(tags.length);
        // React takes them over as it hydrates: the same tags, the canonical URL on the same origin (page-meta.tsx).
        const head = tags.replace(/></g, '>\n    <');
        // The screen's own chunks first: the entry's static imports are already on their way with it.
        const chunks = [...page.modules.flatMap((m) => chunkClosure(client, m).map((file) => `${config.base}${file}`)), ...entryChunks]
          .filter((url, i, all) => all.indexOf(url) === i);
        const start = startScript(reactUrl, entry[1]!, chunks);
        fs.writeFileSync(path.join(outDir, start.file), start.code);
        const html = index
          .replace(entry[0], '')
          .replace(modulePreload, '')
          .replace(/<title>[^<]*<\/title>/, head)
          // Low priority: the stylesheet and the fonts come first.
          .replace('</head>', `  <script type="module" crossorigin fetchpriority="low" src="${config.base}${start.file}"></script>\n  </head>`)
          .replace(SHELL_ROOT, `<div id="root" data-prerendered="${page.path}"${page.signedIn ? ' data-signed-in' : ''}>${body}</div>`);
        fs.writeFileSync(path.join(outDir, page.file), html);
        manifest[page.path] = { file: page.file, signedIn: page.signedIn };
      }
      fs.writeFileSync(path.join(outDir, PRERENDERED_MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    },
  };
}
