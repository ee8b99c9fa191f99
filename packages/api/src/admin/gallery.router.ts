import type { TRPCRouterRecord } from '@trpc/server';
import { cleanupLowQualityAnswer, comboDetailsAnswer, comboDetailsInput, galleryFilterOptionsAnswer, galleryImageInput, galleryListInput, galleryPageAnswer, makePublicAnswer, removeImageAnswer } from '@drape/contracts/admin';
import { adminProcedure } from '../trpc';
import { cleanupGallery, comboDetails, galleryFilterOptions, listGallery, makePublic, removeImage } from './gallery.service';

/** The Image Gallery (settings-and-admin §2.2, §7.2). A look's pieces are the public GET /api/fashion-items/{imageId}. */
export const galleryRouter = {
  list: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/admin/images', summary: 'A page of the generated looks, newest or oldest first (page, limit 20, search, status, gender, skinTone, bodyShape, occasion, styleVibe, season)' } })
    .input(galleryListInput)
    .output(galleryPageAnswer)
    .query(({ ctx, input }) => listGallery(ctx.services, input)),
  filterOptions: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/admin/filter-options', summary: "The gallery's filter choices from the catalog" } })
    .output(galleryFilterOptionsAnswer)
    .query(({ ctx }) => galleryFilterOptions(ctx.services.db)),
  comboDetails: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/admin/combo-details/:combinationCode', summary: "A combination's names, prompt, image counts and severity" } })
    .input(comboDetailsInput)
    .output(comboDetailsAnswer)
    .query(({ ctx, input }) => comboDetails(ctx.services.db, input.combinationCode)),
  makePublic: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/admin/images/:id/make-public', summary: 'Put a look in the LookBook as an admin choice (already there: unchanged)' }, audit: { target: { type: 'image', input: 'id' } } })
    .input(galleryImageInput)
    .output(makePublicAnswer)
    .mutation(({ ctx, input }) => makePublic(ctx.services.db, input.id)),
  remove: adminProcedure
    .meta({ rest: { method: 'DELETE', path: '/api/admin/images/:id', summary: "Delete a look for good, rows and files; refused (409) while a user's wardrobe holds it" }, audit: { target: { type: 'image', input: 'id' } } })
    .input(galleryImageInput)
    .output(removeImageAnswer)
    .mutation(({ ctx, input }) => removeImage(ctx.services, input.id)),
  cleanupLowQuality: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/admin/cleanup-low-quality', summary: 'Delete the looks under the quality thresholds (65 female fair skin, 70 others); busy while another cleanup runs' }, audit: { target: null } })
    .output(cleanupLowQualityAnswer)
    .mutation(({ ctx }) => cleanupGallery(ctx.services)),
} satisfies TRPCRouterRecord;
