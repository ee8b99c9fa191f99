import autocannon from 'autocannon';
import { startProcess, stopProcess } from './processes';

/**
 * What the request lines cost (issue 16): the REST floor (GET /api/version) of a production server
 * (NODE_ENV=production, JSON lines) whose request lines are off (LOG_LEVEL=info: they are at debug)
 * and of one that writes a line per request (LOG_LEVEL=debug), beside the bare Fastify route, in
 * rounds that alternate the three so that the machine's drift falls on all of them alike. The lines
 * go to /dev/null: the server's own cost of making and writing them, not a collector's.
 */
export interface LoggingRound {
  bare: number;
  quiet: number;
  lines: number;
}

async function rate(url: string, seconds: number): Promise<number> {
  const result = await autocannon({ url, connections: 50, duration: seconds });
  if (result.non2xx) throw new Error(`${url}: ${result.non2xx} answers were not 2xx`);
  return Math.round(result.requests.average);
}

export async function benchLogging(databaseUrl: string, seconds: number, rounds = 3): Promise<LoggingRound[]> {
  const env = { DATABASE_URL: databaseUrl, PORT: '0', NODE_ENV: 'production', TRUST_PROXY: 'true', ADMIN_KEY: 'bench', ADMIN_PASSWORD: 'bench-password' };
  const quiet = await startProcess('apps/server/src/main.ts', { ...env, LOG_LEVEL: 'info' }, { listening: true });
  const lines = await startProcess('apps/server/src/main.ts', { ...env, LOG_LEVEL: 'debug' }, { listening: true });
  const bare = await startProcess('bench/bare-fastify.ts', {}, { listening: true });
  try {
    const out: LoggingRound[] = [];
    for (let i = 0; i < rounds; i++) {
      out.push({
        bare: await rate(`http://127.0.0.1:${bare.port}/ping`, seconds),
        quiet: await rate(`http://127.0.0.1:${quiet.port}/api/version`, seconds),
        lines: await rate(`http://127.0.0.1:${lines.port}/api/version`, seconds),
      });
    }
    return out;
  } finally {
    await Promise.all([stopProcess(quiet.child), stopProcess(lines.child), stopProcess(bare.child)]);
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export function loggingTable(rounds: LoggingRound[]): string {
  const ratio = (n: number, bare: number) => (n / bare).toFixed(2);
  const rows = rounds.map((r, i) => `| ${i + 1} | ${r.bare} | ${r.quiet} (${ratio(r.quiet, r.bare)}x) | ${r.lines} (${ratio(r.lines, r.bare)}x) | ${((1 - r.lines / r.quiet) * 100).toFixed(1)}% |`);
  const q = median(rounds.map((r) => r.quiet / r.bare));
  const l = median(rounds.map((r) => r.lines / r.bare));
  return [
    '| round | bare Fastify GET | REST GET /api/version, no request lines (LOG_LEVEL=info) | the same, a line per request (LOG_LEVEL=debug) | throughput the lines cost |',
    '|---|---|---|---|---|',
    ...rows,
    `| median | | ${q.toFixed(2)}x | ${l.toFixed(2)}x | ${((1 - l / q) * 100).toFixed(1)}% |`,
  ].join('\n');
}
