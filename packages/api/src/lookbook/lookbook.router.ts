import type { TRPCRouterRecord } from '@trpc/server';
import { lookbookListInput } from '@drape/contracts';
import { authedProcedure } from '../trpc';
import { listLookbook } from './lookbook.service';

export const lookbookRouter = {
  list: authedProcedure.input(lookbookListInput).query(({ ctx, input }) => listLookbook(ctx.services, ctx.user, input)),
} satisfies TRPCRouterRecord;
