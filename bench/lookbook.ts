import os from 'node:os';
import autocannon from 'autocannon';
import { OCCASIONS, PALETTES, STYLE_VIBES, TRENDS } from '@drape/contracts';
import { createDb, seedCatalog, type DbHandle } from '@drape/db';
import { testLogger } from '@drape/log/testing';
import { randomIp, startProcess, stopProcess } from './processes';
import type { LoadFigures } from './accounts';

/**
 * The LookBook and the wardrobe at a million looks (issue 8): a fresh database seeded with
 * `seedLooks` (1,000,000 looks, 100,000 of them in the LookBook, 10,000 users, seed_heavy with
 * 5,000 saved looks; `--looks N` scales it all down for a quick run), then through the real server
 * and REST, the server's own time (its Server-Timing header) of one request at a time after a
 * warm-up: the LookBook page of 50 unfiltered and with each single filter, at the first page and
 * 10,000 looks deep; seed_heavy's wardrobe pages and smart collections; then the LookBook page's
 * requests/s under 50 connections against the bare Fastify route in the same sitting.
 */
export interface SeedFigures {
  looks: number;
  lookbook: number;
  pieces: number;
  lookbookColors: number;
  users: number;
  heavySaves: number;
  originals: number;
  seconds: Record<string, number>;
}

export interface LatencyRow {
  name: string;
  path: string;
  /** Looks (or wardrobe entries) the filter matches. */
  matches: number | null;
  /** Looks (or collections) the page answered (the last request). */
  returned: number;
  requests: number;
  serverP50Ms: number;
  serverP99Ms: number;
  clientP50Ms: number;
  clientP99Ms: number;
}

/** A load run's row: the accounts benchmark's shape. */
export type LoadRow = LoadFigures;

export interface LookbookFigures {
  seed: SeedFigures;
  /** The machine's 1-minute load average as the measurements began and ended (it is shared). */
  loadAverage: { before: number; after: number };
  lookbook: LatencyRow[];
  wardrobe: LatencyRow[];
  load: LoadRow[];
  /** The naive floor's answer beside the product's (the same looks in the same order, saved flags included). */
  floor: { sameLooks: boolean; floorBytes: number; productBytes: number };
}

export const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
};
export const round1 = (n: number) => Math.round(n * 10) / 10;

export interface SeedScale {
  looks: number;
  lookbook: number;
  users: number;
  heavySaves: number;
}

/** The issue's database, or a tenth-for-tenth smaller one for `--looks N`. */
export function seedScale(looks: number): SeedScale {
  const f = looks / 1_000_000;
  return { looks, lookbook: Math.round(100_000 * f), users: Math.max(30, Math.round(10_000 * f)), heavySaves: Math.min(5_000, Math.max(50, Math.round(looks / 200))) };
}

/** Seeds a prepared (migrated) database as the CLI verb does: the catalog and the matrix first. */
export async function seedDatabase(url: string, dataDir: string, scale: SeedScale, log: (line: string) => void): Promise<SeedFigures> {
  const { seedLooks, atelierProvider } = await import('@drape/pipeline');
  const { createStorage } = await import('@drape/storage');
  const { ensureMatrix } = await import('@drape/boot');
  const handle = createDb(url, 2, testLogger('cli'));
  try {
    await seedCatalog(handle.db);
    await ensureMatrix(handle.db);
    let lastLine = '';
    const r = await seedLooks({ db: handle.db, storage: createStorage({ dataDir }), provider: atelierProvider }, {
      ...scale,
      onProgress: (stage, done, total) => {
        // A line per stage and per tenth: the bench's output is a log, not a terminal.
        const line = `${stage} ${Math.floor((done / Math.max(total, 1)) * 10) * 10}%`;
        if (line !== lastLine) log(`[bench] seed: ${line} (${done}/${total})`);
        lastLine = line;
      },
    });
    return { looks: r.looks, lookbook: r.lookbook, pieces: r.pieces, lookbookColors: r.lookbookColors, users: r.users, heavySaves: r.heavySaves, originals: r.originals, seconds: r.seconds };
  } finally {
    await handle.close();
  }
}

