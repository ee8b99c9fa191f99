import type { TRPCRouterRecord } from '@trpc/server';
import { authedProcedure, publicProcedure } from '../trpc';
import * as catalog from './catalog.service';
import { landingShowcase, lookbookStats } from './showcase.service';

export const catalogRouter = {
  monthlyTrends: publicProcedure.query(({ ctx }) => catalog.monthlyTrends(ctx.services.db)),
  seasons: publicProcedure.query(({ ctx }) => catalog.seasons(ctx.services.db)),
  occasions: publicProcedure.query(({ ctx }) => catalog.occasions(ctx.services.db)),
  styleVibes: authedProcedure.query(({ ctx }) => catalog.styleVibes(ctx.services.db, ctx.user)),
  bodyShapes: authedProcedure.query(({ ctx }) => catalog.bodyShapes(ctx.services.db, ctx.user)),
  skinTones: publicProcedure.query(({ ctx }) => catalog.skinTones(ctx.services.db)),
  trendConversion: publicProcedure.query(() => catalog.trendConversion()),
  landingShowcase: publicProcedure.query(({ ctx }) => landingShowcase(ctx.services.db, ctx.services.config)),
  lookbookStats: publicProcedure.query(({ ctx }) => lookbookStats(ctx.services.db)),
} satisfies TRPCRouterRecord;
