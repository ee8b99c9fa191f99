import type { TRPCRouterRecord } from '@trpc/server';
import { auditLogAnswer, auditLogInput } from '@drape/contracts/admin';
import { listAudit } from '@drape/operations';
import { adminProcedure } from '../trpc';

export const auditRouter = {
  list: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/admin/audit-log', summary: 'Admin changes, audited reads and refused admin sign-ins and calls, newest first (limit, before, action, targetId, outcome ok or refused)' } })
    .input(auditLogInput)
    .output(auditLogAnswer)
    .query(({ ctx, input }) => listAudit(ctx.services.db, input)),
} satisfies TRPCRouterRecord;
