import type { TRPCRouterRecord } from '@trpc/server';
import { addToShowcaseInput, lookbookImagesInput, removeFromLookbookInput, removeFromShowcaseInput, showcaseItemsInput } from '@drape/contracts';
import { adminActionProcedure, adminProcedure } from '../trpc';
import { addToShowcase, lookbookImages, removeFromLookbook, removeFromShowcase, showcaseItems } from './showcase.service';

/** The showcase lookbook manager (settings-and-admin §2.2 {base}/lookbook, §7.2). */
export const showcaseRouter = {
  lookbookImages: adminProcedure.input(lookbookImagesInput).query(({ ctx, input }) => lookbookImages(ctx.services, input)),
  items: adminProcedure.input(showcaseItemsInput).query(({ ctx, input }) => showcaseItems(ctx.services, input)),
  add: adminActionProcedure.input(addToShowcaseInput).mutation(({ ctx, input }) => addToShowcase(ctx.services, input)),
  remove: adminActionProcedure.input(removeFromShowcaseInput).mutation(({ ctx, input }) => removeFromShowcase(ctx.services, input)),
  removeFromLookbook: adminActionProcedure.input(removeFromLookbookInput).mutation(({ ctx, input }) => removeFromLookbook(ctx.services, input)),
} satisfies TRPCRouterRecord;
