import autocannon from 'autocannon';
import { randomIp, registerAccount, startProcess, stopProcess } from './processes';

/**
 * Accounts benchmark (issue 2): login and sessions-list latency and throughput through the real
 * server, and the cost of the REST table and of the tRPC HTTP adapter relative to a bare Fastify
 * route, all measured in one sitting so that the ratios compare like with like.
 */
export interface LoadFigures {
  name: string;
  connections: number;
  seconds: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
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
  }, { listening: true, stdout: 'inherit' });
  const bare = await startProcess('bench/bare-fastify.ts', {}, { listening: true });
  const base = `http://127.0.0.1:${server.port}`;
  try {
    const account = await registerAccount(base, 'login');
    // The sessions list is read by a user with three devices, not by the login run's account.
    const lister = await registerAccount(base, 'lister');
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
    // What the apps send: httpBatchLink batches even a single call.
    figures.push(await load('tRPC GET /trpc/meta.version?batch=1', { url: `${base}/trpc/meta.version?batch=1&input=%7B%7D` }, 50, seconds));
    return figures;
  } finally {
    await stopProcess(server.child);
    await stopProcess(bare.child);
  }
}
