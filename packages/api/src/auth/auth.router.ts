import type { TRPCRouterRecord } from '@trpc/server';
import { checkUsernameInput, forgotPasswordInput, loginInput, registerInput, resetPasswordInput, searchUsersInput } from '@drape/contracts';
import { authedProcedure, publicProcedure } from '../trpc';
import * as auth from './auth.service';

export const authRouter = {
  botCheck: publicProcedure.query(({ ctx }) => ctx.botCheck.challenge()),
  register: publicProcedure.input(registerInput).mutation(({ ctx, input }) => auth.register(ctx, input)),
  login: publicProcedure.input(loginInput).mutation(({ ctx, input }) => auth.login(ctx, input)),
  refresh: authedProcedure.mutation(({ ctx }) => auth.refresh(ctx)),
  logout: authedProcedure.mutation(({ ctx }) => auth.logout(ctx)),
  logoutAllDevices: authedProcedure.mutation(({ ctx }) => auth.logoutAllDevices(ctx)),
  sessions: authedProcedure.query(({ ctx }) => auth.sessions(ctx)),
  checkUsername: publicProcedure.input(checkUsernameInput).query(({ ctx, input }) => auth.checkUsername(ctx, input.username)),
  searchUsers: publicProcedure.input(searchUsersInput).query(({ ctx, input }) => auth.searchUsers(ctx, input.q)),
  forgotPassword: publicProcedure.input(forgotPasswordInput).mutation(({ ctx, input }) => auth.forgotPassword(ctx, input.email)),
  resetPassword: publicProcedure.input(resetPasswordInput).mutation(({ ctx, input }) => auth.resetPassword(ctx, input.token, input.newPassword)),
} satisfies TRPCRouterRecord;
