import type { TRPCRouterRecord } from '@trpc/server';
import { addToShowcaseInput, adminLookbookImagesAnswer, lookbookImagesInput, removeFromLookbookAnswer, removeFromLookbookInput, removeFromShowcaseInput, showcaseAddAnswer, showcaseItemsAnswer, showcaseItemsInput, showcaseRemoveAnswer } from '@drape/contracts/admin';
import { adminProcedure } from '../trpc';
import { addToShowcase, lookbookImages, removeFromLookbook, removeFromShowcase, showcaseItems } from './showcase.service';

/** The showcase lookbook manager (settings-and-admin §2.2 {base}/lookbook, §7.2). */
export const showcaseRouter = {
  lookbookImages: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/admin/lookbook-images', summary: 'LookBook looks, newest in the LookBook first, 24 a page (page, gender)' } })
    .input(lookbookImagesInput)
    .output(adminLookbookImagesAnswer)
    .query(({ ctx, input }) => lookbookImages(ctx.services, input)),
  items: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/admin/showcase-items', summary: "The landing showcase in the carousel's order, 24 a page (page)" } })
    .input(showcaseItemsInput)
    .output(showcaseItemsAnswer)
    .query(({ ctx, input }) => showcaseItems(ctx.services, input)),
  add: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/admin/add-to-showcase', summary: 'A LookBook look joins the showcase (imageId, combinationCode)' }, audit: { target: { type: 'image', input: 'imageId' } } })
    .input(addToShowcaseInput)
    .output(showcaseAddAnswer)
    .mutation(({ ctx, input }) => addToShowcase(ctx.services, input)),
  remove: adminProcedure
    .meta({ rest: { method: 'DELETE', path: '/api/admin/showcase-items/:imageId', summary: 'A look leaves the showcase' }, audit: { target: { type: 'image', input: 'imageId' } } })
    .input(removeFromShowcaseInput)
    .output(showcaseRemoveAnswer)
    .mutation(({ ctx, input }) => removeFromShowcase(ctx.services, input)),
  removeFromLookbook: adminProcedure
    .meta({ rest: { method: 'DELETE', path: '/api/admin/lookbook-images/:imageId', summary: 'A look leaves the LookBook (and the showcase) for good' }, audit: { target: { type: 'image', input: 'imageId' } } })
    .input(removeFromLookbookInput)
    .output(removeFromLookbookAnswer)
    .mutation(({ ctx, input }) => removeFromLookbook(ctx.services, input)),
} satisfies TRPCRouterRecord;
