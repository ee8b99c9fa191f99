import type { TRPCRouterRecord } from '@trpc/server';
import { blockedCleanupAnswer, blockedListInput, blockedPageAnswer, blockedRestoreAnswer, blockedRestoreInput, blockedReviewAnswer, blockedReviewInput, blockedStatsAnswer } from '@drape/contracts/admin';
import { adminProcedure } from '../trpc';
import { cleanupBlocked, getBlockedStats, listBlocked, restoreBlocked, reviewBlocked } from './blocked.service';

export const blockedRouter = {
  list: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/admin/blocked-images', summary: 'Images the generation checks refused (page, limit, reviewStatus, rejectionReason, gender, sortBy); images, hasMore' }, audit: { target: null } })
    .input(blockedListInput)
    .output(blockedPageAnswer)
    .query(({ ctx, input }) => listBlocked(ctx.services, input)),
  stats: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/admin/blocked-images/stats', summary: 'Blocked images per review status, and how many the cleanup would delete' } })
    .output(blockedStatsAnswer)
    .query(({ ctx }) => getBlockedStats(ctx.services.db)),
  restore: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/admin/blocked-images/:id/restore', summary: 'Put a pending blocked image into the inventory (its file moves to the public store); 409 once it is not pending' }, audit: { target: { type: 'blocked', input: 'id' } } })
    .input(blockedRestoreInput)
    .output(blockedRestoreAnswer)
    .mutation(({ ctx, input }) => restoreBlocked(ctx.services.db, ctx.services.storage, input.id, { reviewer: ctx.admin.adminKey, notes: input.notes })),
  review: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/admin/blocked-images/:id/review', summary: 'Approve or reject a pending blocked image, with optional notes' }, audit: { target: { type: 'blocked', input: 'id' } } })
    .input(blockedReviewInput)
    .output(blockedReviewAnswer)
    .mutation(({ ctx, input }) => reviewBlocked(ctx.services.db, input.id, input.status, { reviewer: ctx.admin.adminKey, notes: input.notes })),
  cleanup: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/admin/blocked-images/cleanup', summary: 'Delete the rejected blocked images and those reviewed 30 days ago, with their files; deletedCount' }, audit: { target: null } })
    .output(blockedCleanupAnswer)
    .mutation(({ ctx }) => cleanupBlocked(ctx.services.db, ctx.services.storage)),
} satisfies TRPCRouterRecord;
