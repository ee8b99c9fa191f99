import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrapAdmin } from '@drape/auth';
import { MAINTENANCE_MESSAGE } from '@drape/contracts/admin';
import { OFFICIAL_LOGO_PATH } from '@drape/contracts/brand';
import { PERFORMANCE_MODES } from '@drape/contracts/generation';
import { PLATFORM_SETTINGS_CACHE_MS, forgetPlatformSettings, updatePlatformSettings } from '@drape/db';
import { startTestServer, type TestServer } from './testing/harness';
import { makeLook } from '@drape/looks/testing';

/** The admin Settings tab's calls: platform toggles (Maintenance Mode enforced), prompts, performance mode. */
let s: TestServer;
let admin: string;
let user: { token: string; user: { id: string } };

beforeAll(async () => {
  // A real pipeline worker: the performance mode must reach it; it also lays out the combination matrix.
  s = await startTestServer({ pipeline: true });
  await bootstrapAdmin(s.db.db, 'ops', 'correct horse');
  admin = (await s.call('POST', '/api/admin/login', { adminKey: 'ops', password: 'correct horse' })).body.token;
  user = await s.register();
}, 120_000);
afterAll(() => s.close());

const auditRows = (action: string) =>
  s.db.db.selectFrom('admin_audit_log').selectAll().where('action', '=', action).orderBy('id').execute();

