import type { TRPCRouterRecord } from '@trpc/server';
import { blockedListInput, blockedRestoreInput, blockedReviewInput } from '@drape/contracts';
import { adminActionProcedure, adminAuditedReadProcedure, adminProcedure } from '../trpc';
import { cleanupBlocked, getBlockedStats, listBlocked, restoreBlocked, reviewBlocked } from './blocked.service';

export const blockedRouter = {
  list: adminAuditedReadProcedure.input(blockedListInput).query(({ ctx, input }) => listBlocked(ctx.services, input)),
  stats: adminProcedure.query(({ ctx }) => getBlockedStats(ctx.services.db)),
  restore: adminActionProcedure
    .input(blockedRestoreInput)
    .mutation(({ ctx, input }) => restoreBlocked(ctx.services.db, ctx.services.storage, input.id, { reviewer: ctx.admin.adminKey, notes: input.notes })),
  review: adminActionProcedure
    .input(blockedReviewInput)
    .mutation(({ ctx, input }) => reviewBlocked(ctx.services.db, input.id, input.status, { reviewer: ctx.admin.adminKey, notes: input.notes })),
  cleanup: adminActionProcedure.mutation(({ ctx }) => cleanupBlocked(ctx.services.db, ctx.services.storage)),
} satisfies TRPCRouterRecord;
