import type { TRPCRouterRecord } from '@trpc/server';
import { trackClickInput } from '@drape/contracts';
import { authedProcedure } from '../trpc';
import { localizedDomains, trackClick } from './shopping.service';

export const shoppingRouter = {
  localizedDomains: authedProcedure.query(({ ctx }) => localizedDomains(ctx.user, ctx.req)),
  trackClick: authedProcedure.input(trackClickInput).mutation(({ ctx, input }) => trackClick(ctx.services, ctx.user, ctx.req, input)),
} satisfies TRPCRouterRecord;
