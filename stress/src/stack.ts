import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@drape/config';
import { embeddedDatabaseUrl, pgCtl } from '@drape/db';

/**
 * The product as an operator runs it: `npm start` (scripts/bootstrap.mjs start) in a fresh
 * DATA_DIR, with its embedded PostgreSQL, its server and its pipeline worker, on a free port. The
 * load and fault runs talk to it over real HTTP and hurt it as an operator would (signals, pg_ctl).
 */
export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export const STACK_ADMIN = { adminKey: 'stress-admin', password: 'stress-admin-password' };

export interface Stack {
  url: string;
  port: number;
  dataDir: string;
  /** The embedded cluster's folder (inside DATA_DIR, or the stand-in the launcher chose as root). */
  clusterDir(): string;
  /** The current pid of the server or the pipeline child of `npm start` (null while none runs). */
  pid(role: 'server' | 'pipeline'): number | null;
  /** Every line `npm start` and its children printed so far. */
  output: string[];
  /** Resolves when a printed line matches, or rejects after the timeout. */
  waitForLine(pattern: RegExp, timeoutMs?: number): Promise<string>;
  /** Ctrl-C, as an operator stops it; resolves with the exit code. */
  stop(): Promise<number | null>;
  /** `pg_ctl <args>` on the stack's cluster, as an operator types it (restart, stop, start...). */
  pgCtl(args: string[]): { status: number | null; output: string };
  /** The embedded cluster's address while it runs (for checks made beside the product). */
  databaseUrl(): string;
}

export interface StackOptions {
  env?: Record<string, string>;
  /** Echo the stack's output to this process's stdout. */
  echo?: boolean;
  timeoutMs?: number;
  /** Called with the fresh DATA_DIR before `npm start` (e.g. to put its media folder on a small disk). */
  prepare?: (dataDir: string) => void;
  /** Called once `npm start` has stopped, before DATA_DIR is removed (to undo `prepare`). */
  cleanup?: (dataDir: string) => void;
}

/** The processes below a pid, with their command lines (read from /proc). */
function descendants(pid: number): { pid: number; cmd: string }[] {
  const children = new Map<number, number[]>();
  const cmds = new Map<number, string>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const list = children.get(ppid) ?? [];
      list.push(Number(entry));
      children.set(ppid, list);
      cmds.set(Number(entry), fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' '));
    } catch {
      /* gone meanwhile */
    }
  }
  const out: { pid: number; cmd: string }[] = [];
  const walk = (p: number) => {
    for (const c of children.get(p) ?? []) {
      out.push({ pid: c, cmd: cmds.get(c) ?? '' });
      walk(c);
    }
  };
  walk(pid);
  return out;
}

export async function startStack(opts: StackOptions = {}): Promise<Stack> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'drape-stress-'));
  fs.chmodSync(dataDir, 0o755);
  opts.prepare?.(dataDir);
  const port = await freePort();
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    // Each virtual user names its own documentation address in X-Forwarded-For.
    TRUST_PROXY: '127.0.0.1',
    ADMIN_KEY: STACK_ADMIN.adminKey,
    ADMIN_PASSWORD: STACK_ADMIN.password,
    // What the runs wait for (a worker running, the starter set, an outage's end) is logged at info.
    LOG_LEVEL: 'info',
    ...opts.env,
  };
  const child: ChildProcess = spawn(process.execPath, [path.join(root, 'scripts', 'bootstrap.mjs'), 'start'], {
    cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true,
  });
  const output: string[] = [];
  const waiters: { pattern: RegExp; resolve: (line: string) => void }[] = [];
  const onData = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) {
      if (!line) continue;
      output.push(line);
      if (opts.echo) process.stdout.write(`[stack] ${line}\n`);
      // A copy: a matched waiter is removed while the loop runs.
      for (const w of waiters.slice()) {
        if (w.pattern.test(line)) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve(line);
        }
      }
    }
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const waitForLine = (pattern: RegExp, timeoutMs = 60_000) => {
    const seen = output.find((l) => pattern.test(l));
    if (seen) return Promise.resolve(seen);
    return new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no line matching ${pattern} within ${timeoutMs} ms; last lines:\n${output.slice(-20).join('\n')}`)), timeoutMs);
      waiters.push({ pattern, resolve: (line) => { clearTimeout(timer); resolve(line); } });
    });
  };

  const stack: Stack = {
    url: `http://127.0.0.1:${port}`,
    port,
    dataDir,
    clusterDir() {
      const moved = path.join(dataDir, 'POSTGRES_LOCATION');
      return fs.existsSync(moved) ? fs.readFileSync(moved, 'utf8').trim() : path.join(dataDir, 'postgres');
    },
    pid(role) {
      const entry = role === 'server' ? 'apps/server/src/main.ts' : 'pipeline/src/main.ts';
      return descendants(child.pid!).find((p) => p.cmd.includes(entry) && !p.cmd.includes('bootstrap'))?.pid ?? null;
    },
    output,
    waitForLine,
    async stop() {
      if (child.exitCode !== null) return child.exitCode;
      child.kill('SIGINT');
      const timer = setTimeout(() => {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {
          /* gone */
        }
      }, 30_000);
      const code = await exited;
      clearTimeout(timer);
      opts.cleanup?.(dataDir);
      fs.rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
    pgCtl(args) {
      return pgCtl(stack.clusterDir(), args);
    },
    databaseUrl() {
      const url = embeddedDatabaseUrl(dataDir);
      if (!url) throw new Error('the stack\'s PostgreSQL is not running');
      return url;
    },
  };
  try {
    await waitForLine(/Press Ctrl-C to stop/, opts.timeoutMs ?? 300_000);
  } catch (err) {
    await stack.stop();
    throw err;
  }
  return stack;
}
