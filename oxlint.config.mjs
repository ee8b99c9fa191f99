// The project's lint rules (docs/decisions/0008-boundaries.md). Most are oxlint's own; the
// boundary between web features comes from eslint-plugin-import-x's `no-restricted-paths`, run as
// an oxlint JS plugin, with one zone per feature folder read from disk, so a new feature is
// covered without touching this file.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'oxlint';

const root = path.dirname(fileURLToPath(import.meta.url));
const webSrc = './apps/web/src';
const adminSrc = './apps/admin/src';
const featuresOf = (src) => {
  const dir = path.join(root, src, 'features');
  return fs.existsSync(dir) ? fs.readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name) : [];
};
const features = featuresOf(webSrc);
/** The faces each workspace package declares in its manifest's `exports` (besides its index). */
const declaredFaces = ['packages', '.'].flatMap((top) => {
  const dirs = top === '.' ? ['stress'] : fs.readdirSync(path.join(root, top)).map((d) => path.join(top, d));
  return dirs.flatMap((dir) => {
    const manifest = path.join(root, dir, 'package.json');
    if (!fs.existsSync(manifest)) return [];
    const { name, exports } = JSON.parse(fs.readFileSync(manifest, 'utf8'));
    return typeof exports === 'object' ? Object.keys(exports).filter((k) => k !== '.').map((k) => `!${name}/${k.slice(2)}`) : [];
  });
});
const adminFeatures = featuresOf(adminSrc);

/** Packages that run on the server: the browser apps may import their types, never their code. */
const SERVER_PACKAGES = ['looks', 'api', 'auth', 'config', 'db', 'jobs', 'log', 'operations', 'pipeline', 'server', 'storage', 'atelier'];

const zones = [
  // A feature uses lib/ and components/, never another feature.
  ...features.map((f) => ({
    target: `${webSrc}/features/${f}`,
    from: `${webSrc}/features`,
    except: [`./${f}`],
    message: 'A web feature imports from lib/ and components/, never from another feature: move what both need to lib/ or components/.',
  })),
  // Shared pieces sit below the features and the app shell.
  ...['lib', 'components'].flatMap((shared) =>
    ['features', 'app'].map((upper) => ({
      target: `${webSrc}/${shared}`,
      from: `${webSrc}/${upper}`,
      message: `${shared}/ is shared by every feature: it cannot import from ${upper}/.`,
    })),
  ),
  // The admin app: the same rule between its features (one per screen of the side menu).
  ...adminFeatures.map((f) => ({
    target: `${adminSrc}/features/${f}`,
    from: `${adminSrc}/features`,
    except: [`./${f}`],
    message: 'An admin feature imports from lib/ and components/, never from another feature: move what both need to lib/ or components/.',
  })),
  // ...and lib/ and components/ below the features, the pages and the shell.
  ...['lib', 'components'].flatMap((shared) =>
    ['features', 'pages', 'shell'].map((upper) => ({
      target: `${adminSrc}/${shared}`,
      from: `${adminSrc}/${upper}`,
      message: `${shared}/ is shared: it cannot import from ${upper}/.`,
    })),
  ),
];

export default defineConfig({
  jsPlugins: [{ name: 'boundaries', specifier: 'eslint-plugin-import-x' }],
  settings: { 'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } } },
  ignorePatterns: ['**/node_modules/**', '**/dist/**', 'bench/results/**'],
  rules: {
    'unicorn/filename-case': ['error', { case: 'kebabCase' }],
    // With verbatimModuleSyntax an import keeps exactly what it says: a type-only import must say
    // `import type`, or the module would load at run time (a server package in the browser bundle).
    'typescript/consistent-type-imports': ['error', { prefer: 'type-imports', fixStyle: 'inline-type-imports' }],
    'typescript/no-import-type-side-effects': 'error',
    'no-restricted-imports': ['error', {
      // gitignore-style: every deep path, except the faces packages declare.
      patterns: [{
        group: ['@drape/*/**', ...declaredFaces],
        message: 'A package is entered through its index (or a face it declares), never its files.',
      }],
    }],
  },
  overrides: [
    {
      files: ['apps/web/**', 'apps/admin/**'],
      rules: {
        'no-restricted-imports': ['error', {
          paths: SERVER_PACKAGES.map((name) => ({
            name: `@drape/${name}`,
            allowTypeImports: true,
            message: 'The browser apps use server packages as types only (import type).',
          })),
          patterns: [{
            // the faces of the browser's packages; server packages' faces stay out
            group: ['@drape/*/**', ...declaredFaces.filter((face) => !SERVER_PACKAGES.some((name) => face.startsWith(`!@drape/${name}/`)))],
            message: 'A package is entered through its index (or a face it declares), never its files.',
          }],
        }],
      },
    },
    {
      files: ['apps/web/src/**', 'apps/admin/src/**'],
      rules: { 'boundaries/no-restricted-paths': ['error', { zones }] },
    },
    {
      // React's rules of hooks (a hook called conditionally breaks the next render) and the
      // dependencies an effect, memo or callback reads (a missing one runs on stale values).
      files: ['apps/web/src/**', 'apps/admin/src/**', 'packages/ui/src/**'],
      plugins: ['typescript', 'unicorn', 'oxc', 'react'],
      rules: {
        'react/rules-of-hooks': 'error',
        'react/exhaustive-deps': 'error',
        // The plugin's React Compiler lints come with it; the apps are not built with the compiler,
        // and what they flag (a reset on navigation, a callback ref read in a handler) is
        // deliberate: off until the compiler is adopted.
        'react/set-state-in-effect': 'off',
        'react/refs': 'off',
        'react/immutability': 'off',
      },
    },
    {
      // Browser code runs without node. Its tsconfig has no node types, but the server packages'
      // declarations (read through the API's router type) bring them in transitively: these rules
      // keep node's modules and globals out regardless.
      files: ['apps/web/src/**', 'apps/admin/src/**', 'packages/ui/src/**', 'packages/client/src/**'],
      plugins: ['typescript', 'unicorn', 'oxc', 'import'],
      rules: {
        'import/no-nodejs-modules': 'error',
        'no-restricted-globals': ['error', ...['process', 'Buffer', 'global', '__dirname', '__filename', 'require', 'module', 'setImmediate', 'clearImmediate'].map((name) => ({
          name, message: 'Browser code runs without node: use the browser API (import.meta.env, Uint8Array, globalThis...).',
        }))],
      },
    },
  ],
});
