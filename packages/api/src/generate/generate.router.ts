import type { TRPCRouterRecord } from '@trpc/server';
import { z } from 'zod';
import { generateOutfitInput } from '@drape/contracts';
import { authedProcedure, publicProcedure } from '../trpc';
import { fashionItemsForImage, generateOutfit } from './generate.service';

export const generateRouter = {
  outfit: authedProcedure.input(generateOutfitInput).mutation(({ ctx, input }) => generateOutfit(ctx, input)),
  fashionItems: publicProcedure.input(z.object({ imageId: z.uuid('Not an image id') })).query(({ ctx, input }) => fashionItemsForImage(ctx.db, input.imageId)),
} satisfies TRPCRouterRecord;
