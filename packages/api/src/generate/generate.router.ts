import type { TRPCRouterRecord } from '@trpc/server';
import { fashionItemsInput, generateOutfitInput } from '@drape/contracts';
import { authedProcedure, publicProcedure } from '../trpc';
import { fashionItemsForImage, generateOutfit } from './generate.service';

export const generateRouter = {
  outfit: authedProcedure.input(generateOutfitInput).mutation(({ ctx, input }) => generateOutfit(ctx.services, ctx.user, input)),
  fashionItems: publicProcedure.input(fashionItemsInput).query(({ ctx, input }) => fashionItemsForImage(ctx.services.db, input.imageId)),
} satisfies TRPCRouterRecord;
