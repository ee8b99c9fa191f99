import type { TRPCRouterRecord } from '@trpc/server';
import { adminStatsAnswer, inventoryStatsAnswer } from '@drape/contracts/admin';
import { adminProcedure } from '../trpc';
import { adminStats, inventoryStats } from './analytics.service';

export const analyticsRouter = {
  stats: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/admin/stats', summary: 'totalUsers, dau (active in 24 h), mau (30 days), signups (30 days)' } })
    .output(adminStatsAnswer)
    .query(({ ctx }) => adminStats(ctx.services.db)),
  inventoryStats: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/admin/inventory-stats', summary: 'Looks: total, viewable, lookbook, archived, totalViewed, dailyCreated (today, UTC)' } })
    .output(inventoryStatsAnswer)
    .query(({ ctx }) => inventoryStats(ctx.services.db)),
} satisfies TRPCRouterRecord;
