import type { TRPCRouterRecord } from '@trpc/server';
import { checkUsernameInput, forgotPasswordInput, loginInput, registerInput, resetPasswordInput, searchUsersInput } from '@drape/contracts';
import { authedProcedure, publicProcedure, sessionRefreshProcedure, signInProcedure, signOutProcedure } from '../trpc';
import { forgotPassword, resetPassword } from './password-reset.service';
import { checkUsername, register } from './registration.service';
import { login, logout, logoutAllDevices, refresh, sessions } from './session.service';
import { searchUsers } from './user-search.service';

export const authRouter = {
  botCheck: publicProcedure.query(({ ctx }) => ctx.services.botCheck.challenge()),
  register: signInProcedure.input(registerInput).mutation(({ ctx, input }) => register(ctx.services, ctx.req, input)),
  login: signInProcedure.input(loginInput).mutation(({ ctx, input }) => login(ctx.services, ctx.req, input)),
  refresh: sessionRefreshProcedure.mutation(({ ctx }) => refresh(ctx.services.db, ctx.services.config, ctx.session, ctx.sessionToken)),
  logout: signOutProcedure.mutation(({ ctx }) => logout(ctx.services.db, ctx.session)),
  logoutAllDevices: signOutProcedure.mutation(({ ctx }) => logoutAllDevices(ctx.services.db, ctx.user.id)),
  sessions: authedProcedure.query(({ ctx }) => sessions(ctx.services.db, ctx.user.id, ctx.session)),
  checkUsername: publicProcedure.input(checkUsernameInput).query(({ ctx, input }) => checkUsername(ctx.services, ctx.req, input.username)),
  searchUsers: publicProcedure.input(searchUsersInput).query(({ ctx, input }) => searchUsers(ctx.services, ctx.req, input.q)),
  forgotPassword: publicProcedure.input(forgotPasswordInput).mutation(({ ctx, input }) => forgotPassword(ctx.services, ctx.req, input.email)),
  resetPassword: publicProcedure.input(resetPasswordInput).mutation(({ ctx, input }) => resetPassword(ctx.services, input.token, input.newPassword, ctx.req)),
} satisfies TRPCRouterRecord;
