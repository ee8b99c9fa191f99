import os from 'node:os';
import { createDb, type DbHandle } from '@drape/db';
import { testLogger } from '@drape/log/testing';
import { startProcess, stopProcess } from './processes';
import { load, round1, seedDatabase, seedScale, sequential, type LatencyRow, type LoadRow, type SeedFigures } from './lookbook';

/**
 * The admin area at a million looks (issue 9): the LookBook bench's database (`seedLooks`: 1,000,000
 * looks, 100,000 in the LookBook, 10,000 users), then through the real server and REST with an
 * admin token, the server's own time (Server-Timing) of one request at a time after a warm-up: the
 * gallery page of 20 unfiltered, with each filter, the search, the oldest-first sort, a combined
 * filter and 10,000 looks deep; then the figures the dashboards poll (stats every 30 s, severity
 * every 5-30 s). Beside them, in the same sitting, the floors: the bare Fastify route and the
 * server's cheapest authenticated admin call (GET /api/admin/me).
 */
export interface AdminFigures {
  seed: SeedFigures;
  loadAverage: { before: number; after: number };
  floors: LatencyRow[];
  gallery: LatencyRow[];
  dashboards: LatencyRow[];
  load: LoadRow[];
}

interface Option {
  id: string;
  name?: string;
}

