import type { TRPCRouterRecord } from '@trpc/server';
import { comboDetailsInput, galleryImageInput, galleryListInput } from '@drape/contracts';
import { adminActionProcedure, adminProcedure } from '../trpc';
import { cleanupGallery, comboDetails, galleryFilterOptions, listGallery, makePublic, removeImage } from './gallery.service';

/** The Image Gallery (settings-and-admin §2.2, §7.2). A look's pieces are the public GET /api/fashion-items/{imageId}. */
export const galleryRouter = {
  list: adminProcedure.input(galleryListInput).query(({ ctx, input }) => listGallery(ctx.services, input)),
  filterOptions: adminProcedure.query(({ ctx }) => galleryFilterOptions(ctx.services.db)),
  comboDetails: adminProcedure.input(comboDetailsInput).query(({ ctx, input }) => comboDetails(ctx.services.db, input.combinationCode)),
  makePublic: adminActionProcedure.input(galleryImageInput).mutation(({ ctx, input }) => makePublic(ctx.services.db, input.id)),
  remove: adminActionProcedure.input(galleryImageInput).mutation(({ ctx, input }) => removeImage(ctx.services, input.id)),
  cleanupLowQuality: adminActionProcedure.mutation(({ ctx }) => cleanupGallery(ctx.services)),
} satisfies TRPCRouterRecord;
