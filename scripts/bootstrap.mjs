#!/usr/bin/env node
// The one entry of `npm start`, `npm test`, `npm run bench|drape|typecheck|lint|smoke:container` on
// a fresh clone: installs what is missing (pnpm, the dependencies, Chromium for the browser tests,
// podman for the container smoke run), then runs the command. Plain Node with no dependencies,
// because nothing else is installed yet.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PNPM_VERSION = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).packageManager.split('@')[1];
const [command = 'start', ...args] = process.argv.slice(2);
/** The supported LTS line (docs/decisions/0001-workspace-and-runtime.md) and the release fetched where the machine's Node is older. */
const NODE_MAJOR = 24;
const NODE_RUNTIME = '24.21.0';

function say(line) {
  process.stdout.write(`[drape] ${line}\n`);
}

function run(cmd, argv, opts = {}) {
  const res = spawnSync(cmd, argv, { stdio: 'inherit', cwd: root, ...opts });
  if (res.status !== 0) {
    say(`failed: ${cmd} ${argv.join(' ')}`);
    process.exit(res.status ?? 1);
  }
}

/**
 * The Node that runs every process (server, pipeline, CLI, tests, builds): the machine's when it is
 * of the supported LTS line or newer, else the official binary of the pinned LTS release, which
 * the npm registry serves as the package node-<platform>-<arch>, fetched once into .tools/. Its
 * folder goes first on PATH, so pnpm, tsx, Vitest and every child process run on it.
 */
function runtime() {
  const major = Number(process.versions.node.split('.')[0]);
  if (major >= NODE_MAJOR) return path.dirname(process.execPath);
  const pkg = `node-${process.platform}-${process.arch}`;
  const prefix = path.join(root, '.tools', `node-${NODE_RUNTIME}`);
  const binDir = path.join(prefix, 'node_modules', pkg, 'bin');
  if (!fs.existsSync(path.join(binDir, 'node'))) {
    say(`installing Node ${NODE_RUNTIME} (LTS) into .tools/: this machine's Node ${process.version} is past its end of life`);
    run('npm', ['install', '--no-save', '--no-audit', '--no-fund', '--no-package-lock', '--prefix', prefix, `${pkg}@${NODE_RUNTIME}`]);
  }
  return binDir;
}

/** pnpm of the pinned version: on PATH if it matches, else a private copy under .tools/. */
function pnpm() {
  const onPath = spawnSync('pnpm', ['--version'], { encoding: 'utf8' });
  if (onPath.status === 0 && onPath.stdout.trim() === PNPM_VERSION) return 'pnpm';
  const local = path.join(root, '.tools', 'node_modules', '.bin', 'pnpm');
  if (fs.existsSync(local)) return local;
  say(`installing pnpm ${PNPM_VERSION} into .tools/`);
  run('npm', ['install', '--no-save', '--no-audit', '--no-fund', '--prefix', path.join(root, '.tools'), `pnpm@${PNPM_VERSION}`]);
  return local;
}

/** Installs the dependencies when node_modules is absent or older than the lockfile. */
function dependencies(pnpmBin) {
  const marker = path.join(root, 'node_modules', '.modules.yaml');
  const lock = path.join(root, 'pnpm-lock.yaml');
  const fresh = fs.existsSync(marker) && fs.statSync(marker).mtimeMs >= fs.statSync(lock).mtimeMs;
  if (fresh) return;
  say('installing dependencies');
  run(pnpmBin, ['install', '--frozen-lockfile', '--reporter=append-only'], { env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' } });
  fs.utimesSync(marker, new Date(), new Date());
}

/** Debian's Chromium for the browser tests (never a downloaded browser build). */
function chromium() {
  if (fs.existsSync('/usr/bin/chromium') || process.env.CHROMIUM_PATH) return;
  if (process.getuid?.() !== 0) {
    say('Chromium is missing: run `sudo apt-get install -y chromium` (browser tests need /usr/bin/chromium)');
    process.exit(1);
  }
  say('installing chromium from Debian packages');
  run('apt-get', ['update', '-qq']);
  run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'chromium', 'fonts-dejavu-core'], { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
}

/** podman and compose for `npm run smoke:container` (and mmdebstrap, to make a base image where no registry answers). */
function containerTools() {
  const needed = [['podman', 'podman'], ['runc', 'runc'], ['podman-compose', 'podman-compose'], ['mmdebstrap', 'mmdebstrap']]
    .filter(([bin]) => spawnSync('sh', ['-c', `command -v ${bin}`]).status !== 0)
    .map(([, pkg]) => pkg);
  if (needed.length === 0) return;
  if (process.getuid?.() !== 0) {
    say(`missing ${needed.join(', ')}: run \`sudo apt-get install -y ${needed.join(' ')}\``);
    process.exit(1);
  }
  say(`installing ${needed.join(', ')} from Debian packages`);
  run('apt-get', ['update', '-qq']);
  run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...needed], { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
}

const ENTRIES = {
  start: ['tsx', 'scripts/start.ts'],
  test: ['tsx', 'scripts/test.ts'],
  bench: ['tsx', 'bench/run.ts'],
  stress: ['tsx', 'stress/src/run.ts'],
  'smoke:container': ['tsx', 'scripts/smoke-container.ts'],
  drape: ['tsx', 'pipeline/src/cli.ts'],
  typecheck: ['tsc', '-b'],
  lint: ['oxlint', '-c', 'oxlint.config.mjs', '--deny-warnings', 'apps', 'packages', 'pipeline', 'scripts', 'bench', 'stress', 'e2e'],
};

const entry = ENTRIES[command];
if (!entry) {
  say(`unknown command ${command}; one of ${Object.keys(ENTRIES).join(', ')}`);
  process.exit(2);
}
process.env.PATH = `${runtime()}${path.delimiter}${process.env.PATH ?? ''}`;
const pnpmBin = pnpm();
dependencies(pnpmBin);
if (command === 'test') chromium();
if (command === 'smoke:container') containerTools();

const bin = path.join(root, 'node_modules', '.bin', entry[0]);
const child = spawn(bin, [...entry.slice(1), ...args], { stdio: 'inherit', cwd: root, env: { ...process.env, DRAPE_PNPM: pnpmBin } });
// Ctrl-C reaches the child through the terminal's process group; we wait for it to finish cleanly.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal === 'SIGINT' ? 'SIGINT' : signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