async function adminLogin(base: string): Promise<string> {
  const res = await fetch(`${base}/api/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ adminKey: 'bench', password: 'bench-password' }) });
  if (res.status !== 200) throw new Error(`bench admin login failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

/** The most common value of a column among all looks, with its count. */
async function top(pool: DbHandle['pool'], column: string, where = 'true'): Promise<{ v: string; n: number }> {
  return (await pool.query(`select ${column}::text as v, count(*)::int as n from generated_images where ${column} is not null and ${where} group by 1 order by 2 desc limit 1`)).rows[0] as { v: string; n: number };
}

/** The least common value of a column (a filter whose page is a long walk for a naive plan). */
async function rarest(pool: DbHandle['pool'], column: string): Promise<{ v: string; n: number }> {
  return (await pool.query(`select ${column}::text as v, count(*)::int as n from generated_images where ${column} is not null group by 1 order by 2 asc limit 1`)).rows[0] as { v: string; n: number };
}

export async function benchAdmin(url: string, dataDir: string, opts: { looks: number; requests: number; seconds: number; log: (line: string) => void }): Promise<AdminFigures> {
  const scale = seedScale(opts.looks);
  opts.log(`[bench] admin: seeding ${scale.looks} looks (${scale.lookbook} in the LookBook), ${scale.users} users`);
  const seed = await seedDatabase(url, dataDir, scale, opts.log);
  opts.log(`[bench] admin: seeded in ${seed.seconds.total} s`);
  const handle = createDb(url, 2, testLogger('cli'));
  const server = await startProcess('apps/server/src/main.ts', {
    DATABASE_URL: url, DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'warn', TRUST_PROXY: 'true', ALTCHA_MAX_NUMBER: '1000', SERVER_TIMING: 'on',
    ADMIN_KEY: 'bench', ADMIN_PASSWORD: 'bench-password', LOOKBOOK_AUTOCURATE: '0',
  }, { listening: true, stdout: 'inherit' });
  const bare = await startProcess('bench/bare-fastify.ts', {}, { listening: true });
  const base = `http://127.0.0.1:${server.port}`;
  try {
    const token = await adminLogin(base);
    const { requests } = opts;
    const warmup = 20;
    const before = round1(os.loadavg()[0]!);
    const run = async (list: LatencyRow[], name: string, path: string, matches: number | null) => {
      list.push(await sequential(base, token, name, path, matches, requests, warmup));
      opts.log(`[bench] admin: ${name}: p50 ${list.at(-1)!.serverP50Ms} ms, p99 ${list.at(-1)!.serverP99Ms} ms`);
    };

    const floors: LatencyRow[] = [];
    await run(floors, 'GET /api/admin/me (token check only)', '/api/admin/me', null);

    const options = (await (await fetch(`${base}/api/admin/filter-options`, { headers: { authorization: `Bearer ${token}` } })).json()) as Record<string, Option[]>;
    const total = Number((await handle.pool.query('select count(*)::int as n from generated_images')).rows[0].n);
    const gender = await top(handle.pool, 'gender');
    const tone = await top(handle.pool, 'skin_tone');
    const shape = await rarest(handle.pool, 'body_shape');
    const vibe = await top(handle.pool, 'style_vibe');
    const occasion = await top(handle.pool, 'selection_id', `selection_kind = 'occasion'`);
    const season = await top(handle.pool, 'selection_id', `selection_kind = 'palette'`);
    const status = (await handle.pool.query(`select count(*)::int as n from generated_images where status = 'lookbook'`)).rows[0].n as number;
    const archived = (await handle.pool.query(`select count(*)::int as n from generated_images where status = 'archived'`)).rows[0].n as number;
    const both = (await handle.pool.query(`select count(*)::int as n from generated_images where gender = $1 and selection_kind = 'occasion' and selection_id = $2`, [gender.v, occasion.v])).rows[0].n as number;
    const code = (await handle.pool.query(`select combination_code as v from generated_images group by 1 order by count(*) desc limit 1`)).rows[0].v as string;
    const codeCount = (await handle.pool.query(`select count(*)::int as n from generated_images where combination_code = $1`, [code])).rows[0].n as number;
    if (!options.genders?.length) throw new Error('filter-options answered no genders');

    const gallery: LatencyRow[] = [];
    const page = (query: string, pageNo = 1) => `/api/admin/images?page=${pageNo}&limit=20&sort=newest${query ? `&${query}` : ''}`;
    const rows: [string, string, number][] = [
      ['unfiltered', page(''), total],
      ['unfiltered, oldest first', '/api/admin/images?page=1&limit=20&sort=oldest', total],
      ['unfiltered, page 501 (10,000 deep)', page('', 501), total],
      ['status lookbook', page('status=lookbook'), status],
      ['status archived', page('status=archived'), archived],
      [`gender ${gender.v}`, page(`gender=${gender.v}`), gender.n],
      [`skinTone ${tone.v}`, page(`skinTone=${tone.v}`), tone.n],
      [`bodyShape ${shape.v} (rarest)`, page(`bodyShape=${shape.v}`), shape.n],
      [`occasion ${occasion.v}`, page(`occasion=${occasion.v}`), occasion.n],
      [`styleVibe ${vibe.v}`, page(`styleVibe=${vibe.v}`), vibe.n],
      [`season ${season.v}`, page(`season=${season.v}`), season.n],
      [`search ${code}`, page(`search=${encodeURIComponent(code)}`), codeCount],
      [`gender ${gender.v} + occasion ${occasion.v}`, page(`gender=${gender.v}&occasion=${occasion.v}`), both],
      [`styleVibe ${vibe.v}, page 501`, page(`styleVibe=${vibe.v}`, 501), vibe.n],
    ];
    for (const [name, path, matches] of rows) await run(gallery, name, path, matches);

    const dashboards: LatencyRow[] = [];
    for (const path of ['/api/admin/stats', '/api/admin/inventory-stats', '/api/admin/inventory-severity', '/api/admin/sev-stats', '/api/admin/sev-queue-status', '/api/admin/runpods-status', '/api/admin/batch-jobs']) {
      await run(dashboards, `GET ${path}`, path, null);
    }

    const loadRows: LoadRow[] = [];
    loadRows.push(await load('bare Fastify GET', { url: `http://127.0.0.1:${bare.port}/ping` }, 50, opts.seconds));
    loadRows.push(await load('GET /api/admin/images?page=1&limit=20', { url: `${base}${page('')}`, headers: { authorization: `Bearer ${token}` } }, 50, opts.seconds));
    loadRows.push(await load('GET /api/admin/inventory-stats', { url: `${base}/api/admin/inventory-stats`, headers: { authorization: `Bearer ${token}` } }, 50, opts.seconds));
    await new Promise((r) => setTimeout(r, 1000));
    return { seed, loadAverage: { before, after: round1(os.loadavg()[0]!) }, floors, gallery, dashboards, load: loadRows };
  } finally {
    await stopProcess(server.child);
    await stopProcess(bare.child);
    await handle.close();
  }
}

const GALLERY_GOAL_MS = 50;
const DASHBOARD_GOAL_MS = 100;

export function adminTables(f: AdminFigures): string {
  const row = (goal: number | null) => (r: LatencyRow) => {
    const p99 = goal === null ? `${r.serverP99Ms}` : r.serverP99Ms < goal ? `**${r.serverP99Ms}**` : `**${r.serverP99Ms}** (over ${goal})`;
    return `| ${r.name} | ${r.matches === null ? '' : r.matches.toLocaleString('en')} | ${r.returned} | ${r.serverP50Ms} | ${p99} | ${r.clientP50Ms} | ${r.clientP99Ms} |`;
  };
  const head = ['| request | matching | returned | server p50 ms | server p99 ms | client p50 ms | client p99 ms |', '|---|---|---|---|---|---|---|'];
  const bare = f.load.find((l) => l.name.startsWith('bare'));
  const floor = f.floors[0];
  const ratio = (r: LatencyRow) => (floor && floor.serverP50Ms > 0 ? `${round1(r.serverP50Ms / floor.serverP50Ms)}x` : '');
  const requests = f.gallery[0]?.requests ?? 0;
  const worst = (rows: LatencyRow[]) => Math.max(...rows.map((r) => r.serverP99Ms));
  return [
    `A fresh database seeded by \`seedLooks\`: ${f.seed.looks.toLocaleString('en')} looks (${f.seed.lookbook.toLocaleString('en')} in the LookBook), ${f.seed.users.toLocaleString('en')} users, in ${f.seed.seconds.total} s.`,
    `The machine's load average (1 minute) was ${f.loadAverage.before} as the measurements began and ${f.loadAverage.after} as they ended (${os.cpus().length} cores).`, '',
    `Floors in the same sitting, ${requests} sequential requests: the server's token check alone (GET /api/admin/me) p50 ${floor?.serverP50Ms} ms, p99 ${floor?.serverP99Ms} ms.`, '',
    `Gallery pages of 20 (GET /api/admin/images), ${requests} sequential requests each; goal p99 < ${GALLERY_GOAL_MS} ms in the server (worst: ${worst(f.gallery)} ms):`, '',
    ...head, ...f.gallery.map(row(GALLERY_GOAL_MS)), '',
    `Dashboard figures, ${requests} sequential requests each; goal < ${DASHBOARD_GOAL_MS} ms (worst p99: ${worst(f.dashboards)} ms; p50 as a multiple of the token check: ${f.dashboards.map((r) => `${r.name.replace('GET /api/admin/', '')} ${ratio(r)}`).join(', ')}):`, '',
    ...head, ...f.dashboards.map(row(DASHBOARD_GOAL_MS)), '',
    '| path | connections | requests/s | p50 ms | p99 ms | non-2xx |', '|---|---|---|---|---|---|',
    ...f.load.map((l) => `| ${l.name} | ${l.connections} | ${l.requestsPerSecond}${bare && l !== bare ? ` (${(l.requestsPerSecond / bare.requestsPerSecond).toFixed(3)}x bare)` : ''} | ${l.p50Ms} | ${l.p99Ms} | ${l.non2xx} |`),
  ].join('\n');
}
