import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrapAdmin } from '@drape/auth';
import { ensureMatrix } from '@drape/boot';
import { parseCombinationCode, SEVERITY_LEVELS, severityLevel, type Combination } from '@drape/contracts';
import { initSevQueue, markStopped, registerWorker } from '@drape/operations';
import { startTestServer, type TestServer } from './testing/harness';
import { makeLook } from '@drape/looks/testing';
import { copyLook, curate } from './testing/looks';
import { archive, publish } from '@drape/looks';

/**
 * The Analytics, Severity, pods, Inventory and Combo Matrix paths over HTTP, with real figures:
 * each answer is compared with what count(*) over the tables says.
 */
let s: TestServer;
let token: string;
let combo: string;
let looks: string[];

const get = (path: string) => s.call('GET', path, undefined, { token });
/** One row of a plain SQL read (count(*) as the reference). */
const one = async <T extends object>(text: string): Promise<T> => (await s.db.pool.query(text)).rows[0] as T;

beforeAll(async () => {
  s = await startTestServer();
  await ensureMatrix(s.db.db);
  await bootstrapAdmin(s.db.db, 'ops', 'correct horse');
  token = (await s.call('POST', '/api/admin/login', { adminKey: 'ops', password: 'correct horse' })).body.token;

  combo = (await s.db.db.selectFrom('combinations').select('code').where('active', '=', true).orderBy('code').limit(1).executeTakeFirstOrThrow()).code;
  const c = parseCombinationCode(combo) as Combination;
  const first = (await makeLook(s.db.db, { combination: c })).id;
  const second = (await makeLook(s.db.db, { combination: c })).id;
  looks = [first, second, await copyLook(s, first, new Date()), await copyLook(s, second, new Date())];
  await curate(s, [looks[2]!]);
  await archive(s.db.db, [looks[3]!]);
}, 120_000);
afterAll(() => s.close());

describe('GET /api/admin/stats', () => {
  it('answers accounts from the counter and activity from the sessions', async () => {
    const a = await s.register();
    await s.register();
    // An account older than 30 days whose last session was active 3 days ago: in MAU, not DAU, not a sign-up.
    const old = await s.register();
    await s.db.db.updateTable('users').set({ created_at: new Date(Date.now() - 40 * 86_400_000) } as never).where('id', '=', old.user.id).execute();
    await s.db.db.updateTable('sessions').set({ last_activity_at: new Date(Date.now() - 3 * 86_400_000) }).where('user_id', '=', old.user.id).execute();

    const res = await get('/api/admin/stats');
    expect(res.status).toBe(200);
    const users = await one<{ n: number }>('select count(*)::int as n from users');
    expect(res.body).toMatchObject({ totalUsers: users.n, dau: 2, mau: 3, signups: 2 });
    expect(Date.parse(res.body.computedAt)).not.toBeNaN();

    // A new account counts at once; activity is the cached aggregate of at most a minute ago.
    await s.register();
    const again = await get('/api/admin/stats');
    expect(again.body).toMatchObject({ totalUsers: users.n + 1, dau: 2, mau: 3, signups: 2, computedAt: res.body.computedAt });
    // Ending a user's sessions does not remove the account.
    await s.db.db.deleteFrom('sessions').where('user_id', '=', a.user.id).execute();
    expect((await get('/api/admin/stats')).body.totalUsers).toBe(users.n + 1);
  });
});

