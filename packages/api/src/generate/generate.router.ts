import type { TRPCRouterRecord } from '@trpc/server';
import { fashionItemsInput, generateOutfitInput } from '@drape/contracts/generation';
import { fashionItemsAnswer, outfitAnswer } from '@drape/contracts/look-answers';
import { authedProcedure, viewerOrAdminProcedure } from '../trpc';
import { fashionItemsForImage, generateOutfit } from './generate.service';

export const generateRouter = {
  outfit: authedProcedure
    .meta({ rest: { method: 'POST', path: '/api/generate-outfit', spelling: 'outfit', summary: 'Get My Look: an outfit from inventory, or generated live' } })
    .input(generateOutfitInput)
    .output(outfitAnswer)
    .mutation(({ ctx, input }) => generateOutfit(ctx.services, ctx.user, input)),
  fashionItems: viewerOrAdminProcedure
    .meta({ adminApp: true, rest: { method: 'GET', path: '/api/fashion-items/:imageId', spelling: 'fashionItems', summary: "The pieces of a look the caller may see (the share rule: served to them, saved, shared or in the LookBook; signed out, shared or in the LookBook), else 404; an admin token reads every look's" } })
    .input(fashionItemsInput)
    .output(fashionItemsAnswer)
    .query(({ ctx, input }) => fashionItemsForImage(ctx.services.db, { viewer: ctx.viewer, admin: ctx.admin !== null }, input.imageId)),
} satisfies TRPCRouterRecord;
