import type { TRPCRouterRecord } from '@trpc/server';
import { outfitAnswer, shareCreateAnswer, shareTrackAnswer } from '@drape/contracts/look-answers';
import { shareOutfitInput, trackShareInput } from '@drape/contracts/share';
import { authedProcedure, viewerProcedure } from '../trpc';
import { shareOutfit, sharedOutfit, trackShare } from './share.service';

export const shareRouter = {
  create: authedProcedure
    .meta({ rest: { method: 'POST', path: '/api/share/outfit', summary: 'Share a look the user may see; answers its public shareUrl' } })
    .input(shareOutfitInput)
    .output(shareCreateAnswer)
    .mutation(({ ctx, input }) => shareOutfit(ctx.services, ctx.user, input.imageId)),
  outfit: viewerProcedure
    .meta({ rest: { method: 'GET', path: '/api/share/outfit/:imageId', spelling: 'outfit', summary: 'The outfit of a shared link (a shared or LookBook look); counted as served to a signed-in caller' } })
    .input(shareOutfitInput)
    .output(outfitAnswer)
    .query(({ ctx, input }) => sharedOutfit(ctx.services, ctx.viewer, input.imageId)),
  track: authedProcedure
    .meta({ rest: { method: 'POST', path: '/api/user/track-share', summary: "Count a share: today's +3 bonus, once a day; answers the day's limit" } })
    .input(trackShareInput)
    .output(shareTrackAnswer)
    .mutation(({ ctx, input }) => trackShare(ctx.services.db, ctx.user, input)),
} satisfies TRPCRouterRecord;
