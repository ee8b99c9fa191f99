import type { TRPCRouterRecord } from '@trpc/server';
import { localizedDomainsAnswer, trackClickAnswer } from '@drape/contracts/look-answers';
import { trackClickInput } from '@drape/contracts/shopping';
import { authedProcedure } from '../trpc';
import { localizedDomains, trackClick } from './shopping.service';

export const shoppingRouter = {
  localizedDomains: authedProcedure
    .meta({ rest: { method: 'GET', path: '/api/user/localized-domains', summary: "The user's regional Google and Amazon sites, and where the region came from" } })
    .output(localizedDomainsAnswer)
    .query(({ ctx }) => localizedDomains(ctx.services.config, ctx.user, ctx.req)),
  trackClick: authedProcedure
    .meta({ rest: { method: 'POST', path: '/api/fashion-items/:id/track-click', summary: 'Record a shopping link opened for a piece (google or amazon)' } })
    .input(trackClickInput)
    .output(trackClickAnswer)
    .mutation(({ ctx, input }) => trackClick(ctx.services, ctx.user, ctx.req, input)),
} satisfies TRPCRouterRecord;
