import type { TRPCRouterRecord } from '@trpc/server';
import { changePasswordInput, deleteAccountInput, geolocationPreferencesInput, updateProfileInput } from '@drape/contracts';
import { authedProcedure } from '../trpc';
import * as users from './user.service';

export const userRouter = {
  profile: authedProcedure.query(({ ctx }) => users.getProfile(ctx)),
  updateProfile: authedProcedure.input(updateProfileInput).mutation(({ ctx, input }) => users.updateProfile(ctx, input)),
  changePassword: authedProcedure.input(changePasswordInput).mutation(({ ctx, input }) => users.changePassword(ctx, input.currentPassword, input.newPassword)),
  deleteAccount: authedProcedure.input(deleteAccountInput).mutation(({ ctx, input }) => users.deleteAccount(ctx, input.password)),
  geolocationPreferences: authedProcedure.input(geolocationPreferencesInput).mutation(({ ctx, input }) => users.setGeolocationPreferences(ctx, input)),
} satisfies TRPCRouterRecord;
