import type { TRPCRouterRecord } from '@trpc/server';
import { batchCancelAnswer, batchGenerateInput, batchJobIdInput, batchJobsAnswer, batchStartedAnswer, clearPipelineAnswer, initQueueAnswer, startSequentialBatchInput } from '@drape/contracts/admin';
import { adminProcedure } from '../trpc';
import { cancelBatchJob, clearBatchPipeline, initQueue, listBatchJobs, startLevelBatch, startSequential } from './batch.service';

/** The Batch Generation tab (settings-and-admin §2.2, §7.2); the CLI's `batch` commands call the same operations. */
export const batchRouter = {
  list: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/admin/batch-jobs', summary: 'The newest batch jobs, newest first: status, progress, successRate and metrics' } })
    .output(batchJobsAnswer)
    .query(({ ctx }) => listBatchJobs(ctx.services.db)),
  startSequential: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/admin/batch-generate-sequential', summary: 'A sequential batch over the SEV queue (optional cycles 1-5, limit); answers jobId' }, audit: { target: { type: 'batch', answer: 'jobId' } } })
    .input(startSequentialBatchInput)
    .output(batchStartedAnswer)
    .mutation(({ ctx, input }) => startSequential(ctx.services, input)),
  generate: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/admin/batch-generate', summary: 'A priority batch over one SEV level (priorityFilter SEV-1..SEV-4 or all), at most limit combinations; answers jobId' }, audit: { target: { type: 'batch', answer: 'jobId' } } })
    .input(batchGenerateInput)
    .output(batchStartedAnswer)
    .mutation(({ ctx, input }) => startLevelBatch(ctx.services, input)),
  cancel: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/admin/batch-jobs/:id/cancel', summary: 'Cancel a running batch job (409 when it is not running)' }, audit: { target: { type: 'batch', input: 'id' } } })
    .input(batchJobIdInput)
    .output(batchCancelAnswer)
    .mutation(({ ctx, input }) => cancelBatchJob(ctx.services.db, input.id)),
  clearPipeline: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/admin/clear-pipeline', summary: 'Cancel running batches, drop queued generate jobs, empty the SEV queue' }, audit: { target: null } })
    .output(clearPipelineAnswer)
    .mutation(({ ctx }) => clearBatchPipeline(ctx.services)),
  initQueue: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/admin/sev-queue-init', summary: 'Rebuild the SEV queue, most severe first (409 while a batch runs); answers message' }, audit: { target: null } })
    .output(initQueueAnswer)
    .mutation(({ ctx }) => initQueue(ctx.services.db)),
} satisfies TRPCRouterRecord;
