import type { TRPCRouterRecord } from '@trpc/server';
import { setPerformanceInput, updatePlatformSettingsInput } from '@drape/contracts';
import { adminActionProcedure, adminProcedure } from '../trpc';
import {
  applyPerformanceAction, changePlatformSettings, performanceMode, platformSettings, regenerate, samples, verify,
} from './settings.service';

/** The Settings tab's platform toggles (settings-and-admin §2.2 "Admin settings"). */
export const settingsRouter = {
  get: adminProcedure.query(({ ctx }) => platformSettings(ctx.services.db)),
  update: adminActionProcedure.input(updatePlatformSettingsInput).mutation(({ ctx, input }) => changePlatformSettings(ctx.services.db, input)),
} satisfies TRPCRouterRecord;

/** The prompt panel: the combination matrix's enhanced prompts. */
export const promptsRouter = {
  regenerate: adminActionProcedure.mutation(({ ctx }) => regenerate(ctx.services.db)),
  verify: adminProcedure.query(({ ctx }) => verify(ctx.services.db)),
  samples: adminProcedure.query(({ ctx }) => samples(ctx.services.db)),
} satisfies TRPCRouterRecord;

/** The image provider's performance mode (§9), applied by the running pipeline workers. */
export const performanceRouter = {
  get: adminProcedure.query(({ ctx }) => performanceMode(ctx.services.db)),
  set: adminActionProcedure.input(setPerformanceInput).mutation(({ ctx, input }) => applyPerformanceAction(ctx.services.db, input.action)),
} satisfies TRPCRouterRecord;
