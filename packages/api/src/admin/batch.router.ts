import type { TRPCRouterRecord } from '@trpc/server';
import { batchGenerateInput, batchJobIdInput, startSequentialBatchInput } from '@drape/contracts';
import { adminActionProcedure, adminProcedure } from '../trpc';
import { cancelBatchJob, clearBatchPipeline, initQueue, listBatchJobs, startLevelBatch, startSequential } from './batch.service';

/** The Batch Generation tab (settings-and-admin §2.2, §7.2); the CLI's `batch` commands call the same operations. */
export const batchRouter = {
  list: adminProcedure.query(({ ctx }) => listBatchJobs(ctx.services.db)),
  startSequential: adminActionProcedure.input(startSequentialBatchInput).mutation(({ ctx, input }) => startSequential(ctx.services, input)),
  generate: adminActionProcedure.input(batchGenerateInput).mutation(({ ctx, input }) => startLevelBatch(ctx.services, input)),
  cancel: adminActionProcedure.input(batchJobIdInput).mutation(({ ctx, input }) => cancelBatchJob(ctx.services.db, input.id)),
  clearPipeline: adminActionProcedure.mutation(({ ctx }) => clearBatchPipeline(ctx.services)),
  initQueue: adminActionProcedure.mutation(({ ctx }) => initQueue(ctx.services.db)),
} satisfies TRPCRouterRecord;
