export { QUEUES, SCHEDULES, SEND, LIVE_PRIORITY, BATCH_ENTRY_RETRIES, scheduleQueue, type MaintenanceTask } from './queues';
export { generateJobData, parseGenerateJobData, type GenerateJobData, type JobSource } from './generate-job-data';
export { startBoss, stopBoss, type BossRole, type BossOptions, type PgBoss, type JobQueue } from './boss';
export {
  recordOutcome, readOutcome, readOutcomes, parseOutcomeNotice, deleteOldOutcomes, OUTCOME_CHANNEL, type JobOutcome,
} from './outcome';
export { createLiveGeneration, type LiveGeneration, type LiveOutcome } from './live-generation';
export { listenForever, LISTEN_RETRY_MS, LISTENER_APPLICATION, type Listener, type ListenOptions } from './listener';
export { countJob, readJobCounts, parseJobCounters, jobCounterDeltas, durationBucket, type CountedOutcome, type JobCounts, type JobTotal, type JobDurations } from './job-counts';
export { ALL_QUEUES, queueSizes, queueSchemaReady, queuePoolUse } from './queue-figures';
