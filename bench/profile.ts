import autocannon from 'autocannon';
import { registerAccount, startProcess, stopProcess } from './processes';

/**
 * Profile benchmark (issue 17): GET /api/user/profile through the real server beside its naive
 * floor (bench/bare-profile.ts: a bare Fastify route with node-pg running the SQL the route ran
 * before issue 17), on one database, in one sitting. Both answer the same account's profile under
 * 50 connections, in rounds whose order rotates (this shared machine drifts within minutes); the
 * median of the rounds, and the product's as a ratio to the floor.
 */
export interface ProfileRow {
  name: string;
  connections: number;
  rounds: number[];
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
}

export interface ProfileFigures {
  rows: ProfileRow[];
  seconds: number;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

export async function benchProfile(databaseUrl: string, seconds: number, rounds = 3): Promise<ProfileFigures> {
  const server = await startProcess('apps/server/src/main.ts', {
    DATABASE_URL: databaseUrl, PORT: '0', LOG_LEVEL: 'warn', TRUST_PROXY: 'true', ALTCHA_MAX_NUMBER: '1000',
    ADMIN_KEY: 'bench', ADMIN_PASSWORD: 'bench-password',
  }, { listening: true, stdout: 'ignore' });
  const floor = await startProcess('bench/bare-profile.ts', { DATABASE_URL: databaseUrl }, { listening: true });
  try {
    const base = `http://127.0.0.1:${server.port}`;
    const account = await registerAccount(base, 'profile');
    const headers = { authorization: `Bearer ${account.token}` };
    const targets = [
      { name: 'naive floor: bare Fastify + node-pg, GET /api/user/profile', url: `http://127.0.0.1:${floor.port}/api/user/profile` },
      { name: 'REST GET /api/user/profile', url: `${base}/api/user/profile` },
      { name: 'tRPC GET /trpc/user.profile?batch=1', url: `${base}/trpc/user.profile?batch=1&input=%7B%7D` },
    ];
    // Both answer the same JSON: a floor that answered less would not be a floor.
    const [fromFloor, fromProduct] = await Promise.all(targets.slice(0, 2).map(async (t) => (await fetch(t.url, { headers })).json()));
    if (JSON.stringify(fromFloor) !== JSON.stringify(fromProduct)) {
      throw new Error(`the floor and the product answer differently:\n${JSON.stringify(fromFloor)}\n${JSON.stringify(fromProduct)}`);
    }
    const results = new Map(targets.map((t) => [t.name, [] as autocannon.Result[]]));
    for (const t of targets) await autocannon({ url: t.url, headers, connections: 50, duration: 2 });
    for (let r = 0; r < rounds; r++) {
      for (let i = 0; i < targets.length; i++) {
        const t = targets[(i + r) % targets.length]!;
        console.log(`[bench] profile round ${r + 1}/${rounds}: ${t.name}`);
        results.get(t.name)!.push(await autocannon({ url: t.url, headers, connections: 50, duration: seconds }));
      }
    }
    const rows = targets.map((t): ProfileRow => {
      const rs = results.get(t.name)!;
      return {
        name: t.name,
        connections: 50,
        rounds: rs.map((x) => Math.round(x.requests.average)),
        requestsPerSecond: Math.round(median(rs.map((x) => x.requests.average))),
        p50Ms: median(rs.map((x) => x.latency.p50)),
        p99Ms: median(rs.map((x) => x.latency.p99)),
        non2xx: rs.reduce((sum, x) => sum + x.non2xx, 0),
      };
    });
    return { rows, seconds };
  } finally {
    await Promise.all([stopProcess(server.child), stopProcess(floor.child)]);
  }
}

export function profileTable(f: ProfileFigures): string {
  const floor = f.rows[0]!;
  const rows = f.rows.map((r) => {
    const ratio = r === floor ? '' : ` (${(r.requestsPerSecond / floor.requestsPerSecond).toFixed(2)}x floor)`;
    return `| ${r.name} | ${r.connections} | ${r.requestsPerSecond}${ratio} | ${r.rounds.join(', ')} | ${r.p50Ms} | ${r.p99Ms} | ${r.non2xx} |`;
  });
  return ['| path | connections | requests/s (median) | each round | p50 ms | p99 ms | non-2xx |', '|---|---|---|---|---|---|---|', ...rows].join('\n');
}
