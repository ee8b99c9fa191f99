import type { TRPCRouterRecord } from '@trpc/server';
import { shareOutfitInput, trackShareInput } from '@drape/contracts';
import { authedProcedure, viewerProcedure } from '../trpc';
import { shareOutfit, sharedOutfit, trackShare } from './share.service';

export const shareRouter = {
  create: authedProcedure.input(shareOutfitInput).mutation(({ ctx, input }) => shareOutfit(ctx.services, ctx.user, input.imageId)),
  outfit: viewerProcedure.input(shareOutfitInput).query(({ ctx, input }) => sharedOutfit(ctx.services, ctx.viewer, input.imageId)),
  track: authedProcedure.input(trackShareInput).mutation(({ ctx, input }) => trackShare(ctx.services.db, ctx.user, input)),
} satisfies TRPCRouterRecord;
