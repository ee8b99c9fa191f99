import type { TRPCRouterRecord } from '@trpc/server';
import { messageAnswer } from '@drape/contracts';
import { deleteAccountAnswer, profileAnswer, profileUpdateAnswer } from '@drape/contracts/auth';
import { changePasswordInput, DATA_EXPORT_CONTENT_TYPE, dataExportAnswer, deleteAccountInput, geolocationPreferencesInput, updateProfileInput } from '@drape/contracts/user';
import { exportUserData } from './user-export.service';
import { authedProcedure, signOutProcedure } from '../trpc';
import * as users from './user.service';

export const userRouter = {
  profile: authedProcedure
    .meta({ rest: { method: 'GET', path: '/api/user/profile', summary: 'The signed-in user' } })
    .output(profileAnswer)
    .query(({ ctx }) => users.getProfile(ctx.services.db, ctx.user, ctx.caller)),
  updateProfile: authedProcedure
    .meta({ rest: { method: 'PATCH', path: '/api/user/profile', summary: 'Update the profile, or the style vibe and body shape preferences' } })
    .input(updateProfileInput)
    .output(profileAnswer)
    .mutation(({ ctx, input }) => users.updateProfile(ctx.services.db, ctx.user, input)),
  changePassword: authedProcedure
    .meta({ rest: { method: 'POST', path: '/api/user/change-password', summary: 'Change the password; other sessions end' } })
    .input(changePasswordInput)
    .output(messageAnswer)
    .mutation(({ ctx, input }) => users.changePassword(ctx.services, ctx.req, ctx.user, ctx.session, input.currentPassword, input.newPassword)),
  deleteAccount: signOutProcedure
    .meta({ rest: { method: 'DELETE', path: '/api/user/delete-account', summary: 'Request deletion (30-day grace; logging in cancels it)' } })
    .input(deleteAccountInput)
    .output(deleteAccountAnswer)
    .mutation(({ ctx, input }) => users.deleteAccount(ctx.services, ctx.req, ctx.user, input.password)),
  geolocationPreferences: authedProcedure
    .meta({ rest: { method: 'POST', path: '/api/user/geolocation-preferences', summary: 'Shopping region preferences' } })
    .input(geolocationPreferencesInput)
    .output(profileUpdateAnswer)
    .mutation(({ ctx, input }) => users.setGeolocationPreferences(ctx.services.db, ctx.user.id, input)),
  export: authedProcedure
    .meta({
      rest: {
        method: 'GET', path: '/api/user/export', file: { contentType: DATA_EXPORT_CONTENT_TYPE, schema: 'DataExportJson' },
        summary: "Download my data: a ZIP of data.json (the user's profile, sessions, wardrobe, shares, shopping clicks, usage and pieces) and the photos of My Pieces (closet/<id>.jpg)",
      },
    })
    .output(dataExportAnswer)
    .query(({ ctx }) => exportUserData(ctx.services, ctx.user, ctx.session, ctx.response)),
} satisfies TRPCRouterRecord;
