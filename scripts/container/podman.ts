import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * podman as `npm run smoke:container` runs it. Its settings are ours, in a file of their own: runc
 * (crun cannot set the open-files limit in the containers of a machine like this one: "setrlimit
 * RLIMIT_NOFILE: Operation not permitted"), the two limits runc needs set, cgroupfs and a file
 * for events (no systemd here). runc works wherever crun does, so the run uses these everywhere.
 */
export const CONTAINERS_CONF = `[containers]
default_ulimits = ["nofile=20000:20000", "nproc=32768:32768"]

[engine]
runtime = "runc"
cgroup_manager = "cgroupfs"
events_logger = "file"
`;

/** The environment of every podman and podman-compose call: our settings file, written in `stateDir`. */
export function podmanEnv(stateDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  fs.mkdirSync(stateDir, { recursive: true });
  const conf = path.join(stateDir, 'containers.conf');
  fs.writeFileSync(conf, CONTAINERS_CONF);
  return { ...process.env, CONTAINERS_CONF: conf, ...extra };
}

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
  ms: number;
}

/**
 * Runs a command to its end; its output is captured (and appended to `logFile` when given), never
 * printed, so that the run's own report stays readable.
 */
export function run(cmd: string, args: string[], opts: { env?: NodeJS.ProcessEnv; cwd?: string; logFile?: string; timeoutMs?: number } = {}): Promise<RunResult> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { env: opts.env ?? process.env, cwd: opts.cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => { stdout += d.toString(); });
    child.stderr.on('data', (d: Buffer) => { stderr += d.toString(); });
    const timer = opts.timeoutMs ? setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs) : null;
    child.on('error', reject);
    child.on('close', (code) => {
      if (timer) clearTimeout(timer);
      if (opts.logFile) fs.appendFileSync(opts.logFile, `$ ${cmd} ${args.join(' ')}\n${stdout}${stderr}\n`);
      resolve({ code: code ?? 1, stdout, stderr, ms: Date.now() - started });
    });
  });
}

/** Like `run`, but a failure throws with the end of what the command said. */
export async function runOk(cmd: string, args: string[], opts: Parameters<typeof run>[2] = {}): Promise<RunResult> {
  const res = await run(cmd, args, opts);
  if (res.code !== 0) {
    const tail = `${res.stdout}${res.stderr}`.trim().split('\n').slice(-25).join('\n');
    throw new Error(`${cmd} ${args.slice(0, 3).join(' ')} failed (exit ${res.code}):\n${tail}`);
  }
  return res;
}
