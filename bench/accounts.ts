import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { solveChallenge } from 'altcha-lib/v1';

/**
 * Accounts benchmark (issue 2): login and sessions-list latency and throughput through the real
 * server, and the cost of the REST table and of the tRPC HTTP adapter relative to a bare Fastify
 * route, all measured in one sitting so that the ratios compare like with like.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');

export interface LoadFigures {
  name: string;
  connections: number;
  seconds: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
}

function startProcess(entry: string, env: Record<string, string>): Promise<{ child: ChildProcess; port: number }> {
  const child = fork(path.join(root, entry), [], { env: { ...process.env, ...env }, execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    child.on('message', (m: { type?: string; port?: number }) => m?.type === 'listening' && resolve({ child, port: m.port! }));
    child.once('exit', (code) => reject(new Error(`${entry} exited (${code})`)));
  });
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

function randomIp(): string {
  const b = () => Math.floor(Math.random() * 254) + 1;
  return `10.${b()}.${b()}.${b()}`;
}

async function register(base: string, tag: string) {
  const c = (await (await fetch(`${base}/api/auth/bot-check`)).json()) as { challenge: string; salt: string; algorithm: string; signature: string; maxnumber: number };
  const solution = await solveChallenge(c.challenge, c.salt, c.algorithm, c.maxnumber).promise;
  const turnstileToken = Buffer.from(JSON.stringify({ ...c, number: solution?.number })).toString('base64');
  const stamp = `${tag}${Date.now() % 1e8}`;
  const account = { email: `${stamp}@example.com`, password: 'bench password 1', username: stamp, firstName: 'Bench', lastName: 'Mark', turnstileToken };
  const reg = await fetch(`${base}/api/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': randomIp() }, body: JSON.stringify(account) });
  if (reg.status !== 201) throw new Error(`bench register failed: ${reg.status} ${await reg.text()}`);
  const { token } = (await reg.json()) as { token: string };
  return { ...account, token };
}

async function load(name: string, opts: autocannon.Options, connections: number, seconds: number): Promise<LoadFigures> {
  const result = await autocannon({ ...opts, connections, duration: seconds });
  return {
    name,
    connections,
    seconds,
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
  };
}

export async function benchAccounts(databaseUrl: string, seconds: number): Promise<LoadFigures[]> {
  const server = await startProcess('apps/server/src/main.ts', {
    DATABASE_URL: databaseUrl, PORT: '0', LOG_LEVEL: 'warn', TRUST_PROXY: 'true', ALTCHA_MAX_NUMBER: '1000',
    ADMIN_KEY: 'bench', ADMIN_PASSWORD: 'bench-password',
  });
  const bare = await startProcess('bench/bare-fastify.ts', {});
  const base = `http://127.0.0.1:${server.port}`;
  try {
    const account = await register(base, 'login');
    // The sessions list is read by a user with three devices, not by the login run's account.
    const lister = await register(base, 'lister');
    for (let i = 0; i < 2; i++) {
      await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': randomIp() }, body: JSON.stringify({ email: lister.email, password: lister.password }) });
    }
    const token = lister.token;
    const loginBody = JSON.stringify({ email: account.email, password: account.password });
    const figures: LoadFigures[] = [];
    // Login spends an argon2id verification (~15 ms of CPU) by design; each request comes from
    // its own address so that the per-address limit measures its cost without refusing the load.
    figures.push(await load('POST /api/auth/login', {
      url: base,
      requests: [{ method: 'POST', path: '/api/auth/login', body: loginBody, setupRequest: (req) => ({ ...req, headers: { ...req.headers, 'content-type': 'application/json', 'x-forwarded-for': randomIp() } }) }],
    }, 10, seconds));
    figures.push(await load('GET /api/auth/sessions', { url: `${base}/api/auth/sessions`, headers: { authorization: `Bearer ${token}` } }, 50, seconds));
    figures.push(await load('bare Fastify GET', { url: `http://127.0.0.1:${bare.port}/ping` }, 50, seconds));
    figures.push(await load('REST GET /api/version', { url: `${base}/api/version` }, 50, seconds));
    figures.push(await load('tRPC GET /trpc/meta.version', { url: `${base}/trpc/meta.version` }, 50, seconds));
    return figures;
  } finally {
    await stop(server.child);
    await stop(bare.child);
  }
}
