import type { TRPCRouterRecord } from '@trpc/server';
import { wardrobeCollectionsAnswer, wardrobeContainsAnswer, wardrobeNotesAnswer, wardrobePageAnswer, wardrobeRemoveAnswer, wardrobeSaveAnswer } from '@drape/contracts/look-answers';
import { wardrobeContainsInput, wardrobeImageInput, wardrobeListInput, wardrobeNotesInput } from '@drape/contracts/wardrobe';
import { checkedOutput } from '../checked-answers';
import { authedProcedure } from '../trpc';
import { listWardrobe, removeFromWardrobe, saveToWardrobe, updateWardrobeNotes, wardrobeCollections, wardrobeContains } from './wardrobe.service';

export const wardrobeRouter = {
  list: authedProcedure
    .meta({ rest: { method: 'GET', path: '/api/siims/wardrobe', spelling: 'wardrobePage', summary: "A page of the user's saved looks (filters, newest or oldest first), the total and the wardrobe's size against its cap" } })
    .input(wardrobeListInput)
    .output(checkedOutput(wardrobePageAnswer))
    .query(({ ctx, input }) => listWardrobe(ctx.services, ctx.user, input)),
  collections: authedProcedure
    .meta({ rest: { method: 'GET', path: '/api/siims/wardrobe/collections', summary: "Smart collections of the user's saved looks by occasion, style and trend, with counts and previews" } })
    .output(wardrobeCollectionsAnswer)
    .query(({ ctx }) => wardrobeCollections(ctx.services, ctx.user)),
  save: authedProcedure
    .meta({ rest: { method: 'POST', path: '/api/siims/wardrobe', status: 201, spelling: 'wardrobeSave', summary: 'Save a look the user may see to the wardrobe (Stylist and above; a Stylist keeps 20)' } })
    .input(wardrobeImageInput)
    .output(wardrobeSaveAnswer)
    .mutation(({ ctx, input }) => saveToWardrobe(ctx.services, ctx.user, input.imageId)),
  remove: authedProcedure
    .meta({ rest: { method: 'DELETE', path: '/api/siims/wardrobe/:imageId', summary: 'Remove a look from the wardrobe; removed is false when it was not there' } })
    .input(wardrobeImageInput)
    .output(wardrobeRemoveAnswer)
    .mutation(({ ctx, input }) => removeFromWardrobe(ctx.services, ctx.user, input.imageId)),
  notes: authedProcedure
    .meta({ rest: { method: 'PATCH', path: '/api/siims/wardrobe/:id/notes', summary: "The owner's notes on a saved look (by wardrobe item id); empty notes clear them" } })
    .input(wardrobeNotesInput)
    .output(wardrobeNotesAnswer)
    .mutation(({ ctx, input }) => updateWardrobeNotes(ctx.services, ctx.user, input)),
  // The Save buttons' state: the app's own question, no documented REST path.
  contains: authedProcedure
    .meta({ rest: null })
    .input(wardrobeContainsInput)
    .output(wardrobeContainsAnswer)
    .query(({ ctx, input }) => wardrobeContains(ctx.services.db, ctx.user, input.imageIds)),
} satisfies TRPCRouterRecord;
