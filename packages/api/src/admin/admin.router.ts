import type { TRPCRouterRecord } from '@trpc/server';
import { denyAdminToken } from '@drape/auth';
import { successAnswer } from '@drape/contracts';
import { adminLoginInput, adminMeAnswer, adminTokenAnswer } from '@drape/contracts/admin';
import { adminProcedure, adminSignInProcedure } from '../trpc';
import { adminLogin } from './admin-auth.service';
import { analyticsRouter } from './analytics.router';
import { auditRouter } from './audit.router';
import { inventoryRouter } from './inventory.router';
import { severityRouter } from './severity.router';
import { performanceRouter, promptsRouter, settingsRouter } from './settings.router';
import { galleryRouter } from './gallery.router';
import { generatorRouter } from './generator.router';
import { usersRouter } from './users.router';
import { blockedRouter } from './blocked.router';
import { batchRouter } from './batch.router';
import { showcaseRouter } from './showcase.router';

/**
 * The admin area (settings-and-admin §2.2, §7.2), one sub-router per screen. Every procedure but
 * `login` is an admin procedure; every one that changes something is an `adminActionProcedure`,
 * written to the audit log. Sign-ins, successful or not, are written too.
 */
export const adminRouter = {
  login: adminSignInProcedure
    .meta({ rest: { method: 'POST', path: '/api/admin/login', summary: 'Admin sign-in; answers a short-lived token' } })
    .input(adminLoginInput)
    .output(adminTokenAnswer)
    .mutation(({ ctx, input }) => adminLogin(ctx.services, ctx.req, input)),
  /** Ends this token on the server (its id goes on the deny list); the admin's other tokens stay valid. */
  logout: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/admin/logout', summary: "End this admin token on the server (the admin's other sign-ins stay valid)" }, audit: { target: null } })
    .output(successAnswer)
    .mutation(async ({ ctx }) => {
    await denyAdminToken(ctx.services.db, ctx.admin);
    return { success: true as const };
  }),
  me: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/admin/me', summary: 'The admin of the token' } })
    .output(adminMeAnswer)
    .query(({ ctx }) => ({ adminKey: ctx.admin.adminKey })),
  audit: auditRouter,
  analytics: analyticsRouter,
  severity: severityRouter,
  inventory: inventoryRouter,
  settings: settingsRouter,
  prompts: promptsRouter,
  performance: performanceRouter,
  gallery: galleryRouter,
  users: usersRouter,
  generator: generatorRouter,
  blocked: blockedRouter,
  batch: batchRouter,
  showcase: showcaseRouter,
} satisfies TRPCRouterRecord;
