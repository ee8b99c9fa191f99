import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAINTENANCE_MESSAGE, PLATFORM_SETTING_KEYS } from '@drape/contracts/admin';
import { cachedPlatformSettings, forgetPlatformSettings, PLATFORM_SETTINGS_CACHE_MS, readPerformanceMode } from '@drape/db';
import { createTestServices, type TestServices } from '../testing/services';
import { applyPerformanceAction, changePlatformSettings, performanceMode, platformSettings, platformStatus } from './settings.service';

let t: TestServices;
beforeAll(async () => {
  t = await createTestServices();
});
afterAll(() => t.close());

describe('platform toggles', () => {
  it('reads the defaults, then what was saved; a change here applies at once', async () => {
    const db = t.services.db;
    expect(await platformSettings(db)).toEqual({ maintenanceMode: false, analyticsTracking: true, pushNotifications: true });
    expect(await platformStatus(db)).toMatchObject({ maintenanceMode: false, maintenanceMessage: null });
    expect(await changePlatformSettings(db, { maintenanceMode: true, pushNotifications: false })).toEqual({ maintenanceMode: true, analyticsTracking: true, pushNotifications: false });
    expect(await platformStatus(db)).toEqual({ maintenanceMode: true, analyticsTracking: true, pushNotifications: false, maintenanceMessage: MAINTENANCE_MESSAGE });
    await changePlatformSettings(db, { maintenanceMode: false, pushNotifications: true });
    expect(await platformStatus(db)).toMatchObject({ maintenanceMode: false, pushNotifications: true, maintenanceMessage: null });
  });

  it("follows another process's change once the cached copy is older than the cache age", async () => {
    const db = t.services.db;
    forgetPlatformSettings(db);
    const now = Date.now();
    expect((await cachedPlatformSettings(db, now)).analyticsTracking).toBe(true);
    // As another process writes it: this process's cache is not told.
    await db.insertInto('settings').values({ key: PLATFORM_SETTING_KEYS.analyticsTracking, value: 'false' })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: 'false' })).execute();
    expect((await cachedPlatformSettings(db, now + PLATFORM_SETTINGS_CACHE_MS - 1)).analyticsTracking).toBe(true);
    expect((await cachedPlatformSettings(db, now + PLATFORM_SETTINGS_CACHE_MS)).analyticsTracking).toBe(false);
    await changePlatformSettings(db, { analyticsTracking: true });
  });
});

describe('performance mode', () => {
  it('maps increase_concurrency to aggressive and reset_defaults to the conservative defaults', async () => {
    const db = t.services.db;
    expect(await performanceMode(db)).toEqual({ mode: 'conservative', concurrency: 4, batchSize: 16, delayMs: 1000, timeoutSeconds: 60, targetImagesPerMinute: null });
    expect(await applyPerformanceAction(db, 'increase_concurrency')).toEqual({ mode: 'aggressive', concurrency: 5, batchSize: 20, delayMs: 500, timeoutSeconds: 45, targetImagesPerMinute: 10 });
    expect((await readPerformanceMode(db)).name).toBe('aggressive');
    expect((await applyPerformanceAction(db, 'reset_defaults')).mode).toBe('conservative');
    expect((await readPerformanceMode(db)).name).toBe('conservative');
  });
});