describe('GET /api/admin/inventory-stats', () => {
  const counted = () => one<{ total: number; viewable: number; lookbook: number; archived: number; views: number; today: number }>(`
    select count(*)::int as total, count(*) filter (where status = 'viewable')::int as viewable, count(*) filter (where status = 'lookbook')::int as lookbook,
           count(*) filter (where status = 'archived')::int as archived, (select count(*)::int from image_views) as views,
           count(*) filter (where created_at >= date_trunc('day', now() at time zone 'UTC') at time zone 'UTC')::int as today
    from generated_images`);

  it('matches count(*) of the looks, and keeps matching through views, status changes and deletes', async () => {
    const check = async () => {
      const res = await get('/api/admin/inventory-stats');
      expect(res.status).toBe(200);
      const c = await counted();
      expect(res.body).toEqual({ total: c.total, viewable: c.viewable, lookbook: c.lookbook, archived: c.archived, totalViewed: c.views, dailyCreated: c.today });
      return res.body;
    };
    expect(await check()).toMatchObject({ total: 4, viewable: 2, lookbook: 1, archived: 1, totalViewed: 0, dailyCreated: 4 });

    const viewer = await s.register();
    await s.db.db.insertInto('image_views').values([{ user_id: viewer.user.id, image_id: looks[0]! }, { user_id: viewer.user.id, image_id: looks[1]! }]).execute();
    await publish(s.db.db, [looks[1]!]);
    expect(await check()).toMatchObject({ viewable: 1, lookbook: 2, totalViewed: 2 });

    // An old look counts in the total, not today; deleting a look takes its views along.
    const old = await copyLook(s, looks[0]!, new Date());
    await s.db.db.updateTable('generated_images').set({ created_at: new Date(Date.now() - 5 * 86_400_000) } as never).where('id', '=', old).execute();
    expect(await check()).toMatchObject({ total: 5, dailyCreated: 4 });
    await s.db.db.deleteFrom('generated_images').where('id', 'in', [old, looks[1]!]).execute();
    expect(await check()).toMatchObject({ total: 3, totalViewed: 1 });
  });
});

describe('Severity', () => {
  it('GET /api/admin/inventory-severity: one row per level over the active matrix', async () => {
    const res = await get('/api/admin/inventory-severity');
    expect(res.status).toBe(200);
    expect(res.body.map((r: { severity_level: string }) => r.severity_level)).toEqual([...SEVERITY_LEVELS]);
    const counts = await s.db.db.selectFrom('combinations').select('image_count').where('active', '=', true).execute();
    for (const row of res.body) {
      const n = counts.filter((c) => severityLevel(c.image_count) === row.severity_level).length;
      expect(row).toMatchObject({ combo_count: n, percentage: Math.round((n / counts.length) * 1000) / 10 });
      expect(typeof row.description).toBe('string');
    }
    // The stocked combination left SEV-1.
    expect(res.body[1].combo_count).toBeGreaterThanOrEqual(1);
  });

  it('GET /api/admin/sev-stats: combinations at SEV-1, SEV-2, SEV-3', async () => {
    const severity = (await get('/api/admin/inventory-severity')).body as { combo_count: number }[];
    const res = await get('/api/admin/sev-stats');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ sev1: severity[0]!.combo_count, sev2: severity[1]!.combo_count, sev3: severity[2]!.combo_count });
  });

  it('GET /api/admin/sev-queue-status: empty, then the queue\'s focus and progress per level and cycle', async () => {
    const empty = await get('/api/admin/sev-queue-status');
    expect(empty.status).toBe(200);
    expect(empty.body.currentFocus).toBeNull();
    expect(empty.body.progressStats.sev1).toEqual({ total: 0, completed: 0, cycle1: 0, cycle2: 0, cycle3: 0, cycle4: 0, cycle5: 0 });

    await initSevQueue(s.db.db, 6);
    await s.db.db.updateTable('sev_queue').set({ sent_at: new Date(), completed_at: new Date() }).where('sequence', '<=', 2).execute();
    const res = await get('/api/admin/sev-queue-status');
    expect(res.body.currentFocus).toEqual({ sevLevel: 'SEV-1', sequence: 3, cycle: 1 });
    expect(res.body.progressStats.sev1).toEqual({ total: 6, completed: 2, cycle1: 2, cycle2: 0, cycle3: 0, cycle4: 0, cycle5: 0 });
    expect(Object.keys(res.body.progressStats)).toEqual(['sev1', 'sev2', 'sev3', 'sev4']);
    await s.db.db.deleteFrom('sev_queue').execute();
  });

  it('GET /api/admin/runpods-status: the pipeline workers, newest first; offline ones for a day', async () => {
    const gone = await registerWorker(s.db.db, 'worker-gone');
    await s.db.db.updateTable('pipeline_workers').set({ last_heartbeat_at: new Date(Date.now() - 2 * 86_400_000), started_at: new Date(Date.now() - 3 * 86_400_000) } as never).where('id', '=', gone).execute();
    const stopped = await registerWorker(s.db.db, 'worker-stopped');
    await s.db.db.updateTable('pipeline_workers').set({ started_at: new Date(Date.now() - 60_000) } as never).where('id', '=', stopped).execute();
    await markStopped(s.db.db, stopped);
    const running = await registerWorker(s.db.db, 'worker-running');

    const res = await get('/api/admin/runpods-status');
    expect(res.status).toBe(200);
    expect(res.body.map((p: { name: string; status: string }) => [p.name, p.status])).toEqual([['worker-running', 'running'], ['worker-stopped', 'offline']]);
    expect(res.body[0]).toMatchObject({ id: running, host: expect.any(String), pid: process.pid, lastError: null });
    expect(Date.now() - Date.parse(res.body[0].lastHeartbeat)).toBeLessThan(60_000);
  });
});

