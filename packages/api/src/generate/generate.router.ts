import type { TRPCRouterRecord } from '@trpc/server';
import { fashionItemsInput, generateOutfitInput } from '@drape/contracts';
import { authedProcedure, viewerOrAdminProcedure } from '../trpc';
import { fashionItemsForImage, generateOutfit } from './generate.service';

export const generateRouter = {
  outfit: authedProcedure.input(generateOutfitInput).mutation(({ ctx, input }) => generateOutfit(ctx.services, ctx.user, input)),
  fashionItems: viewerOrAdminProcedure.input(fashionItemsInput).query(({ ctx, input }) => fashionItemsForImage(ctx.services.db, { viewer: ctx.viewer, admin: ctx.admin !== null }, input.imageId)),
} satisfies TRPCRouterRecord;
