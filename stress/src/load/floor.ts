import { fork } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';
import { root } from '../stack';
import { probeAddress } from './addresses';

/**
 * The floor of a sitting: the bare Fastify route of bench/bare-fastify.ts (a small JSON answer, no
 * hooks, no database) under the same connections on the same machine, measured in the same run as
 * the journey, so the journey's requests/s is read as a ratio of it rather than as a raw number
 * that drifts 2-3x between days here.
 */
export interface Floor {
  connections: number;
  seconds: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
}

export async function measureFloor(connections: number, seconds: number): Promise<Floor> {
  const child = fork(path.join(root, 'bench', 'bare-fastify.ts'), [], { cwd: root, execArgv: ['--import', 'tsx'], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  try {
    const port = await new Promise<number>((resolve, reject) => {
      child.on('message', (m: { type?: string; port?: number }) => m?.type === 'listening' && resolve(m.port!));
      child.once('exit', (code) => reject(new Error(`the bare Fastify route exited (${code})`)));
    });
    const r = await autocannon({ url: `http://127.0.0.1:${port}/ping`, connections, duration: seconds });
    return { connections, seconds, requestsPerSecond: Math.round(r.requests.average), p50Ms: r.latency.p50, p99Ms: r.latency.p99, non2xx: r.non2xx };
  } finally {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  }
}

/**
 * The sign-in's own ceiling in the same sitting: one account signing in again and again, one at a
 * time, each from a fresh documentation /64 (the per-address limit is not what is measured). A
 * sign-in is an argon2 check by design, so this is what the machine gives sign-ins with nothing
 * else running; the run's sign-ins share it with every other call.
 */
export async function measureSignIn(base: string, account: { email: string; password: string }, seconds: number): Promise<{ perSecond: number; p50Ms: number; non2xx: number }> {
  let n = 0;
  const body = JSON.stringify({ email: account.email, password: account.password });
  const r = await autocannon({
    url: base, connections: 1, duration: seconds,
    requests: [{
      method: 'POST', path: '/api/auth/login',
      setupRequest: (req) => ({ ...req, body, headers: { 'content-type': 'application/json', 'x-forwarded-for': probeAddress(n++) } }),
    }],
  });
  return { perSecond: Math.round(r.requests.average * 10) / 10, p50Ms: r.latency.p50, non2xx: r.non2xx };
}