export async function login(base: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': randomIp() }, body: JSON.stringify({ email, password }) });
  if (res.status !== 200) throw new Error(`bench login of ${email} failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

/** One request at a time: `warmup` unrecorded, then `requests` recorded (server and client time). */
export async function sequential(base: string, token: string, name: string, path: string, matches: number | null, requests: number, warmup: number): Promise<LatencyRow> {
  const server: number[] = [];
  const client: number[] = [];
  let returned = 0;
  for (let i = -warmup; i < requests; i++) {
    const t0 = performance.now();
    const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
    const body = (await res.json()) as { looks?: unknown[]; items?: unknown[]; collections?: unknown[]; images?: unknown[] } | unknown[];
    const t1 = performance.now();
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(body)}`);
    if (i < 0) continue;
    client.push(t1 - t0);
    server.push(Number(/dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '')?.[1] ?? Number.NaN));
    returned = Array.isArray(body) ? body.length : (body.looks ?? body.items ?? body.collections ?? body.images ?? [body]).length;
  }
  return {
    name, path, matches, returned, requests,
    serverP50Ms: round1(percentile(server, 50)), serverP99Ms: round1(percentile(server, 99)),
    clientP50Ms: round1(percentile(client, 50)), clientP99Ms: round1(percentile(client, 99)),
  };
}

export async function load(name: string, opts: autocannon.Options, connections: number, seconds: number): Promise<LoadRow> {
  const result = await autocannon({ ...opts, connections, duration: seconds });
  return { name, connections, seconds, requestsPerSecond: Math.round(result.requests.average), p50Ms: result.latency.p50, p99Ms: result.latency.p99, non2xx: result.non2xx };
}

/** Runs of one path as one row: requests/s and latencies averaged, errors summed. */
function meanRow(runs: LoadRow[]): LoadRow {
  const mean = (f: (r: LoadRow) => number) => Math.round(runs.reduce((n, r) => n + f(r), 0) / runs.length);
  return { ...runs[0]!, seconds: runs.reduce((n, r) => n + r.seconds, 0), requestsPerSecond: mean((r) => r.requestsPerSecond), p50Ms: mean((r) => r.p50Ms), p99Ms: mean((r) => r.p99Ms), non2xx: runs.reduce((n, r) => n + r.non2xx, 0) };
}

interface Filter {
  name: string;
  query: string;
  matches: number;
}

/**
 * The filters measured, with how many LookBook looks each matches: one value of each (the most
 * common, so that 10,000 deep is inside it when the scale allows), a palette through `trend`, and
 * the most common and the rarest color.
 */
async function lookbookFilters(pool: DbHandle['pool']): Promise<Filter[]> {
  const one = async <T>(text: string, values: unknown[] = []) => (await pool.query(text, values)).rows[0] as T;
  const count = async (where: string) => (await one<{ n: number }>(`select count(*)::int as n from generated_images where status = 'lookbook' and ${where}`)).n;
  const top = (column: 'style_vibe' | 'gender') =>
    one<{ v: string; n: number }>(`select ${column} as v, count(*)::int as n from generated_images where status = 'lookbook' and ${column} is not null group by 1 order by 2 desc limit 1`);
  const topSelection = (kind: string) =>
    one<{ v: string; n: number }>(`select selection_id as v, count(*)::int as n from generated_images where status = 'lookbook' and selection_kind = $1 group by 1 order by 2 desc limit 1`, [kind]);
  const colors = (await pool.query(`select color, count(*)::int as n from lookbook_colors group by 1 order by 2 desc`)).rows as { color: string; n: number }[];
  const gender = await top('gender');
  const vibe = await top('style_vibe');
  const occasion = await topSelection('occasion');
  const trend = await topSelection('trend');
  const palette = await topSelection('palette');
  const vibeName = STYLE_VIBES.find((v) => v.id === vibe.v)?.id ?? vibe.v;
  const filters: Filter[] = [
    { name: 'unfiltered', query: '', matches: await count('true') },
    { name: `gender ${gender.v}`, query: `gender=${gender.v}`, matches: gender.n },
    { name: `style_vibe ${vibeName}`, query: `style_vibe=${encodeURIComponent(vibeName)}`, matches: vibe.n },
    { name: `occasion ${OCCASIONS.find((o) => o.id === occasion.v)?.name ?? occasion.v}`, query: `occasion=${encodeURIComponent(occasion.v)}`, matches: occasion.n },
    { name: `trend ${TRENDS.find((t) => t.id === trend.v)?.name ?? trend.v}`, query: `trend=${encodeURIComponent(trend.v)}`, matches: trend.n },
    { name: `palette ${PALETTES.find((p) => p.id === palette.v)?.name ?? palette.v} (as trend)`, query: `trend=${encodeURIComponent(palette.v)}`, matches: palette.n },
  ];
  const common = colors[0];
  const rare = colors.at(-1);
  if (common) filters.push({ name: `color ${common.color} (most common)`, query: `color=${common.color}`, matches: common.n });
  if (rare && rare !== common) filters.push({ name: `color ${rare.color} (rarest)`, query: `color=${rare.color}`, matches: rare.n });
  return filters;
}

