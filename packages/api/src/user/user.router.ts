import type { TRPCRouterRecord } from '@trpc/server';
import { changePasswordInput, deleteAccountInput, geolocationPreferencesInput, updateProfileInput } from '@drape/contracts';
import { authedProcedure, signOutProcedure } from '../trpc';
import * as users from './user.service';

export const userRouter = {
  profile: authedProcedure.query(({ ctx }) => users.getProfile(ctx.services.db, ctx.user, ctx.caller)),
  updateProfile: authedProcedure.input(updateProfileInput).mutation(({ ctx, input }) => users.updateProfile(ctx.services.db, ctx.user, input)),
  changePassword: authedProcedure
    .input(changePasswordInput)
    .mutation(({ ctx, input }) => users.changePassword(ctx.services, ctx.req, ctx.user, ctx.session, input.currentPassword, input.newPassword)),
  deleteAccount: signOutProcedure.input(deleteAccountInput).mutation(({ ctx, input }) => users.deleteAccount(ctx.services, ctx.req, ctx.user, input.password)),
  geolocationPreferences: authedProcedure
    .input(geolocationPreferencesInput)
    .mutation(({ ctx, input }) => users.setGeolocationPreferences(ctx.services.db, ctx.user.id, input)),
} satisfies TRPCRouterRecord;
