import type { TRPCRouterRecord } from '@trpc/server';
import { wardrobeContainsInput, wardrobeImageInput, wardrobeListInput, wardrobeNotesInput } from '@drape/contracts';
import { authedProcedure } from '../trpc';
import { listWardrobe, removeFromWardrobe, saveToWardrobe, updateWardrobeNotes, wardrobeCollections, wardrobeContains } from './wardrobe.service';

export const wardrobeRouter = {
  list: authedProcedure.input(wardrobeListInput).query(({ ctx, input }) => listWardrobe(ctx.services, ctx.user, input)),
  collections: authedProcedure.query(({ ctx }) => wardrobeCollections(ctx.services, ctx.user)),
  save: authedProcedure.input(wardrobeImageInput).mutation(({ ctx, input }) => saveToWardrobe(ctx.services, ctx.user, input.imageId)),
  remove: authedProcedure.input(wardrobeImageInput).mutation(({ ctx, input }) => removeFromWardrobe(ctx.services, ctx.user, input.imageId)),
  notes: authedProcedure.input(wardrobeNotesInput).mutation(({ ctx, input }) => updateWardrobeNotes(ctx.services, ctx.user, input)),
  contains: authedProcedure.input(wardrobeContainsInput).query(({ ctx, input }) => wardrobeContains(ctx.services.db, ctx.user, input.imageIds)),
} satisfies TRPCRouterRecord;
