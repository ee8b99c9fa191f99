import { PLATFORM_DEFAULTS, PLATFORM_SETTING_KEYS, PLATFORM_TOGGLES, type PlatformSettings } from '@drape/contracts/admin';
import { sql } from 'kysely';
import type { Db } from './client';
import { cachedPerDb, forgetCached } from './process-cache';

/**
 * The admin's platform toggles (Maintenance Mode, Analytics Tracking, Push Notifications), one
 * settings row each; a toggle never set reads as its default.
 */
export async function readPlatformSettings(db: Db): Promise<PlatformSettings> {
  const keys = PLATFORM_TOGGLES.map((t) => PLATFORM_SETTING_KEYS[t]);
  const rows = await db.selectFrom('settings').select(['key', 'value']).where('key', 'in', keys).execute();
  const stored = new Map(rows.map((r) => [r.key, r.value]));
  const out = { ...PLATFORM_DEFAULTS };
  for (const t of PLATFORM_TOGGLES) {
    const v = stored.get(PLATFORM_SETTING_KEYS[t]);
    if (typeof v === 'boolean') out[t] = v;
  }
  return out;
}

/** Writes the toggles given, in one transaction; answers all three as they now are. */
export async function updatePlatformSettings(db: Db, patch: Partial<PlatformSettings>): Promise<PlatformSettings> {
  const entries = PLATFORM_TOGGLES.filter((t) => typeof patch[t] === 'boolean').map((t) => ({ key: PLATFORM_SETTING_KEYS[t], value: JSON.stringify(patch[t]) }));
  if (entries.length) {
    await db
      .insertInto('settings')
      .values(entries)
      .onConflict((oc) => oc.column('key').doUpdateSet((eb) => ({ value: eb.ref('excluded.value'), updated_at: sql`now()` })))
      .execute();
  }
  forgetPlatformSettings(db);
  return readPlatformSettings(db);
}

/**
 * How long a process trusts its copy of the toggles (docs/decisions/0014-maintenance-mode.md):
 * every user call checks Maintenance Mode, so it is read at most once per this interval per
 * process, and every process follows a change made elsewhere within it.
 */
export const PLATFORM_SETTINGS_CACHE_MS = 3000;

const CACHE_KEY = 'platform-settings';

/** The toggles as this process last read them, at most PLATFORM_SETTINGS_CACHE_MS old (one read in flight at a time). */
export function cachedPlatformSettings(db: Db, now = Date.now()): Promise<PlatformSettings> {
  return cachedPerDb(db, CACHE_KEY, PLATFORM_SETTINGS_CACHE_MS, () => readPlatformSettings(db), now);
}

/** This process's own change applies at once (other processes follow within the cache's age). */
export function forgetPlatformSettings(db: Db): void {
  forgetCached(db, CACHE_KEY);
}