describe('Inventory and Combo Matrix', () => {
  it('GET /api/admin/combo-matrix: the active matrix with counts and levels, filtered and paged', async () => {
    const active = Number((await s.db.db.selectFrom('combinations').select((eb) => eb.fn.countAll<number>().as('n')).where('active', '=', true).executeTakeFirstOrThrow()).n);
    const all = await get('/api/admin/combo-matrix?limit=500');
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ total: active, page: 1, hasMore: active > 500 });
    expect(all.body.rows[0]).toMatchObject({ combinationCode: combo, imageCount: 3, severityLevel: 'SEV-2' });

    const female = await get('/api/admin/combo-matrix?gender=female&selectionKind=occasion&page=2&limit=10');
    expect(female.body.rows).toHaveLength(10);
    expect(female.body.rows.every((r: { gender: string; selectionKind: string }) => r.gender === 'female' && r.selectionKind === 'occasion')).toBe(true);
    const sev2 = await get('/api/admin/combo-matrix?severity=SEV-2');
    expect(sev2.body.rows.map((r: { combinationCode: string }) => r.combinationCode)).toContain(combo);
    expect(sev2.body.rows.every((r: { severityLevel: string }) => r.severityLevel === 'SEV-2')).toBe(true);
    expect((await get('/api/admin/combo-matrix?severity=all')).body.total).toBe(active);

    for (const bad of ['severity=SEV-9', 'limit=0', 'gender=other', 'page=x']) {
      const res = await get(`/api/admin/combo-matrix?${bad}`);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: 'invalid_input', message: expect.any(String) });
    }
  });

  it('GET /api/admin/inventory/:combinationCode: prompt, looks per status, newest thumbnails', async () => {
    const res = await get(`/api/admin/inventory/${encodeURIComponent(combo)}`);
    expect(res.status).toBe(200);
    const stored = await s.db.db.selectFrom('generated_images').select(['id', 'status']).where('combination_code', '=', combo).execute();
    expect(res.body).toMatchObject({
      combinationCode: combo,
      prompt: expect.stringMatching(/\S/),
      active: true,
      counts: {
        viewable: stored.filter((r) => r.status === 'viewable').length,
        lookbook: stored.filter((r) => r.status === 'lookbook').length,
        archived: stored.filter((r) => r.status === 'archived').length,
        blocked: 0,
      },
    });
    expect(res.body.newest.map((r: { id: string }) => r.id).sort()).toEqual(stored.map((r) => r.id).sort());
    expect(res.body.newest[0].thumbUrl).toMatch(/^\/media\/.+\.webp$/);

    const missing = await get('/api/admin/inventory/female.trend.nothing.any.any.any');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ error: 'not_found' });
  });
});
