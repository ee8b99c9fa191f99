import type { TRPCRouterRecord } from '@trpc/server';
import { messageAnswer, successAnswer } from '@drape/contracts';
import { authAnswer, botCheckAnswer, checkUsernameInput, forgotPasswordInput, loginInput, logoutAllAnswer, refreshAnswer, registerInput, resetPasswordInput, searchUsersInput, sessionsAnswer, usernameCheckAnswer, userSearchAnswer } from '@drape/contracts/auth';
import { authedProcedure, publicProcedure, sessionRefreshProcedure, signInProcedure, signOutProcedure } from '../trpc';
import { forgotPassword, resetPassword } from './password-reset.service';
import { checkUsername, register } from './registration.service';
import { login, logout, logoutAllDevices, refresh, sessions } from './session.service';
import { searchUsers } from './user-search.service';

export const authRouter = {
  botCheck: publicProcedure
    .meta({ adminApp: true, rest: { method: 'GET', path: '/api/auth/bot-check', summary: 'An ALTCHA challenge (or the Turnstile site key) for the register form' } })
    .output(botCheckAnswer)
    .query(({ ctx }) => ctx.services.botCheck.challenge()),
  register: signInProcedure
    .meta({ rest: { method: 'POST', path: '/api/auth/register', status: 201, summary: 'Create an account; answers token and user' } })
    .input(registerInput)
    .output(authAnswer)
    .mutation(({ ctx, input }) => register(ctx.services, ctx.req, input)),
  login: signInProcedure
    .meta({ rest: { method: 'POST', path: '/api/auth/login', summary: 'Sign in; answers token and user' } })
    .input(loginInput)
    .output(authAnswer)
    .mutation(({ ctx, input }) => login(ctx.services, ctx.req, input)),
  refresh: sessionRefreshProcedure
    .meta({ rest: { method: 'POST', path: '/api/auth/refresh', summary: 'Extend the session; answers accessToken' } })
    .output(refreshAnswer)
    .mutation(({ ctx }) => refresh(ctx.services.db, ctx.services.config, ctx.session, ctx.sessionToken)),
  logout: signOutProcedure
    .meta({ rest: { method: 'POST', path: '/api/auth/logout', summary: 'End this session' } })
    .output(successAnswer)
    .mutation(({ ctx }) => logout(ctx.services.db, ctx.session)),
  logoutAllDevices: signOutProcedure
    .meta({ rest: { method: 'POST', path: '/api/auth/logout-all-devices', summary: 'End every session of the user, this one too' } })
    .output(logoutAllAnswer)
    .mutation(({ ctx }) => logoutAllDevices(ctx.services.db, ctx.user.id)),
  sessions: authedProcedure
    .meta({ rest: { method: 'GET', path: '/api/auth/sessions', summary: 'The active sessions of the user' } })
    .output(sessionsAnswer)
    .query(({ ctx }) => sessions(ctx.services.db, ctx.user.id, ctx.session)),
  checkUsername: publicProcedure
    .meta({ rest: { method: 'GET', path: '/api/auth/check-username/:username', summary: 'Whether a username is free' } })
    .input(checkUsernameInput)
    .output(usernameCheckAnswer)
    .query(({ ctx, input }) => checkUsername(ctx.services, ctx.req, input.username)),
  searchUsers: publicProcedure
    .meta({ rest: { method: 'GET', path: '/api/auth/search-users', summary: 'Referrer search by name prefix (2 characters or more)' } })
    .input(searchUsersInput)
    .output(userSearchAnswer)
    .query(({ ctx, input }) => searchUsers(ctx.services, ctx.req, input.q)),
  forgotPassword: publicProcedure
    .meta({ rest: { method: 'POST', path: '/api/auth/forgot-password', summary: 'Mail a reset link; the same answer whether or not the account exists' } })
    .input(forgotPasswordInput)
    .output(messageAnswer)
    .mutation(({ ctx, input }) => forgotPassword(ctx.services, ctx.req, input.email)),
  resetPassword: publicProcedure
    .meta({ rest: { method: 'POST', path: '/api/auth/reset-password', summary: 'Set a new password with a reset token' } })
    .input(resetPasswordInput)
    .output(messageAnswer)
    .mutation(({ ctx, input }) => resetPassword(ctx.services, input.token, input.newPassword, ctx.req)),
} satisfies TRPCRouterRecord;