async function until(check: () => boolean, ms = 10_000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A tRPC query by GET, as the web app sends it. */
const trpcQuery = (path: string, token?: string) => s.call('GET', `/trpc/${path}`, undefined, token ? { token } : {});

describe('platform toggles', () => {
  it('reads the defaults: maintenance off, analytics and push notifications on', async () => {
    expect(await s.call('GET', '/api/admin/settings', undefined, { token: admin })).toMatchObject({
      status: 200, body: { maintenanceMode: false, analyticsTracking: true, pushNotifications: true },
    });
    expect((await s.call('GET', '/api/platform')).body).toEqual({ maintenanceMode: false, analyticsTracking: true, pushNotifications: true, maintenanceMessage: null });
  });

  it('saves a toggle, keeps the others, and writes the audit row', async () => {
    const res = await s.call('PATCH', '/api/admin/settings', { pushNotifications: false }, { token: admin });
    expect(res).toMatchObject({ status: 200, body: { maintenanceMode: false, analyticsTracking: true, pushNotifications: false } });
    expect((await s.call('GET', '/api/admin/settings', undefined, { token: admin })).body.pushNotifications).toBe(false);
    expect((await s.call('GET', '/api/platform')).body.pushNotifications).toBe(false);
    const [row] = await auditRows('admin.settings.update');
    expect(row).toMatchObject({ actor: 'ops', actor_kind: 'admin', target_id: null });
    expect(row!.details).toMatchObject({ input: { pushNotifications: false }, result: { pushNotifications: false } });
    await s.call('PATCH', '/api/admin/settings', { pushNotifications: true }, { token: admin });
    expect((await s.call('GET', '/api/platform')).body.pushNotifications).toBe(true);
  });

  it('refuses bad input with 400 and changes nothing', async () => {
    const before = (await auditRows('admin.settings.update')).length;
    for (const body of [{}, { maintenanceMode: 'yes' }, { maintenanceMode: true, theme: 'dark' }, { analyticsTracking: null }]) {
      const res = await s.call('PATCH', '/api/admin/settings', body, { token: admin });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: 'invalid_input', message: expect.any(String) });
    }
    expect((await s.call('GET', '/api/admin/settings', undefined, { token: admin })).body).toEqual({ maintenanceMode: false, analyticsTracking: true, pushNotifications: true });
    expect(await auditRows('admin.settings.update')).toHaveLength(before);
  });

  it('Analytics Tracking off: shopping clicks are answered but not recorded', async () => {
    const imageId = (await makeLook(s.db.db, { combination: { gender: 'female', trend: 'denim' } })).id;
    // Served to the user (as Get My Look records it): only a look the user may see can be shopped.
    await s.db.db.insertInto('image_views').values({ user_id: user.user.id, image_id: imageId }).execute();
    const id = (await s.db.db.selectFrom('fashion_items').select('id').where('image_id', '=', imageId).limit(1).executeTakeFirstOrThrow()).id;
    expect(id).toBeTruthy();
    const clicks = async () => Number((await s.db.db.selectFrom('shopping_clicks').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const first = await clicks();
    expect((await s.call('POST', `/api/fashion-items/${id}/track-click`, { platform: 'google' }, { token: user.token })).body).toEqual({ success: true, recorded: true });
    expect(await clicks()).toBe(first + 1);
    await s.call('PATCH', '/api/admin/settings', { analyticsTracking: false }, { token: admin });
    try {
      expect((await s.call('GET', '/api/platform')).body.analyticsTracking).toBe(false);
      expect((await s.call('POST', `/api/fashion-items/${id}/track-click`, { platform: 'amazon' }, { token: user.token })).body).toEqual({ success: true, recorded: false });
      expect(await clicks()).toBe(first + 1);
    } finally {
      await s.call('PATCH', '/api/admin/settings', { analyticsTracking: true }, { token: admin });
    }
  }, 120_000);
});

describe('Maintenance Mode', () => {
  it('on: user REST and tRPC calls answer 503 with the message; admin, health, the status read and assets keep working; off restores', async () => {
    const on = await s.call('PATCH', '/api/admin/settings', { maintenanceMode: true }, { token: admin });
    expect(on).toMatchObject({ status: 200, body: { maintenanceMode: true } });
    try {
      const maintenance = { error: 'maintenance', message: MAINTENANCE_MESSAGE };
      // REST: signed in, signed out, public, and bad input alike (nothing runs before the check).
      expect(await s.call('GET', '/api/user/profile', undefined, { token: user.token })).toMatchObject({ status: 503, body: maintenance });
      expect(await s.call('GET', '/api/monthly-trends')).toMatchObject({ status: 503, body: maintenance });
      expect(await s.call('POST', '/api/auth/login', { email: 'a@b.c', password: 'x' })).toMatchObject({ status: 503, body: maintenance });
      expect(await s.call('POST', '/api/generate-outfit', { nonsense: true }, { token: user.token })).toMatchObject({ status: 503, body: maintenance });
      // tRPC, single and batched, as the web app calls it.
      const single = await trpcQuery('user.profile', user.token);
      expect(single.status).toBe(503);
      expect(single.body.error).toMatchObject({ message: MAINTENANCE_MESSAGE, data: { appCode: 'maintenance', httpStatus: 503 } });
      const batch = await trpcQuery('catalog.monthlyTrends,user.profile?batch=1', user.token);
      expect(batch.status).toBe(503);
      expect(batch.body.map((r: { error: { data: { appCode: string } } }) => r.error.data.appCode)).toEqual(['maintenance', 'maintenance']);

      // What keeps working: the status read (REST and tRPC), the admin area, the probes, the logo.
      expect((await s.call('GET', '/api/platform')).body).toMatchObject({ maintenanceMode: true, maintenanceMessage: MAINTENANCE_MESSAGE });
      expect((await trpcQuery('meta.platform')).body.result.data).toMatchObject({ maintenanceMode: true });
      expect((await s.call('GET', '/api/version')).status).toBe(200);
      expect((await s.call('GET', '/api/admin/settings', undefined, { token: admin })).status).toBe(200);
      expect((await s.call('GET', '/api/admin/performance-mode', undefined, { token: admin })).status).toBe(200);
      expect((await trpcQuery('admin.settings.get', admin)).body.result.data.maintenanceMode).toBe(true);
      expect((await s.call('POST', '/api/admin/login', { adminKey: 'ops', password: 'correct horse' })).status).toBe(200);
      // An admin path still refuses a user's token (401, not 503).
      expect((await s.call('GET', '/api/admin/settings', undefined, { token: user.token })).status).toBe(401);
      expect(await s.call('GET', '/healthz')).toMatchObject({ status: 200, body: { status: 'ok' } });
      // Maintenance is the product's, not the process's: the server stays ready (in the load balancer).
      expect(await s.call('GET', '/readyz')).toMatchObject({ status: 200, body: { status: 'ready' } });
      const logo = await fetch(`${s.url}${OFFICIAL_LOGO_PATH}`);
      expect(logo.status).toBe(200);
      expect(logo.headers.get('content-type')).toBe('image/png');
    } finally {
      const off = await s.call('PATCH', '/api/admin/settings', { maintenanceMode: false }, { token: admin });
      expect(off).toMatchObject({ status: 200, body: { maintenanceMode: false } });
    }
    expect((await s.call('GET', '/api/user/profile', undefined, { token: user.token })).status).toBe(200);
    expect((await trpcQuery('user.profile', user.token)).status).toBe(200);
    expect((await s.call('GET', '/api/platform')).body).toMatchObject({ maintenanceMode: false, maintenanceMessage: null });
    const rows = await auditRows('admin.settings.update');
    expect(rows.slice(-2).map((r) => (r.details as { input: unknown }).input)).toEqual([{ maintenanceMode: true }, { maintenanceMode: false }]);
  });

  it('a change made by another process (the CLI, another server) is followed within the cache age', async () => {
    // Written straight to the database, as another process would: this process's cache holds the old value at most this long.
    await s.call('GET', '/api/monthly-trends');
    await s.db.db.insertInto('settings').values({ key: 'platform:maintenance-mode', value: 'true' })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: 'true' })).execute();
    try {
      const started = Date.now();
      let status = 200;
      while (status !== 503 && Date.now() - started < PLATFORM_SETTINGS_CACHE_MS + 2000) {
        status = (await s.call('GET', '/api/monthly-trends')).status;
        if (status !== 503) await new Promise((r) => setTimeout(r, 100));
      }
      expect(status).toBe(503);
      expect(Date.now() - started).toBeLessThanOrEqual(PLATFORM_SETTINGS_CACHE_MS + 500);
    } finally {
      await updatePlatformSettings(s.db.db, { maintenanceMode: false });
      forgetPlatformSettings(s.db.db);
    }
    expect((await s.call('GET', '/api/monthly-trends')).status).toBe(200);
  });
});

