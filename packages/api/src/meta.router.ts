import type { TRPCRouterRecord } from '@trpc/server';
import { publicProcedure } from './trpc';

export const API_VERSION = '0.1.0';

export const metaRouter = {
  /** What the server is; also the cheapest procedure, used to measure adapter overhead. */
  version: publicProcedure.query(() => ({ name: 'drape', version: API_VERSION })),
} satisfies TRPCRouterRecord;
