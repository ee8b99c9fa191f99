import type { TRPCRouterRecord } from '@trpc/server';
import { adminUsersListInput, decideReferralInput, endUserSessionsInput, userReferralsInput } from '@drape/contracts';
import { decideReferral, listReferrals } from '../referrals/referrals.service';
import { adminActionProcedure, adminAuditedReadProcedure } from '../trpc';
import { createTestUsers, endUserSessions, listUsers } from './users.service';

export const usersRouter = {
  createTestUsers: adminActionProcedure.mutation(({ ctx }) => createTestUsers(ctx.services.db)),
  list: adminAuditedReadProcedure.input(adminUsersListInput).query(({ ctx, input }) => listUsers(ctx.services.db, input)),
  endSessions: adminActionProcedure.input(endUserSessionsInput).mutation(({ ctx, input }) => endUserSessions(ctx.services.db, input.userId)),
  // Held referrals (docs/decisions/0015-referral-holds.md): a referrer's list, and the decision on one.
  referrals: adminAuditedReadProcedure.input(userReferralsInput).query(({ ctx, input }) => listReferrals(ctx.services.db, input.userId)),
  releaseReferral: adminActionProcedure
    .input(decideReferralInput)
    .mutation(({ ctx, input }) => decideReferral(ctx.services.db, input.userId, 'released', ctx.admin.adminKey)),
  revokeReferral: adminActionProcedure
    .input(decideReferralInput)
    .mutation(({ ctx, input }) => decideReferral(ctx.services.db, input.userId, 'revoked', ctx.admin.adminKey)),
} satisfies TRPCRouterRecord;