export async function benchLookbook(url: string, dataDir: string, opts: { looks: number; requests: number; seconds: number; log: (line: string) => void }): Promise<LookbookFigures> {
  const scale = seedScale(opts.looks);
  opts.log(`[bench] lookbook: seeding ${scale.looks} looks (${scale.lookbook} in the LookBook), ${scale.users} users, ${scale.heavySaves} saved looks`);
  const seed = await seedDatabase(url, dataDir, scale, opts.log);
  opts.log(`[bench] lookbook: seeded in ${seed.seconds.total} s`);
  return { seed, ...(await measureLookbook(url, dataDir, opts)) };
}

/** The measurements on a seeded database. */
export async function measureLookbook(url: string, dataDir: string, opts: { requests: number; seconds: number; log: (line: string) => void }): Promise<Omit<LookbookFigures, 'seed'>> {
  const { firstSeedUserOf, seedEmail, seedUsername, SEED_HEAVY_USERNAME, SEED_PASSWORD } = await import('@drape/pipeline');
  const handle = createDb(url, 2, testLogger('cli'));
  const server = await startProcess('apps/server/src/main.ts', {
    DATABASE_URL: url, DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'warn', TRUST_PROXY: 'true', ALTCHA_MAX_NUMBER: '1000', SERVER_TIMING: 'on',
    ADMIN_KEY: 'bench', ADMIN_PASSWORD: 'bench-password', ...(process.env.PROF ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${process.env.PROF}` } : {}),
  }, { listening: true, stdout: 'inherit' });
  const bare = await startProcess('bench/bare-fastify.ts', {}, { listening: true });
  const iconName = seedUsername(firstSeedUserOf('fashion_icon'));
  const iconRow = await handle.db.selectFrom('users').select('id').where('username', '=', iconName).executeTakeFirstOrThrow();
  const floor = await startProcess('bench/lookbook-floor.ts', { DATABASE_URL: url, FLOOR_USER_ID: iconRow.id }, { listening: true });
  const base = `http://127.0.0.1:${server.port}`;
  try {
    const icon = await login(base, seedEmail(iconName), SEED_PASSWORD);
    const stylist = await login(base, seedEmail(seedUsername(firstSeedUserOf('stylist'))), SEED_PASSWORD);
    const heavy = await login(base, seedEmail(SEED_HEAVY_USERNAME), SEED_PASSWORD);
    const { requests } = opts;
    const warmup = 20;
    const before = round1(os.loadavg()[0]!);

    const lookbook: LatencyRow[] = [];
    for (const f of await lookbookFilters(handle.pool)) {
      for (const offset of [0, 10_000]) {
        const path = `/api/siims/lookbook?limit=50&offset=${offset}${f.query ? `&${f.query}` : ''}`;
        lookbook.push(await sequential(base, icon, `${f.name}, offset ${offset}`, path, f.matches, requests, warmup));
        opts.log(`[bench] lookbook: ${lookbook.at(-1)!.name}: p99 ${lookbook.at(-1)!.serverP99Ms} ms`);
      }
    }
    lookbook.push(await sequential(base, stylist, 'a Stylist, first page (capped at 50 a session)', '/api/siims/lookbook?limit=50', null, requests, warmup));

    const heavyRow = await handle.db.selectFrom('users').select('id').where('username', '=', SEED_HEAVY_USERNAME).executeTakeFirstOrThrow();
    const saved = async (where: string, values: unknown[] = []) =>
      ((await handle.pool.query(`select count(*)::int as n from wardrobe_items where user_id = $1 and ${where}`, [heavyRow.id, ...values])).rows[0] as { n: number }).n;
    const heavyOccasion = ((await handle.pool.query(`
      select selection_id as v from wardrobe_items where user_id = $1 and selection_kind = 'occasion' group by 1 order by count(*) desc limit 1`, [heavyRow.id])).rows[0] as { v: string } | undefined)?.v;
    const total = await saved('true');
    const deep = Math.max(0, total - 50);
    const wardrobe: LatencyRow[] = [];
    const wardrobeRuns: [string, string, number][] = [
      ['newest', '/api/siims/wardrobe?limit=50', total],
      ['oldest', '/api/siims/wardrobe?limit=50&sortBy=oldest', total],
      ['gender female', '/api/siims/wardrobe?limit=50&gender=female', await saved(`gender = 'female'`)],
      ...(heavyOccasion ? [[`occasion ${heavyOccasion}`, `/api/siims/wardrobe?limit=50&occasion=${heavyOccasion}`, await saved(`selection_kind = 'occasion' and selection_id = $2`, [heavyOccasion])] as [string, string, number]] : []),
      [`newest, offset ${deep}`, `/api/siims/wardrobe?limit=50&offset=${deep}`, total],
      ['smart collections', '/api/siims/wardrobe/collections', total],
    ];
    for (const [name, path, matches] of wardrobeRuns) {
      wardrobe.push(await sequential(base, heavy, `${SEED_HEAVY_USERNAME}: ${name}`, path, matches, requests, warmup));
      opts.log(`[bench] wardrobe: ${wardrobe.at(-1)!.name}: p99 ${wardrobe.at(-1)!.serverP99Ms} ms`);
    }

    // The floor answers what the product answers: the same looks, in order, with the same saved flags.
    const floorAnswer = await (await fetch(`http://127.0.0.1:${floor.port}/lookbook`)).text();
    const productAnswer = await (await fetch(`${base}/api/siims/lookbook?limit=50`, { headers: { authorization: `Bearer ${icon}` } })).text();
    const cards = (text: string) => (JSON.parse(text) as { looks: { id: string; saved: boolean; fashionItems: unknown[] }[] }).looks.map((l) => `${l.id}:${l.saved}:${l.fashionItems.length}`).join(',');
    const floorCheck = { sameLooks: cards(floorAnswer) === cards(productAnswer), floorBytes: Buffer.byteLength(floorAnswer), productBytes: Buffer.byteLength(productAnswer) };
    if (!floorCheck.sameLooks) opts.log('[bench] lookbook: the naive floor and the product answer different looks');

    const loadRows: LoadRow[] = [];
    loadRows.push(await load('bare Fastify GET', { url: `http://127.0.0.1:${bare.port}/ping` }, 50, opts.seconds));
    // The floor and the product in turns, twice, each row their mean: the machine is shared, and
    // what else runs drifts over a minute.
    const floorRuns: LoadRow[] = [];
    const productRuns: LoadRow[] = [];
    for (let round = 0; round < 2; round++) {
      floorRuns.push(await load('naive floor: bare Fastify + node-pg, the page of 50 in one statement', { url: `http://127.0.0.1:${floor.port}/lookbook` }, 50, opts.seconds));
      productRuns.push(await load('GET /api/siims/lookbook?limit=50 (Fashion Icon)', { url: `${base}/api/siims/lookbook?limit=50`, headers: { authorization: `Bearer ${icon}` } }, 50, opts.seconds));
    }
    loadRows.push(meanRow(floorRuns), meanRow(productRuns));
    // autocannon returns at its deadline with requests in flight: let them end before the server stops.
    await new Promise((r) => setTimeout(r, 1000));
    return { loadAverage: { before, after: round1(os.loadavg()[0]!) }, lookbook, wardrobe, load: loadRows, floor: floorCheck };
  } finally {
    await stopProcess(server.child);
    await stopProcess(bare.child);
    await stopProcess(floor.child);
    await handle.close();
  }
}

const GOAL_MS = 20;

export function lookbookTables(f: LookbookFigures): string {
  const s = f.seed;
  const seedTable = [
    '| seeded | rows | seconds |', '|---|---|---|',
    `| looks (${s.originals} rendered by the generate job, the rest cloned in PostgreSQL) | ${s.looks.toLocaleString('en')} | ${s.seconds.render} + ${s.seconds.looks} |`,
    `| of them in the LookBook (lookbook_colors rows) | ${s.lookbook.toLocaleString('en')} (${s.lookbookColors.toLocaleString('en')}) | |`,
    `| pieces | ${s.pieces.toLocaleString('en')} | |`,
    `| users (one password hash) | ${s.users.toLocaleString('en')} | ${s.seconds.users} |`,
    `| seed_heavy's saved looks | ${s.heavySaves.toLocaleString('en')} | ${s.seconds.wardrobe} |`,
    `| image counts; vacuum and analyze | | ${s.seconds.counts}; ${s.seconds.vacuum} |`,
    `| **in all** | | **${s.seconds.total}** |`,
  ].join('\n');
  const row = (r: LatencyRow) => {
    const p99 = r.serverP99Ms < GOAL_MS ? `**${r.serverP99Ms}**` : `**${r.serverP99Ms}** (over ${GOAL_MS})`;
    return `| ${r.name} | ${r.matches === null ? '' : r.matches.toLocaleString('en')} | ${r.returned} | ${r.serverP50Ms} | ${p99} | ${r.clientP50Ms} | ${r.clientP99Ms} |`;
  };
  const head = ['| request | matching | returned | server p50 ms | server p99 ms | client p50 ms | client p99 ms |', '|---|---|---|---|---|---|---|'];
  const bare = f.load.find((l) => l.name.startsWith('bare'));
  const floor = f.load.find((l) => l.name.startsWith('naive floor'));
  const ratios = (l: LoadRow) => [
    ...(bare && l !== bare ? [`${(l.requestsPerSecond / bare.requestsPerSecond).toFixed(2)}x bare`] : []),
    ...(floor && l !== floor && l !== bare ? [`**${(l.requestsPerSecond / floor.requestsPerSecond).toFixed(2)}x the floor**`] : []),
  ];
  const loadTable = [
    '| path | connections | requests/s | p50 ms | p99 ms | non-2xx |', '|---|---|---|---|---|---|',
    ...f.load.map((l) => `| ${l.name} | ${l.connections} | ${l.requestsPerSecond}${ratios(l).length ? ` (${ratios(l).join(', ')})` : ''} | ${l.p50Ms} | ${l.p99Ms} | ${l.non2xx} |`),
  ].join('\n');
  const floorLine = f.floor
    ? `The floor answered ${f.floor.sameLooks ? 'the same 50 looks in the same order, with the same saved flags and pieces,' : '**different looks**'} (${f.floor.floorBytes.toLocaleString('en')} bytes; the product ${f.floor.productBytes.toLocaleString('en')}).`
    : '';
  const requests = f.lookbook[0]?.requests ?? 0;
  return [
    seedTable, '',
    `The machine's load average (1 minute) was ${f.loadAverage.before} as the measurements began and ${f.loadAverage.after} as they ended (${os.cpus().length} cores).`, '',
    `LookBook pages of 50 (GET /api/siims/lookbook), a Fashion Icon unless said, ${requests} sequential requests each after a warm-up:`, '',
    ...head, ...f.lookbook.map(row), '',
    `seed_heavy's wardrobe (GET /api/siims/wardrobe, /api/siims/wardrobe/collections), ${requests} sequential requests each:`, '',
    ...head, ...f.wardrobe.map(row), '',
    'Under 50 connections (autocannon): the bare route, then the naive floor and the product\'s page in turns, twice (each row their mean):', '',
    loadTable, '',
    floorLine,
  ].join('\n');
}
