import type { TRPCRouterRecord } from '@trpc/server';
import { adminProcedure } from '../trpc';
import { inventorySeverity, pods, sevQueueStatus, sevStats } from './severity.service';

export const severityRouter = {
  inventory: adminProcedure.query(({ ctx }) => inventorySeverity(ctx.services.db)),
  queueStatus: adminProcedure.query(({ ctx }) => sevQueueStatus(ctx.services.db)),
  sevStats: adminProcedure.query(({ ctx }) => sevStats(ctx.services.db)),
  pods: adminProcedure.query(({ ctx }) => pods(ctx.services.db)),
} satisfies TRPCRouterRecord;
