import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type IndexHtmlTransformContext, type Plugin, type ResolvedConfig } from 'vite';

/** The prerendered landing beside index.html; the server sends it at / to visitors without a session. */
export const LANDING_HTML = 'landing.html';

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
 * The landing's only script tag. The page is painted from its HTML; the app (fetched, parsed,
 * evaluated, then hydrating) waits until that first paint is on screen instead of delaying it, and
 * then asks for all its chunks at once rather than one import after another.
 */
function startScript(entry: string, chunks: string[]): { file: string; code: string } {
  const code = [
    `const chunks = ${JSON.stringify(chunks)};`,
    'function start() {',
    "  for (const href of chunks) document.head.append(Object.assign(document.createElement('link'), { rel: 'modulepreload', href }));",
    `  import(${JSON.stringify(entry)});`,
    '}',
    "if (document.visibilityState === 'hidden') start();",
    'else requestAnimationFrame(() => setTimeout(start, 0));',
    '',
  ].join('\n');
  const hash = createHash('sha256').update(code).digest('base64url').slice(0, 8);
  return { file: `assets/landing-start-${hash}.js`, code };
}

/** React 19 puts a page's <title>, <meta> and <link> first in its HTML: they belong in <head>. */
const LEADING_HEAD_TAGS = /^(?:<title>[^<]*<\/title>|<meta [^>]*\/>|<link [^>]*\/>)+/;

/**
 * The landing's first paint needs no script: after the client build, the signed-out landing is
 * rendered with react-dom/server (src/prerender.tsx, built for node on the fly) into a copy of
 * index.html, with its head tags, a `data-prerendered` root the client hydrates, and a start
 * script in place of the entry (see startScript). Both pages preload the first screen's fonts.
 */
export function prerenderLanding(): Plugin {
  let config: ResolvedConfig;
  let bundle: Bundle | undefined;
  return {
    name: 'drape-prerender-landing',
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
      if (!bundle) throw new Error('prerender: the client bundle was not seen');
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
      const { render } = (await import(`${pathToFileURL(path.join(serverDir, 'prerender.js')).href}?${Date.now()}`)) as { render(pathname: string): Promise<string> };
      const rendered = await render('/');
      const tags = LEADING_HEAD_TAGS.exec(rendered)?.[0] ?? '';
      const body = rendered.slice(tags.length);
      // Marked: the client drops them before hydrating and React puts its own (main.tsx).
      const head = tags.replace(/<(title|meta|link) /g, '<$1 data-prerendered ').replace(/<title>/g, '<title data-prerendered>').replace(/></g, '>\n    <');
      const index = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
      const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(index);
      if (!entry || !index.includes('<div id="root"></div>') || !/<title>[^<]*<\/title>/.test(index)) {
        throw new Error('prerender: index.html lost its entry script, its root or its title');
      }
      const modulePreload = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;
      const chunks = [
        ...[...index.matchAll(modulePreload)].map((m) => m[1]!),
        ...chunkClosure(bundle, '/src/features/landing/landing-page.tsx').map((file) => `${config.base}${file}`),
      ].filter((url, i, all) => all.indexOf(url) === i);
      const start = startScript(entry[1]!, chunks);
      fs.writeFileSync(path.join(outDir, start.file), start.code);
      const landing = index
        .replace(entry[0], '')
        .replace(modulePreload, '')
        .replace(/<title>[^<]*<\/title>/, head)
        // Low priority: the stylesheet and the fonts come first.
        .replace('</head>', `  <script type="module" crossorigin fetchpriority="low" src="${config.base}${start.file}"></script>\n  </head>`)
        .replace('<div id="root"></div>', `<div id="root" data-prerendered>${body}</div>`);
      fs.writeFileSync(path.join(outDir, LANDING_HTML), landing);
    },
  };
}
