import type { TRPCRouterRecord } from '@trpc/server';
import { performanceModeAnswer, platformSettingsAnswer, regeneratePromptsAnswer, samplePromptsAnswer, setPerformanceInput, updatePlatformSettingsInput, verifyPromptsAnswer } from '@drape/contracts/admin';
import { adminProcedure } from '../trpc';
import {
  applyPerformanceAction, changePlatformSettings, performanceMode, platformSettings, regenerate, samples, verify,
} from './settings.service';

/** The Settings tab's platform toggles (settings-and-admin §2.2 "Admin settings"). */
export const settingsRouter = {
  get: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/admin/settings', summary: 'The platform toggles: maintenanceMode, analyticsTracking, pushNotifications' } })
    .output(platformSettingsAnswer)
    .query(({ ctx }) => platformSettings(ctx.services.db)),
  update: adminProcedure
    .meta({ rest: { method: 'PATCH', path: '/api/admin/settings', summary: 'Change any of the platform toggles; Maintenance Mode on makes every user call answer 503' }, audit: { target: null } })
    .input(updatePlatformSettingsInput)
    .output(platformSettingsAnswer)
    .mutation(({ ctx, input }) => changePlatformSettings(ctx.services.db, input)),
} satisfies TRPCRouterRecord;

/** The prompt panel: the combination matrix's enhanced prompts. */
export const promptsRouter = {
  regenerate: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/admin/regenerate-enhanced-prompts', summary: "Rewrite every combination's enhanced prompt; answers updated, errors, total, duration (ms), samplePromptLength" }, audit: { target: null } })
    .output(regeneratePromptsAnswer)
    .mutation(({ ctx }) => regenerate(ctx.services.db)),
  verify: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/admin/verify-prompts', summary: 'Whether every active combination holds its current prompt: active, stale, missing, ok, samples (codes)' } })
    .output(verifyPromptsAnswer)
    .query(({ ctx }) => verify(ctx.services.db)),
  samples: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/admin/sample-prompts', summary: 'A few stored prompts, per gender and selection kind' } })
    .output(samplePromptsAnswer)
    .query(({ ctx }) => samples(ctx.services.db)),
} satisfies TRPCRouterRecord;

/** The image provider's performance mode (§9), applied by the running pipeline workers. */
export const performanceRouter = {
  get: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/admin/performance-mode', summary: 'The performance mode in force and its numbers' } })
    .output(performanceModeAnswer)
    .query(({ ctx }) => performanceMode(ctx.services.db)),
  set: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/admin/optimize-runpod-performance', summary: 'increase_concurrency (aggressive) or reset_defaults (conservative); running workers apply it within seconds' }, audit: { target: null } })
    .input(setPerformanceInput)
    .output(performanceModeAnswer)
    .mutation(({ ctx, input }) => applyPerformanceAction(ctx.services.db, input.action)),
} satisfies TRPCRouterRecord;
