import type { TRPCRouterRecord } from '@trpc/server';
import { adminUsersAnswer, adminUsersListInput, decideReferralInput, endSessionsAnswer, endUserSessionsInput, referralDecisionAnswer, testUsersAnswer, userReferralsAnswer, userReferralsInput } from '@drape/contracts/admin';
import { decideReferral, listReferrals } from '../referrals/referrals.service';
import { adminProcedure } from '../trpc';
import { createTestUsers, endUserSessions, listUsers } from './users.service';

export const usersRouter = {
  createTestUsers: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/admin/create-test-users', summary: 'One test user per tier; answers their passwords once' }, audit: { target: null } })
    .output(testUsersAnswer)
    .mutation(({ ctx }) => createTestUsers(ctx.services.db)),
  list: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/admin/users', summary: 'Users, newest sign-ups first (search, tier, isTest, limit, cursor)' }, audit: { target: null } })
    .input(adminUsersListInput)
    .output(adminUsersAnswer)
    .query(({ ctx, input }) => listUsers(ctx.services.db, input)),
  endSessions: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/admin/users/:userId/end-sessions', summary: 'End every session of a user' }, audit: { target: { type: 'user', input: 'userId' } } })
    .input(endUserSessionsInput)
    .output(endSessionsAnswer)
    .mutation(({ ctx, input }) => endUserSessions(ctx.services.db, input.userId)),
  // Held referrals (docs/decisions/0015-referral-holds.md): a referrer's list, and the decision on one.
  referrals: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/admin/users/:userId/referrals', summary: 'The referrals a user made, newest first, each counted, held, released or revoked' }, audit: { target: { type: 'user', input: 'userId' } } })
    .input(userReferralsInput)
    .output(userReferralsAnswer)
    .query(({ ctx, input }) => listReferrals(ctx.services.db, input.userId)),
  releaseReferral: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/admin/users/:userId/referral/release', summary: 'Let the held referral that brought this user in count toward the referrer\'s tier' }, audit: { target: { type: 'user', input: 'userId' } } })
    .input(decideReferralInput)
    .output(referralDecisionAnswer)
    .mutation(({ ctx, input }) => decideReferral(ctx.services.db, input.userId, 'released', ctx.admin.adminKey)),
  revokeReferral: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/admin/users/:userId/referral/revoke', summary: 'Make the held referral that brought this user in never count' }, audit: { target: { type: 'user', input: 'userId' } } })
    .input(decideReferralInput)
    .output(referralDecisionAnswer)
    .mutation(({ ctx, input }) => decideReferral(ctx.services.db, input.userId, 'revoked', ctx.admin.adminKey)),
} satisfies TRPCRouterRecord;
