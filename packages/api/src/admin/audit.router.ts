import type { TRPCRouterRecord } from '@trpc/server';
import { auditLogInput } from '@drape/contracts';
import { listAudit } from '@drape/operations';
import { adminProcedure } from '../trpc';

export const auditRouter = {
  list: adminProcedure.input(auditLogInput).query(({ ctx, input }) => listAudit(ctx.services.db, input)),
} satisfies TRPCRouterRecord;
