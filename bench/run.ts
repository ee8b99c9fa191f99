import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDb, migrate, startEmbeddedPostgres } from '@drape/db';
import { testLogger } from '@drape/log/testing';
import { benchAccounts, type LoadFigures } from './accounts';
import { adminTables, benchAdmin } from './admin';
import { benchLighthouse, chromiumPresent, lighthouseTable } from './lighthouse';
import { benchLogging, loggingTable } from './logging';
import { benchLookbook, lookbookTables, measureLookbook, seedDatabase, seedScale, type LookbookFigures, type SeedFigures } from './lookbook';
import { benchMetrics, metricsTable } from './metrics';
import { benchPipeline, type PipelineFigures } from './pipeline';
import { benchProfile, profileTable } from './profile';
import { benchStylist, stylistTable } from './stylist';
import { benchOwnedLook, ownedLookTable } from './owned-look';

/**
 * `npm run bench`: runs the benchmarks on a fresh embedded PostgreSQL, writes
 * bench/results/<name>-<date>.json and regenerates the tables in bench/README.md.
 * `npm run bench -- --seconds 5` shortens each load run; `npm run bench -- lighthouse` (or
 * `accounts`, `profile`, `metrics`, `logging`, `pipeline`, `lookbook`, `admin`, `stylist`, `owned`) runs one of them (`--rounds N`: logging's rounds, 5); `--runs 5` sets Lighthouse's runs per page, `--pages /,/dashboard` its pages.
 * `npm run bench -- seed` only seeds the million looks and reports the time; `--looks N` seeds
 * (and measures `lookbook` and `admin` on) a smaller database, `--requests N` sets the sequential requests;
 * `--keep DIR` keeps the LookBook's seeded database in DIR and measures it again on the next run.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const only = process.argv.find((a) => a === 'accounts' || a === 'profile' || a === 'metrics' || a === 'logging' || a === 'pipeline' || a === 'lighthouse' || a === 'lookbook' || a === 'admin' || a === 'seed' || a === 'stylist' || a === 'owned');
const numberArg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const looks = numberArg('--looks', 1_000_000);
const keepArg = process.argv.indexOf('--keep');
const keepDir = keepArg > 0 ? path.resolve(process.argv[keepArg + 1] ?? '') : undefined;
const requests = numberArg('--requests', 200);
const secondsArg = process.argv.indexOf('--seconds');
const seconds = secondsArg > 0 ? Number(process.argv[secondsArg + 1]) : 10;
const runsArg = process.argv.indexOf('--runs');
const lighthouseRuns = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 3;
// `--pages /,/dashboard`: Lighthouse on those pages only (the README's table and results are left as they are).
const pagesArg = process.argv.indexOf('--pages');
const lighthousePages = pagesArg > 0 ? process.argv[pagesArg + 1]!.split(',') : undefined;

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
    const handle = createDb(pg.url, 1, testLogger('cli'));
    await migrate(handle.db);
    await handle.close();
    const date = new Date().toISOString().slice(0, 10);
    const m = machine();
    const where = `Measured ${date} on ${m.cpus} cores (${m.cpuModel}), ${m.memoryGiB} GiB, node ${m.node}`;
    fs.mkdirSync(path.join(here, 'results'), { recursive: true });
    if (!only || only === 'accounts') {
      console.log(`[bench] accounts: ${seconds} s per run`);
      const figures = await benchAccounts(pg.url, seconds);
      fs.writeFileSync(path.join(here, 'results', `accounts-${date}.json`), `${JSON.stringify({ name: 'accounts', date, machine: m, figures }, null, 2)}\n`);
      console.log(table(figures));
      updateReadme('accounts', `${where}; autocannon, ${seconds} s per row.\n\n${table(figures)}`);
    }
    if (!only || only === 'profile') {
      console.log(`[bench] profile: GET /api/user/profile beside its naive floor, ${seconds} s per run`);
      const figures = await benchProfile(pg.url, seconds);
      fs.writeFileSync(path.join(here, 'results', `profile-${date}.json`), `${JSON.stringify({ name: 'profile', date, machine: m, ...figures }, null, 2)}\n`);
      console.log(profileTable(figures));
      updateReadme('profile', `${where}; autocannon, 50 connections, ${seconds} s per run, 3 rounds in rotating order.\n\n${profileTable(figures)}`);
    }
    if (!only || only === 'metrics') {
      console.log(`[bench] metrics: the REST floor with METRICS on and off beside the bare route, ${seconds} s per run`);
      const figures = await benchMetrics(pg.url, seconds);
      fs.writeFileSync(path.join(here, 'results', `metrics-${date}.json`), `${JSON.stringify({ name: 'metrics', date, machine: m, ...figures }, null, 2)}\n`);
      console.log(metricsTable(figures));
      updateReadme('metrics', `${where}; autocannon, ${seconds} s per run, 5 rounds in rotating order.\n\n${metricsTable(figures)}`);
    }
    if (!only || only === 'logging') {
      const loggingRounds = numberArg('--rounds', 5);
      console.log(`[bench] logging: the REST floor with and without a line per request, ${seconds} s per run, ${loggingRounds} rounds`);
      const rounds = await benchLogging(pg.url, seconds, loggingRounds);
      fs.writeFileSync(path.join(here, 'results', `logging-${date}.json`), `${JSON.stringify({ name: 'logging', date, machine: m, rounds }, null, 2)}\n`);
      console.log(loggingTable(rounds));
      updateReadme('logging', `${where}; autocannon, 50 connections, ${seconds} s per run, NODE_ENV=production (JSON lines to /dev/null).\n\n${loggingTable(rounds)}`);
    }
    if (!only || only === 'stylist') {
      console.log("[bench] stylist: the quality score over a full batch of the matrix, drawn and scored");
      const figures = await benchStylist();
      fs.writeFileSync(path.join(here, 'results', `stylist-${date}.json`), `${JSON.stringify({ name: 'stylist', date, machine: m, figures }, null, 2)}\n`);
      console.log(stylistTable(figures));
      updateReadme('stylist', `${where}; the built-in renderer, one process.\n\n${stylistTable(figures)}`);
    }
    if (!only || only === 'owned') {
      console.log('[bench] owned: Get My Look around an owned piece beside a plain live look');
      const figures = await benchOwnedLook(pg.url, path.join(tmp, 'owned-data'));
      fs.writeFileSync(path.join(here, 'results', `owned-${date}.json`), `${JSON.stringify({ name: 'owned', date, machine: m, figures }, null, 2)}\n`);
      console.log(ownedLookTable(figures));
      updateReadme('owned', `${where}; the real server and one pipeline worker (built-in renderer), a fresh database.\n\n${ownedLookTable(figures)}`);
    }
    if (!only || only === 'pipeline') {
      console.log('[bench] pipeline: one cycle of the combination matrix, then Get My Look');
      const figures = await benchPipeline(pg.url, path.join(tmp, 'data'));
      fs.writeFileSync(path.join(here, 'results', `pipeline-${date}.json`), `${JSON.stringify({ name: 'pipeline', date, machine: m, figures }, null, 2)}\n`);
      console.log(JSON.stringify(figures, null, 2));
      updateReadme('pipeline', `${where}.\n\n${pipelineTable(figures)}`);
    }
    if (only === 'seed') {
      const scale = seedScale(looks);
      console.log(`[bench] seed: ${scale.looks} looks (${scale.lookbook} in the LookBook), ${scale.users} users, ${scale.heavySaves} saved looks`);
      const figures = await seedDatabase(pg.url, path.join(tmp, 'data'), scale, (line) => console.log(line));
      console.log(JSON.stringify(figures, null, 2));
    }
    if (!only || only === 'lookbook') {
      // Its own database: a million looks beside the other benchmarks' rows would blur both.
      // `--keep DIR`: the seeded database lives in DIR and is measured again by the next run
      // (a million looks take ~27 minutes to seed; the measurements take minutes).
      const lbData = keepDir ?? path.join(tmp, 'lookbook');
      const lbPg = await startEmbeddedPostgres({ dataDir: lbData, port: 0 });
      try {
        const handle = createDb(lbPg.url, 1, testLogger('cli'));
        await migrate(handle.db);
        await handle.close();
        const opts = { looks, requests, seconds, log: (line: string) => console.log(line) };
        const seeded = keepDir ? path.join(keepDir, 'seeded.json') : undefined;
        let figures: LookbookFigures;
        if (seeded && fs.existsSync(seeded)) {
          const seed = JSON.parse(fs.readFileSync(seeded, 'utf8')) as SeedFigures;
          console.log(`[bench] lookbook: measuring the database kept in ${keepDir} (${seed.looks} looks, seeded earlier)`);
          figures = { seed, ...(await measureLookbook(lbPg.url, path.join(lbData, 'data'), opts)) };
        } else {
          figures = await benchLookbook(lbPg.url, path.join(lbData, 'data'), opts);
          if (seeded) fs.writeFileSync(seeded, `${JSON.stringify(figures.seed, null, 2)}\n`);
        }
        fs.writeFileSync(path.join(here, 'results', `lookbook-${date}.json`), `${JSON.stringify({ name: 'lookbook', date, machine: m, ...figures }, null, 2)}\n`);
        console.log(lookbookTables(figures));
        updateReadme('lookbook', `${where}; ${keepDir ? 'a database kept by `--keep`, seeded earlier' : 'a fresh database'} by \`seedLooks\` (the verb \`npm run drape -- seed looks\`); autocannon ${seconds} s.\n\n${lookbookTables(figures)}`);
      } finally {
        await lbPg.stop();
      }
    }
    if (!only || only === 'admin') {
      // Its own million looks, as the LookBook's: the admin's gallery and dashboards at that scale.
      const adData = path.join(tmp, 'admin');
      const adPg = await startEmbeddedPostgres({ dataDir: adData, port: 0 });
      try {
        const handle = createDb(adPg.url, 1, testLogger('cli'));
        await migrate(handle.db);
        await handle.close();
        const figures = await benchAdmin(adPg.url, path.join(adData, 'data'), { looks, requests, seconds, log: (line) => console.log(line) });
        fs.writeFileSync(path.join(here, 'results', `admin-${date}.json`), `${JSON.stringify({ name: 'admin', date, machine: m, ...figures }, null, 2)}\n`);
        console.log(adminTables(figures));
        updateReadme('admin', `${where}; autocannon ${seconds} s.\n\n${adminTables(figures)}`);
      } finally {
        await adPg.stop();
      }
    }
    if (!only || only === 'lighthouse') {
      if (!chromiumPresent()) throw new Error('Lighthouse needs Chromium at /usr/bin/chromium (or CHROME_PATH): apt-get install -y chromium');
      console.log(`[bench] lighthouse: the landing, /auth and /dashboard, ${lighthouseRuns} runs each`);
      // Its own database: the pipeline benchmark leaves a thousand looks and users behind.
      const lhData = path.join(tmp, 'lighthouse');
      const lhPg = await startEmbeddedPostgres({ dataDir: lhData, port: 0 });
      try {
        const handle = createDb(lhPg.url, 1, testLogger('cli'));
        await migrate(handle.db);
        await handle.close();
        const figures = await benchLighthouse(lhPg.url, path.join(lhData, 'data'), lighthouseRuns, lighthousePages);
        if (!lighthousePages) fs.writeFileSync(path.join(here, 'results', `lighthouse-${date}.json`), `${JSON.stringify({ name: 'lighthouse', date, machine: m, ...figures }, null, 2)}\n`);
        console.log(lighthouseTable(figures));
        if (!lighthousePages) updateReadme('lighthouse', `${where}; Lighthouse ${figures.lighthouse} (default mobile settings), ${figures.chromium}, ${figures.looks} looks in the inventory; the median of ${lighthouseRuns} cold runs per page.\n\n${lighthouseTable(figures)}`);
      } finally {
        await lhPg.stop();
      }
    }
  } finally {
    await pg.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

function pipelineTable(f: PipelineFigures): string {
  const compute = Object.entries(f.computeMsPerImage).map(([k, v]) => `${k} ${v} ms`).join(', ');
  const stages = Object.entries(f.stageMsPerImage).map(([k, v]) => `${k} ${v} ms`).join(', ');
  const g = f.getMyLook;
  return [
    '| figure | value |', '|---|---|',
    `| throughput, ${f.processes} worker processes (aggressive mode) | **${f.imagesPerMinute} images/min** (${f.images} stored, ${f.blocked} blocked, ${f.seconds} s) |`,
    `| the floor in ${f.processes} processes at once (${f.floors.inFlight} images in flight each, ${f.floors.seconds} s): render and encode alone; every compute stage (+ classify, score) | ${f.floors.renderImagesPerMinute}; **${f.floors.computeImagesPerMinute} images/min** |`,
    `| throughput beside the compute floor; beside the render and encode alone | **${(f.imagesPerMinute / f.floors.computeImagesPerMinute).toFixed(2)}x**; ${(f.imagesPerMinute / f.floors.renderImagesPerMinute).toFixed(2)}x |`,
    `| each stage of one image, jobs one at a time without the queue (${Object.values(f.computeMsPerImage).reduce((a, b) => a + b, 0).toFixed(1)} ms) | ${compute} |`,
    `| the queue's cost per job (1,000 no-op jobs through pg-boss, 5 workers) | ${f.queueMsPerJob} ms |`,
    `| queue + database + storage (store stage + queue cost) share of an image | **${(f.queueDbStorageShare * 100).toFixed(1)}%** |`,
    `| wall time per image per process in the batch; beyond the sequential cost (two processes sharing two cores, waits) | ${f.wallMsPerImagePerProcess} ms; ${f.queueMsPerImage} ms |`,
    `| stage means inside the batch (5 jobs in flight per process, so waits included) | ${stages} |`,
    `| Get My Look from inventory, one request at a time (${g.inventorySequential.requests}), in the server (Server-Timing) | p50 ${g.inventorySequential.serverP50Ms} ms, **p99 ${g.inventorySequential.serverP99Ms} ms** |`,
    `| the same, at the client | p50 ${g.inventorySequential.p50Ms} ms, p99 ${g.inventorySequential.p99Ms} ms |`,
    `| Get My Look from inventory (${g.inventory.requests} requests, 10 connections) | p50 ${g.inventory.p50Ms} ms, p99 ${g.inventory.p99Ms} ms, ${g.inventory.requestsPerSecond} req/s, non-2xx ${g.inventory.non2xx}, served live ${g.inventory.live} |`,
    `| Get My Look live (${g.live.requests} sequential requests) | p50 ${g.live.p50Ms} ms, p99 ${g.live.p99Ms} ms |`,
  ].join('\n');
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
