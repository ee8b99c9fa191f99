import type { TRPCRouterRecord } from '@trpc/server';
import { adminUsersListInput, endUserSessionsInput } from '@drape/contracts';
import { adminActionProcedure, adminAuditedReadProcedure } from '../trpc';
import { createTestUsers, endUserSessions, listUsers } from './users.service';

export const usersRouter = {
  createTestUsers: adminActionProcedure.mutation(({ ctx }) => createTestUsers(ctx.services.db)),
  list: adminAuditedReadProcedure.input(adminUsersListInput).query(({ ctx, input }) => listUsers(ctx.services.db, input)),
  endSessions: adminActionProcedure.input(endUserSessionsInput).mutation(({ ctx, input }) => endUserSessions(ctx.services.db, input.userId)),
} satisfies TRPCRouterRecord;
