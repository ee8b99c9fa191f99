import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDb, migrate, startEmbeddedPostgres } from '@drape/db';
import { benchAccounts, type LoadFigures } from './accounts';

/**
 * `npm run bench`: runs the benchmarks on a fresh embedded PostgreSQL, writes
 * bench/results/<name>-<date>.json and regenerates the tables in bench/README.md.
 * `npm run bench -- --seconds 5` shortens each load run.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const secondsArg = process.argv.indexOf('--seconds');
const seconds = secondsArg > 0 ? Number(process.argv[secondsArg + 1]) : 10;

function machine() {
  return { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model ?? 'unknown', memoryGiB: Math.round(os.totalmem() / 2 ** 30), node: process.version, platform: `${os.platform()} ${os.release()}` };
}

function table(figures: LoadFigures[]): string {
  const bare = figures.find((f) => f.name.startsWith('bare'));
  const rows = figures.map((f) => {
    const ratio = bare && f !== bare && !f.name.includes('login') && !f.name.includes('sessions') ? ` (${(f.requestsPerSecond / bare.requestsPerSecond).toFixed(2)}x bare)` : '';
    return `| ${f.name} | ${f.connections} | ${f.requestsPerSecond}${ratio} | ${f.p50Ms} | ${f.p99Ms} | ${f.non2xx} |`;
  });
  return ['| path | connections | requests/s | p50 ms | p99 ms | non-2xx |', '|---|---|---|---|---|---|', ...rows].join('\n');
}

async function main() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'drape-bench-'));
  fs.chmodSync(tmp, 0o755);
  const pg = await startEmbeddedPostgres({ dataDir: tmp, port: 0 });
  try {
    const handle = createDb(pg.url, 1);
    await migrate(handle.db);
    await handle.close();
    console.log(`[bench] accounts: ${seconds} s per run`);
    const figures = await benchAccounts(pg.url, seconds);
    const date = new Date().toISOString().slice(0, 10);
    const result = { name: 'accounts', date, machine: machine(), figures };
    fs.mkdirSync(path.join(here, 'results'), { recursive: true });
    fs.writeFileSync(path.join(here, 'results', `accounts-${date}.json`), `${JSON.stringify(result, null, 2)}\n`);
    console.log(table(figures));
    updateReadme('accounts', `Measured ${date} on ${result.machine.cpus} cores (${result.machine.cpuModel}), ${result.machine.memoryGiB} GiB, node ${result.machine.node}; autocannon, ${seconds} s per row.\n\n${table(figures)}`);
  } finally {
    await pg.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

/** Replaces the block between the markers of one benchmark in bench/README.md. */
function updateReadme(name: string, body: string) {
  const file = path.join(here, 'README.md');
  const start = `<!-- bench:${name}:start -->`;
  const end = `<!-- bench:${name}:end -->`;
  const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  const block = `${start}\n${body}\n${end}`;
  const next = text.includes(start) ? text.replace(new RegExp(`${start}[\\s\\S]*?${end}`), block) : `${text}\n${block}\n`;
  fs.writeFileSync(file, next);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
