import type { TRPCRouterRecord } from '@trpc/server';
import { inventorySeverityAnswer, podsAnswer, sevQueueStatusAnswer, sevStatsAnswer } from '@drape/contracts/admin';
import { adminProcedure } from '../trpc';
import { inventorySeverity, pods, sevQueueStatus, sevStats } from './severity.service';

export const severityRouter = {
  inventory: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/admin/inventory-severity', summary: 'Active combinations per severity level SEV-1 to SEV-5' } })
    .output(inventorySeverityAnswer)
    .query(({ ctx }) => inventorySeverity(ctx.services.db)),
  queueStatus: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/admin/sev-queue-status', summary: "The SEV queue's current focus and per-level progress across cycles" } })
    .output(sevQueueStatusAnswer)
    .query(({ ctx }) => sevQueueStatus(ctx.services.db)),
  sevStats: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/admin/sev-stats', summary: 'Combinations at SEV-1, SEV-2 and SEV-3' } })
    .output(sevStatsAnswer)
    .query(({ ctx }) => sevStats(ctx.services.db)),
  pods: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/admin/runpods-status', summary: 'The pipeline workers (the spec\'s pods), newest first, with status and heartbeat' } })
    .output(podsAnswer)
    .query(({ ctx }) => pods(ctx.services.db)),
} satisfies TRPCRouterRecord;
