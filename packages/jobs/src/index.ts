export {
  QUEUES, SCHEDULES, SEND, LIVE_PRIORITY, BATCH_ENTRY_RETRIES, MAIL_RETRY, MAIL_EXPIRE_SECONDS, mailRetryWindowSeconds, scheduleQueue, type MaintenanceTask, type MailRetry,
} from './queues';
export { generateJobData, parseGenerateJobData, type GenerateJobData, type JobSource, type OwnedPieceData } from './generate-job-data';
export { startBoss, stopBoss, waitingJobs, MAIL_STOP_TIMEOUT_MS, type BossRole, type BossOptions, type PgBoss, type JobQueue, type JobWithMetadata } from './boss';
export { createMailQueue, type MailQueue, type MailQueueOptions, type MailAttempt } from './mail-queue';
export {
  recordOutcome, readOutcome, readOutcomes, parseOutcomeNotice, deleteOldOutcomes, OUTCOME_CHANNEL, type JobOutcome,
} from './outcome';
export { createLiveGeneration, type LiveGeneration, type LiveOutcome } from './live-generation';
export { listenForever, LISTEN_RETRY_MS, LISTENER_APPLICATION, type Listener, type ListenOptions } from './listener';
export { PG_BOSS_VERSION } from './version';
export { countJob, readJobCounts, parseJobCounters, jobCounterDeltas, durationBucket, type CountedOutcome, type JobCounts, type JobTotal, type JobDurations } from './job-counts';
export { ALL_QUEUES, queueSizes, queueSchemaReady, queuePoolUse } from './queue-figures';
