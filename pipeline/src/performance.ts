import { PERFORMANCE_MODES, PERFORMANCE_SETTING_KEY, type PerformanceMode, type PerformanceModeName } from '@drape/contracts';
import { getSetting, setSetting, type Db } from '@drape/db';

export async function readPerformanceMode(db: Db): Promise<{ name: PerformanceModeName } & PerformanceMode> {
  const stored = await getSetting<string>(db, PERFORMANCE_SETTING_KEY);
  const name: PerformanceModeName = stored === 'aggressive' ? 'aggressive' : 'conservative';
  return { name, ...PERFORMANCE_MODES[name] };
}

export async function setPerformanceMode(db: Db, name: PerformanceModeName): Promise<void> {
  await setSetting(db, PERFORMANCE_SETTING_KEY, name);
}
