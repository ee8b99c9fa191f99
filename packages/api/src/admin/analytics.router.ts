import type { TRPCRouterRecord } from '@trpc/server';
import { adminProcedure } from '../trpc';
import { adminStats, inventoryStats } from './analytics.service';

export const analyticsRouter = {
  stats: adminProcedure.query(({ ctx }) => adminStats(ctx.services.db)),
  inventoryStats: adminProcedure.query(({ ctx }) => inventoryStats(ctx.services.db)),
} satisfies TRPCRouterRecord;
