import type { TRPCRouterRecord } from '@trpc/server';
import { catalogOptionsAnswer, landingShowcaseAnswer, lookbookStatsAnswer, monthlyTrendsAnswer, occasionsAnswer, seasonsAnswer, trendConversionAnswer } from '@drape/contracts/catalog';
import { authedProcedure, publicProcedure } from '../trpc';
import * as catalog from './catalog.service';
import { landingShowcase, lookbookStats } from './showcase.service';

export const catalogRouter = {
  monthlyTrends: publicProcedure
    .meta({ rest: { method: 'GET', path: '/api/monthly-trends', summary: "This month's trends" } })
    .output(monthlyTrendsAnswer)
    .query(({ ctx }) => catalog.monthlyTrends(ctx.services.db)),
  seasons: publicProcedure
    .meta({ rest: { method: 'GET', path: '/api/seasons', summary: 'Seasons with their color palettes' } })
    .output(seasonsAnswer)
    .query(({ ctx }) => catalog.seasons(ctx.services.db)),
  occasions: publicProcedure
    .meta({ rest: { method: 'GET', path: '/api/occasions', summary: 'Occasions with their icon names' } })
    .output(occasionsAnswer)
    .query(({ ctx }) => catalog.occasions(ctx.services.db)),
  styleVibes: authedProcedure
    .meta({ rest: { method: 'GET', path: '/api/style-vibes', summary: 'Style vibes (Stylist and above)' } })
    .output(catalogOptionsAnswer)
    .query(({ ctx }) => catalog.styleVibes(ctx.services.db, ctx.user)),
  bodyShapes: authedProcedure
    .meta({ rest: { method: 'GET', path: '/api/body-shapes', summary: 'Body shapes (Stylist and above)' } })
    .output(catalogOptionsAnswer)
    .query(({ ctx }) => catalog.bodyShapes(ctx.services.db, ctx.user)),
  skinTones: publicProcedure
    .meta({ rest: { method: 'GET', path: '/api/skin-tones', summary: 'Skin tones' } })
    .output(catalogOptionsAnswer)
    .query(({ ctx }) => catalog.skinTones(ctx.services.db)),
  trendConversion: publicProcedure
    .meta({ rest: { method: 'GET', path: '/api/trend-conversion', summary: 'Which names are occasions and which are trends' } })
    .output(trendConversionAnswer)
    .query(() => catalog.trendConversion()),
  landingShowcase: publicProcedure
    .meta({ rest: { method: 'GET', path: '/api/landing/showcase', summary: "One picture per trend, palette and occasion, and the landing carousel's looks" } })
    .output(landingShowcaseAnswer)
    .query(({ ctx }) => landingShowcase(ctx.services.db, ctx.services.config)),
  lookbookStats: publicProcedure
    .meta({ rest: { method: 'GET', path: '/api/lookbook/stats', summary: "The landing's LookBook blurb" } })
    .output(lookbookStatsAnswer)
    .query(({ ctx }) => lookbookStats(ctx.services.db)),
} satisfies TRPCRouterRecord;
