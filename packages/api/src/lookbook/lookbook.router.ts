import type { TRPCRouterRecord } from '@trpc/server';
import { lookbookPageAnswer } from '@drape/contracts/look-answers';
import { lookbookListInput } from '@drape/contracts/lookbook';
import { checkedOutput } from '../checked-answers';
import { authedProcedure } from '../trpc';
import { listLookbook } from './lookbook.service';

export const lookbookRouter = {
  list: authedProcedure
    .meta({ rest: { method: 'GET', path: '/api/siims/lookbook', spelling: 'lookbookPage', summary: 'A page of the LookBook, newest first (Stylist: 50 looks a session, no filters; Fashion Icon: all, with filters)' } })
    .input(lookbookListInput)
    .output(checkedOutput(lookbookPageAnswer))
    .query(({ ctx, input }) => listLookbook(ctx.services, ctx.user, input, ctx.response)),
} satisfies TRPCRouterRecord;
