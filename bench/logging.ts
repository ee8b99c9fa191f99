import fs from 'node:fs';
import autocannon from 'autocannon';
import { startProcess, stopProcess } from './processes';

/**
 * What the request lines cost (issue 16): the REST floor (GET /api/version) of a production server
 * (NODE_ENV=production, JSON lines) whose request lines are off (LOG_LEVEL=info: they are at debug)
 * and of one that writes a line per request (LOG_LEVEL=debug), beside the bare Fastify route, in
 * rounds that alternate the three so that the machine's drift falls on all of them alike. The lines
 * go to /dev/null: the server's own cost of making and writing them, not a collector's.
 *
 * Besides requests/s, each run reads the server process's CPU time (/proc/<pid>/stat) and gives the
 * CPU per request: on a shared machine, where other work takes the cores at random, throughput
 * swings from run to run while the CPU a request costs the process holds much better.
 */
export interface LoggingRun {
  requestsPerSecond: number;
  cpuMicrosPerRequest: number;
}

export interface LoggingRound {
  bare: LoggingRun;
  quiet: LoggingRun;
  lines: LoggingRun;
}

/** The process's user + system CPU time in ms (clock ticks of 10 ms, Linux's USER_HZ). */
function cpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function run(url: string, pid: number, seconds: number): Promise<LoggingRun> {
  const before = cpuMs(pid);
  const result = await autocannon({ url, connections: 50, duration: seconds });
  const cpu = cpuMs(pid) - before;
  if (result.non2xx) throw new Error(`${url}: ${result.non2xx} answers were not 2xx`);
  return { requestsPerSecond: Math.round(result.requests.average), cpuMicrosPerRequest: Math.round((cpu * 1000) / result.requests.total) };
}

export async function benchLogging(databaseUrl: string, seconds: number, rounds = 5): Promise<LoggingRound[]> {
  const env = { DATABASE_URL: databaseUrl, PORT: '0', NODE_ENV: 'production', TRUST_PROXY: 'true', ADMIN_KEY: 'bench', ADMIN_PASSWORD: 'bench-password' };
  const quiet = await startProcess('apps/server/src/main.ts', { ...env, LOG_LEVEL: 'info' }, { listening: true });
  const lines = await startProcess('apps/server/src/main.ts', { ...env, LOG_LEVEL: 'debug' }, { listening: true });
  const bare = await startProcess('bench/bare-fastify.ts', {}, { listening: true });
  try {
    const out: LoggingRound[] = [];
    for (let i = 0; i < rounds; i++) {
      out.push({
        bare: await run(`http://127.0.0.1:${bare.port}/ping`, bare.child.pid!, seconds),
        quiet: await run(`http://127.0.0.1:${quiet.port}/api/version`, quiet.child.pid!, seconds),
        lines: await run(`http://127.0.0.1:${lines.port}/api/version`, lines.child.pid!, seconds),
      });
    }
    return out;
  } finally {
    await Promise.all([stopProcess(quiet.child), stopProcess(lines.child), stopProcess(bare.child)]);
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

export function loggingTable(rounds: LoggingRound[]): string {
  const cell = (r: LoggingRun, bare: LoggingRun) =>
    `${r.requestsPerSecond} (${(r.requestsPerSecond / bare.requestsPerSecond).toFixed(2)}x) | ${r.cpuMicrosPerRequest} (${(r.cpuMicrosPerRequest / bare.cpuMicrosPerRequest).toFixed(2)}x)`;
  const rows = rounds.map((r, i) => `| ${i + 1} | ${r.bare.requestsPerSecond} | ${r.bare.cpuMicrosPerRequest} | ${cell(r.quiet, r.bare)} | ${cell(r.lines, r.bare)} | ${pct(r.lines.cpuMicrosPerRequest / r.quiet.cpuMicrosPerRequest - 1)} |`);
  const m = (f: (r: LoggingRound) => number) => median(rounds.map(f));
  return [
    '| round | bare Fastify GET: req/s | bare: CPU µs/req | REST GET /api/version, no request lines (LOG_LEVEL=info): req/s | CPU µs/req | the same, a line per request (LOG_LEVEL=debug): req/s | CPU µs/req | CPU a line adds per request |',
    '|---|---|---|---|---|---|---|---|',
    ...rows,
    `| median | ${m((r) => r.bare.requestsPerSecond)} | ${m((r) => r.bare.cpuMicrosPerRequest)} | ${m((r) => r.quiet.requestsPerSecond / r.bare.requestsPerSecond).toFixed(2)}x | ${m((r) => r.quiet.cpuMicrosPerRequest / r.bare.cpuMicrosPerRequest).toFixed(2)}x | ${m((r) => r.lines.requestsPerSecond / r.bare.requestsPerSecond).toFixed(2)}x | ${m((r) => r.lines.cpuMicrosPerRequest / r.bare.cpuMicrosPerRequest).toFixed(2)}x | ${pct(m((r) => r.lines.cpuMicrosPerRequest / r.quiet.cpuMicrosPerRequest - 1))} |`,
  ].join('\n');
}
