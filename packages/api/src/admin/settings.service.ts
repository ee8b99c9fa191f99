import { MAINTENANCE_MESSAGE, PERFORMANCE_ACTIONS, performanceModeView, type PerformanceAction, type PerformanceModeView, type PlatformSettings, type PlatformStatus, type PromptVerification, type RegenerationStats, type SamplePrompt, type UpdatePlatformSettingsInput } from '@drape/contracts/admin';
import { cachedPlatformSettings, readPerformanceMode, readPlatformSettings, setPerformanceMode, updatePlatformSettings, type Db } from '@drape/db';
import { regeneratePrompts, samplePrompts, verifyPrompts } from '@drape/operations';

/** The admin's view of the toggles: read afresh, never from a process's cache. */
export function platformSettings(db: Db): Promise<PlatformSettings> {
  return readPlatformSettings(db);
}

/** Saves the toggles given; this process applies them at once, the others within seconds. */
export function changePlatformSettings(db: Db, input: UpdatePlatformSettingsInput): Promise<PlatformSettings> {
  return updatePlatformSettings(db, input);
}

/** What the web app reads (during maintenance too): the toggles it acts on and the maintenance text. */
export async function platformStatus(db: Db): Promise<PlatformStatus> {
  const s = await cachedPlatformSettings(db);
  return { ...s, maintenanceMessage: s.maintenanceMode ? MAINTENANCE_MESSAGE : null };
}

/** §3 Regeneration stats, with the spec's names; duration in milliseconds. */
export async function regenerate(db: Db): Promise<RegenerationStats> {
  const r = await regeneratePrompts(db);
  return { updated: r.updated, errors: r.errors, total: r.total, duration: r.durationMs, samplePromptLength: r.samplePromptLength };
}

export function verify(db: Db): Promise<PromptVerification> {
  return verifyPrompts(db);
}

export function samples(db: Db): Promise<SamplePrompt[]> {
  return samplePrompts(db);
}

export async function performanceMode(db: Db): Promise<PerformanceModeView> {
  return performanceModeView((await readPerformanceMode(db)).name);
}

/** §4: increase_concurrency gives the aggressive mode, reset_defaults the conservative defaults; running workers re-read it within seconds. */
export async function applyPerformanceAction(db: Db, action: PerformanceAction): Promise<PerformanceModeView> {
  const mode = PERFORMANCE_ACTIONS[action];
  await setPerformanceMode(db, mode);
  return performanceModeView(mode);
}
