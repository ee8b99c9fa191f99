import fs from 'node:fs';
import autocannon from 'autocannon';
import { startProcess, stopProcess } from './processes';

/**
 * Metrics benchmark (issue 16): what the request timing behind /metrics costs the REST floor. The
 * same server with METRICS on and off and the bare Fastify route, in one sitting, in rounds whose
 * order rotates (this shared machine drifts within minutes); the median of each over the rounds,
 * as a ratio to the bare route; and the CPU time the serving process spent per request (from
 * /proc), which a busy machine disturbs far less than throughput. Then the time of a scrape itself.
 */
export interface MetricsRow {
  name: string;
  connections: number;
  /** Requests/s of each round, in the order run. */
  rounds: number[];
  requestsPerSecond: number;
  /** CPU time of the serving process per request (µs), each round, and their median. */
  cpuUsRounds: number[];
  cpuUsPerRequest: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
}

export interface MetricsFigures {
  rows: MetricsRow[];
  seconds: number;
  /** One GET /metrics at a time, after the load (the fleet's figures read from the database, cached 5 s). */
  scrape: { requests: number; p50Ms: number; p99Ms: number; bytes: number };
}

/** CPU time (user + system) a process has used, in ms, from /proc (clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

export async function benchMetrics(databaseUrl: string, seconds: number, rounds = 5): Promise<MetricsFigures> {
  const env = { DATABASE_URL: databaseUrl, PORT: '0', LOG_LEVEL: 'warn', ADMIN_KEY: 'bench', ADMIN_PASSWORD: 'bench-password' };
  const on = await startProcess('apps/server/src/main.ts', { ...env, METRICS: 'on' }, { listening: true, stdout: 'ignore' });
  const off = await startProcess('apps/server/src/main.ts', { ...env, METRICS: 'off' }, { listening: true, stdout: 'ignore' });
  const bare = await startProcess('bench/bare-fastify.ts', {}, { listening: true });
  const targets = [
    { name: 'bare Fastify GET', url: `http://127.0.0.1:${bare.port}/ping`, pid: bare.child.pid! },
    { name: 'REST GET /api/version, METRICS=off', url: `http://127.0.0.1:${off.port}/api/version`, pid: off.child.pid! },
    { name: 'REST GET /api/version, METRICS=on', url: `http://127.0.0.1:${on.port}/api/version`, pid: on.child.pid! },
  ];
  const results = new Map(targets.map((t) => [t.name, [] as { result: autocannon.Result; cpuUs: number }[]]));
  try {
    // A warm-up for each, unrecorded: the first seconds of a process are JIT compilation.
    for (const t of targets) await autocannon({ url: t.url, connections: 50, duration: 2 });
    for (let r = 0; r < rounds; r++) {
      for (let i = 0; i < targets.length; i++) {
        const t = targets[(i + r) % targets.length]!;
        console.log(`[bench] metrics round ${r + 1}/${rounds}: ${t.name}`);
        const before = cpuMs(t.pid);
        const result = await autocannon({ url: t.url, connections: 50, duration: seconds });
        results.get(t.name)!.push({ result, cpuUs: ((cpuMs(t.pid) - before) * 1000) / Math.max(1, result.requests.total) });
      }
    }
    const latencies: number[] = [];
    let bytes = 0;
    for (let i = 0; i < 50; i++) {
      const started = performance.now();
      const res = await fetch(`http://127.0.0.1:${on.port}/metrics`);
      bytes = (await res.text()).length;
      if (res.status !== 200) throw new Error(`GET /metrics answered ${res.status}`);
      latencies.push(performance.now() - started);
    }
    latencies.sort((a, b) => a - b);
    const rows = targets.map((t): MetricsRow => {
      const rs = results.get(t.name)!.map((x) => x.result);
      const cpu = results.get(t.name)!.map((x) => Number(x.cpuUs.toFixed(1)));
      return {
        name: t.name,
        connections: 50,
        rounds: rs.map((x) => Math.round(x.requests.average)),
        requestsPerSecond: Math.round(median(rs.map((x) => x.requests.average))),
        cpuUsRounds: cpu,
        cpuUsPerRequest: Number(median(cpu).toFixed(1)),
        p50Ms: median(rs.map((x) => x.latency.p50)),
        p99Ms: median(rs.map((x) => x.latency.p99)),
        non2xx: rs.reduce((sum, x) => sum + x.non2xx, 0),
      };
    });
    return {
      rows,
      seconds,
      scrape: { requests: latencies.length, p50Ms: Number(latencies[24]!.toFixed(1)), p99Ms: Number(latencies[49]!.toFixed(1)), bytes },
    };
  } finally {
    await Promise.all([stopProcess(on.child), stopProcess(off.child), stopProcess(bare.child)]);
  }
}

export function metricsTable(f: MetricsFigures): string {
  const bare = f.rows[0]!;
  const off = f.rows.find((r) => r.name.includes('METRICS=off'))!;
  const rows = f.rows.map((r) => {
    const isOn = r.name.includes('METRICS=on');
    const ratio = r === bare ? '' : ` (${(r.requestsPerSecond / bare.requestsPerSecond).toFixed(2)}x bare${isOn ? `, ${(r.requestsPerSecond / off.requestsPerSecond).toFixed(2)}x off` : ''})`;
    const cpuRatio = isOn ? ` (${(r.cpuUsPerRequest / off.cpuUsPerRequest).toFixed(2)}x off)` : '';
    return `| ${r.name} | ${r.connections} | ${r.requestsPerSecond}${ratio} | ${r.rounds.join(', ')} | ${r.cpuUsPerRequest}${cpuRatio} | ${r.cpuUsRounds.join(', ')} | ${r.p50Ms} | ${r.p99Ms} | ${r.non2xx} |`;
  });
  return [
    '| path | connections | requests/s (median) | each round | CPU µs per request (median) | each round | p50 ms | p99 ms | non-2xx |',
    '|---|---|---|---|---|---|---|---|---|', ...rows,
    '',
    `A scrape (GET /metrics from loopback, ${f.scrape.requests} one at a time, ${(f.scrape.bytes / 1024).toFixed(0)} KiB of text): p50 ${f.scrape.p50Ms} ms, p99 ${f.scrape.p99Ms} ms.`,
  ].join('\n');
}
