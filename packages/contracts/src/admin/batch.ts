import { z } from '../zod';

/** Cycles of a sequential batch over the SEV queue (settings-and-admin §9: SEV cycles up to 5). */
export const BATCH_MAX_CYCLES = 5;
/** At most this many combinations per cycle (the spec's matrix holds 810). */
export const BATCH_MAX_LIMIT = 1000;
/** The newest batch jobs the Batch Generation tab reads (it shows the newest). */
export const BATCH_JOBS_LISTED = 10;

/** The levels a priority batch may target: the stocked SEV-5 is never generated for. */
export const BATCH_PRIORITY_FILTERS = ['SEV-1', 'SEV-2', 'SEV-3', 'SEV-4', 'all'] as const;
export type BatchPriorityFilter = (typeof BATCH_PRIORITY_FILTERS)[number];

const limit = z.coerce.number().int('limit must be a whole number').min(1, 'limit must be at least 1').max(BATCH_MAX_LIMIT, `limit must be at most ${BATCH_MAX_LIMIT}`);

export const batchJobIdInput = z.object({ id: z.string().uuid('Not a batch job id') });

/** POST /api/admin/batch-generate-sequential: the body is optional (spec: not shown). */
export const startSequentialBatchInput = z
  .object({
    cycles: z.coerce.number().int('cycles must be a whole number').min(1, 'cycles must be at least 1').max(BATCH_MAX_CYCLES, `cycles must be at most ${BATCH_MAX_CYCLES}`).optional(),
    limit: limit.optional(),
  })
  .default({});
export type StartSequentialBatchInput = z.output<typeof startSequentialBatchInput>;

/** POST /api/admin/batch-generate {priorityFilter, limit}. */
export const batchGenerateInput = z.object({
  priorityFilter: z.enum(BATCH_PRIORITY_FILTERS, { message: 'priorityFilter is one of SEV-1, SEV-2, SEV-3, SEV-4 or all' }),
  limit: limit.optional(),
});
export type BatchGenerateInput = z.output<typeof batchGenerateInput>;

export type BatchJobStatus = 'running' | 'completed' | 'cancelled' | 'failed';

/** A batch job as the admin sees it (settings-and-admin §3), with the spec's field names. */
export interface BatchJobView {
  id: string;
  kind: 'sequential' | 'priority';
  status: BatchJobStatus;
  /** 0-100: entries ended of the entries queued. */
  progress: number;
  /** 0-100: stored images of the entries ended. */
  successRate: number;
  total: number;
  processed: number;
  succeeded: number;
  failed: number;
  cycle: number;
  cycles: number;
  /** The SEV level of a priority batch ('all' for every level below SEV-5); null for a sequential one. */
  priorityFilter: BatchPriorityFilter | null;
  createdAt: string;
  finishedAt: string | null;
  metrics: {
    commandsSent: number;
    imagesGenerated: number;
    contentSafetyPassed: number;
    contentSafetyFailed: number;
    qualityPassed: number;
    qualityFailed: number;
    awsSaved: number;
    metadataSaved: number;
    supabaseItemsSaved: number;
    imagesPerMinute: number;
    imagesPerHour: number;
    imagesPer24Hours: number;
    startTime: string;
  };
}

export interface BatchJobsAnswer {
  jobs: BatchJobView[];
}

/** The metrics grid's labels, in the spec's order (settings-and-admin §3). */
export const BATCH_METRIC_LABELS: Readonly<Record<Exclude<keyof BatchJobView['metrics'], 'startTime'>, string>> = {
  commandsSent: 'Commands sent',
  imagesGenerated: 'Images generated',
  contentSafetyPassed: 'Content safety passed',
  contentSafetyFailed: 'Content safety failed',
  qualityPassed: 'Quality passed',
  qualityFailed: 'Quality failed',
  awsSaved: 'Images saved',
  metadataSaved: 'Metadata saved',
  supabaseItemsSaved: 'Fashion items saved',
  imagesPerMinute: 'Images per minute',
  imagesPerHour: 'Images per hour',
  imagesPer24Hours: 'Images per 24 hours',
};

/** The spec's messages of the Batch Generation tab (settings-and-admin §8). */
export const batchMessages = {
  startFailed: 'Unable to start batch generation',
  clearFailed: 'Unable to clear pipeline',
  cancelFailed: 'Unable to cancel batch job',
  initFailed: 'Unable to initialise the queue',
  loadFailed: 'Unable to load batch jobs.',
  empty: 'No batch has run yet.',
} as const;