describe('prompts', () => {
  it('verifies, regenerates with its stats, and audits the regeneration', async () => {
    // A stale prompt, as an older generator would have left it.
    const code = (await s.db.db.selectFrom('combinations').select('code').where('active', '=', true).orderBy('code').limit(1).executeTakeFirstOrThrow()).code;
    await s.db.db.updateTable('combinations').set({ enhanced_prompt: 'an old prompt' }).where('code', '=', code).execute();
    const stale = await s.call('GET', '/api/admin/verify-prompts', undefined, { token: admin });
    expect(stale.status).toBe(200);
    expect(stale.body).toMatchObject({ stale: 1, missing: 0, ok: false, samples: [code] });
    expect(stale.body.active).toBeGreaterThan(100);

    const res = await s.call('POST', '/api/admin/regenerate-enhanced-prompts', undefined, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ updated: expect.any(Number), errors: 0, total: expect.any(Number), duration: expect.any(Number), samplePromptLength: expect.any(Number) });
    expect(res.body.updated).toBeGreaterThanOrEqual(stale.body.active);
    expect(res.body.samplePromptLength).toBeGreaterThan(50);
    expect((await s.db.db.selectFrom('combinations').select('enhanced_prompt').where('code', '=', code).executeTakeFirstOrThrow()).enhanced_prompt).not.toBe('an old prompt');
    expect((await s.call('GET', '/api/admin/verify-prompts', undefined, { token: admin })).body).toMatchObject({ stale: 0, missing: 0, ok: true, samples: [] });
    const [row] = await auditRows('admin.prompts.regenerate');
    expect(row).toMatchObject({ actor: 'ops', actor_kind: 'admin' });
    expect(row!.details).toMatchObject({ result: { updated: res.body.updated, errors: 0 } });
  }, 120_000);

  it('shows sample prompts of both genders and every selection kind', async () => {
    const res = await s.call('GET', '/api/admin/sample-prompts', undefined, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(6);
    expect(new Set(res.body.map((p: { gender: string }) => p.gender))).toEqual(new Set(['female', 'male']));
    expect(new Set(res.body.map((p: { selection: string }) => p.selection.split(':')[0]))).toEqual(new Set(['Trend', 'Palette', 'Occasion']));
    for (const p of res.body) {
      const stored = await s.db.db.selectFrom('combinations').select('enhanced_prompt').where('code', '=', p.combinationCode).executeTakeFirstOrThrow();
      expect(p.prompt).toBe(stored.enhanced_prompt);
    }
  });
});

describe('performance mode', () => {
  it('increase_concurrency makes the running worker aggressive within seconds; reset_defaults brings it back; both audited', async () => {
    expect((await s.call('GET', '/api/admin/performance-mode', undefined, { token: admin })).body).toEqual({
      mode: 'conservative', concurrency: 4, batchSize: 16, delayMs: 1000, timeoutSeconds: 60, targetImagesPerMinute: null,
    });
    expect(s.pipeline!.performance()).toEqual({ mode: 'conservative', generateWorkers: PERFORMANCE_MODES.conservative.concurrency });
    const up = await s.call('POST', '/api/admin/optimize-runpod-performance', { action: 'increase_concurrency' }, { token: admin });
    expect(up).toMatchObject({ status: 200, body: { mode: 'aggressive', concurrency: 5, batchSize: 20, delayMs: 500, timeoutSeconds: 45, targetImagesPerMinute: 10 } });
    expect((await s.call('GET', '/api/admin/performance-mode', undefined, { token: admin })).body.mode).toBe('aggressive');
    await until(() => s.pipeline!.performance().mode === 'aggressive');
    expect(s.pipeline!.performance().generateWorkers).toBe(5);

    const down = await s.call('POST', '/api/admin/optimize-runpod-performance', { action: 'reset_defaults' }, { token: admin });
    expect(down.body).toMatchObject({ mode: 'conservative', concurrency: 4 });
    await until(() => s.pipeline!.performance().mode === 'conservative');
    expect(s.pipeline!.performance().generateWorkers).toBe(4);

    const rows = await auditRows('admin.performance.set');
    expect(rows.map((r) => (r.details as { input: unknown }).input)).toEqual([{ action: 'increase_concurrency' }, { action: 'reset_defaults' }]);
    expect(rows[0]).toMatchObject({ actor: 'ops', actor_kind: 'admin' });
  }, 30_000);

  it('refuses an unknown action with 400 and changes nothing', async () => {
    for (const body of [{ action: 'turbo' }, {}, { action: 1 }]) {
      const res = await s.call('POST', '/api/admin/optimize-runpod-performance', body, { token: admin });
      expect(res).toMatchObject({ status: 400, body: { error: 'invalid_input' } });
    }
    expect((await s.call('GET', '/api/admin/performance-mode', undefined, { token: admin })).body.mode).toBe('conservative');
    expect(await auditRows('admin.performance.set')).toHaveLength(2);
  });
});
