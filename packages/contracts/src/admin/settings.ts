import { z } from '../zod';
import { PERFORMANCE_MODES, type PerformanceModeName } from '../generation';

/**
 * The admin Settings tab (settings-and-admin §2.2 "Admin settings", §7.2, §9): the platform
 * toggles, the prompt panel and the image provider's performance mode.
 */

/** The three platform toggles, kept in the settings table under one key each. */
export const PLATFORM_TOGGLES = ['maintenanceMode', 'analyticsTracking', 'pushNotifications'] as const;
export type PlatformToggle = (typeof PLATFORM_TOGGLES)[number];
export type PlatformSettings = Record<PlatformToggle, boolean>;

/** §9: Analytics Tracking and Push Notifications on by default; Maintenance Mode's default is not shown: off. */
export const PLATFORM_DEFAULTS: PlatformSettings = { maintenanceMode: false, analyticsTracking: true, pushNotifications: true };

export const PLATFORM_SETTING_KEYS: Record<PlatformToggle, string> = {
  maintenanceMode: 'platform:maintenance-mode',
  analyticsTracking: 'platform:analytics-tracking',
  pushNotifications: 'platform:push-notifications',
};

/** `PATCH /api/admin/settings`: any of the three, at least one. */
export const updatePlatformSettingsInput = z
  .object({ maintenanceMode: z.boolean(), analyticsTracking: z.boolean(), pushNotifications: z.boolean() })
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, { message: 'Give at least one of maintenanceMode, analyticsTracking, pushNotifications.' });
export type UpdatePlatformSettingsInput = z.infer<typeof updatePlatformSettingsInput>;

/** What the web app reads (`GET /api/platform`, `meta.platform`): served during maintenance too. */
export interface PlatformStatus extends PlatformSettings {
  /** The maintenance page's text while maintenance is on, else null. */
  maintenanceMessage: string | null;
}

export { MAINTENANCE_MESSAGE } from '../domain/errors';

/** `admin.performance.set` / `POST /api/admin/optimize-runpod-performance` (§7.2). */
export const PERFORMANCE_ACTION_NAMES = ['increase_concurrency', 'reset_defaults'] as const;
export type PerformanceAction = (typeof PERFORMANCE_ACTION_NAMES)[number];
export const PERFORMANCE_ACTIONS: Record<PerformanceAction, PerformanceModeName> = { increase_concurrency: 'aggressive', reset_defaults: 'conservative' };
export const setPerformanceInput = z.object({
  action: z.enum(PERFORMANCE_ACTION_NAMES, 'action must be increase_concurrency or reset_defaults'),
});
export type SetPerformanceInput = z.infer<typeof setPerformanceInput>;

/** §9: the aggressive mode targets 10 or more images a minute; the defaults name no target. */
export const PERFORMANCE_TARGET_IMAGES_PER_MINUTE: Record<PerformanceModeName, number | null> = { aggressive: 10, conservative: null };

export interface PerformanceModeView {
  mode: PerformanceModeName;
  concurrency: number;
  batchSize: number;
  delayMs: number;
  timeoutSeconds: number;
  targetImagesPerMinute: number | null;
}

export const performanceModeView = (mode: PerformanceModeName): PerformanceModeView => {
  const m = PERFORMANCE_MODES[mode];
  return { mode, concurrency: m.concurrency, batchSize: m.batchSize, delayMs: m.delayMs, timeoutSeconds: m.timeoutMs / 1000, targetImagesPerMinute: PERFORMANCE_TARGET_IMAGES_PER_MINUTE[mode] };
};

/** §3 Regeneration stats; `duration` in milliseconds. */
export interface RegenerationStats {
  updated: number;
  errors: number;
  total: number;
  duration: number;
  samplePromptLength: number;
}

/** `GET /api/admin/verify-prompts` (§7.2: "response not shown"). */
export interface PromptVerification {
  /** Active combinations in the database. */
  active: number;
  stale: number;
  missing: number;
  ok: boolean;
  /** Up to 10 codes of stale or missing prompts. */
  samples: string[];
}

export interface SamplePrompt {
  combinationCode: string;
  gender: string;
  /** 'Trend: Denim', 'Palette: Ocean Depths', 'Occasion: Office'. */
  selection: string;
  prompt: string;
}

export const adminSettingsMessages = {
  saved: 'Settings saved',
  saveFailed: 'Unable to save settings. Please try again.',
  loadFailed: 'Unable to load settings. Please try again.',
  maintenanceConfirmTitle: 'Turn on Maintenance Mode?',
  maintenanceConfirmBody: 'Every user of the web app will see the maintenance page until you turn it off. The admin area keeps working.',
  performanceFailed: 'Failed to optimize RunPod performance',
  regenerateFailed: 'Failed to regenerate enhanced prompts',
  verifyFailed: 'Unable to verify prompts. Please try again.',
  samplesFailed: 'Unable to load sample prompts. Please try again.',
} as const;
