import { PERFORMANCE_MODES, PERFORMANCE_SETTING_KEY, type PerformanceMode, type PerformanceModeName } from '@drape/contracts/generation';
import type { Db } from './client';
import { getSetting, setSetting } from './settings';

/** The image provider's performance mode, kept in settings so that every process sees one value. */
export async function readPerformanceMode(db: Db): Promise<{ name: PerformanceModeName } & PerformanceMode> {
  const stored = await getSetting<string>(db, PERFORMANCE_SETTING_KEY);
  const name: PerformanceModeName = stored === 'aggressive' ? 'aggressive' : 'conservative';
  return { name, ...PERFORMANCE_MODES[name] };
}

export async function setPerformanceMode(db: Db, name: PerformanceModeName): Promise<void> {
  await setSetting(db, PERFORMANCE_SETTING_KEY, name);
}
