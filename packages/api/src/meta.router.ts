import type { TRPCRouterRecord } from '@trpc/server';
import { platformStatusAnswer, versionAnswer } from '@drape/contracts/admin';
import { platformStatus } from './admin/settings.service';
import { publicProcedure } from './trpc';

export const API_VERSION = '0.1.0';

export const metaRouter = {
  /** What the server is (answered during maintenance); also the cheapest procedure, used to measure adapter overhead. */
  version: publicProcedure
    .meta({ rest: { method: 'GET', path: '/api/version', summary: 'Server name and API version' }, maintenance: 'open' })
    .output(versionAnswer)
    .query(() => ({ name: 'drape', version: API_VERSION })),
  /**
   * The platform toggles the web app acts on (Maintenance Mode with its message, Analytics
   * Tracking, Push Notifications): answered during maintenance too, as the maintenance page polls it.
   */
  platform: publicProcedure
    .meta({ rest: { method: 'GET', path: '/api/platform', summary: 'The platform toggles the web app follows: maintenanceMode (with maintenanceMessage), analyticsTracking, pushNotifications; answered during maintenance' }, maintenance: 'open' })
    .output(platformStatusAnswer)
    .query(({ ctx }) => platformStatus(ctx.services.db)),
} satisfies TRPCRouterRecord;
