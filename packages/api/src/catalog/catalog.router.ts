import type { TRPCRouterRecord } from '@trpc/server';
import { authedProcedure, publicProcedure } from '../trpc';
import * as catalog from './catalog.service';
import { landingShowcase, lookbookStats } from './showcase.service';

export const catalogRouter = {
  monthlyTrends: publicProcedure.query(({ ctx }) => catalog.monthlyTrends(ctx.db)),
  seasons: publicProcedure.query(({ ctx }) => catalog.seasons(ctx.db)),
  occasions: publicProcedure.query(({ ctx }) => catalog.occasions(ctx.db)),
  styleVibes: authedProcedure.query(({ ctx }) => catalog.styleVibes(ctx.db, ctx.user)),
  bodyShapes: authedProcedure.query(({ ctx }) => catalog.bodyShapes(ctx.db, ctx.user)),
  skinTones: publicProcedure.query(({ ctx }) => catalog.skinTones(ctx.db)),
  trendConversion: publicProcedure.query(() => catalog.trendConversion()),
  landingShowcase: publicProcedure.query(({ ctx }) => landingShowcase(ctx.db, ctx.config)),
  lookbookStats: publicProcedure.query(({ ctx }) => lookbookStats(ctx.db)),
} satisfies TRPCRouterRecord;
