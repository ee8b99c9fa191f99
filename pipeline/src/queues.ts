import { GENERATE_QUEUE } from '@drape/contracts';

/** pg-boss queue names (ARCHITECTURE.md "The pipeline"). */
export const QUEUES = {
  generate: GENERATE_QUEUE,
  batch: 'batch',
  maintenance: 'maintenance',
} as const;

/** Cron jobs on the maintenance queue. */
export const SCHEDULES = {
  expiredSessions: { cron: '17 * * * *', task: 'expired-sessions' },
  imageRetention: { cron: '40 3 * * *', task: 'image-retention' },
  accountPurge: { cron: '10 4 * * *', task: 'account-purge' },
} as const;
