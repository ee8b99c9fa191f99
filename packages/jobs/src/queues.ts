/**
 * Drape's pg-boss queues and how each kind of job is sent: one place, read by the server (live
 * generation), the pipeline (workers, batch steps, crons) and the CLI.
 */
export const QUEUES = {
  /** Live requests and batch entries; live ones at a higher priority. */
  generate: 'generate',
  /** Steps of a sequential batch. */
  batch: 'batch',
  maintenance: 'maintenance',
  /** One job per mail to deliver, worked by the server processes (docs/decisions/0005). */
  mail: 'mail',
} as const;

/** Cron jobs, each on its own queue (`maintenance.<task>`): pg-boss keys a schedule by queue name. */
export const SCHEDULES = {
  expiredRows: { cron: '17 * * * *', task: 'expired-rows' },
  imageRetention: { cron: '40 3 * * *', task: 'image-retention' },
  accountPurge: { cron: '10 4 * * *', task: 'account-purge' },
  /** Keeps the LookBook filled (LOOKBOOK_AUTOCURATE) with the looks made since, live ones included. */
  lookbookCuration: { cron: '*/10 * * * *', task: 'lookbook-curation' },
} as const;
export type MaintenanceTask = (typeof SCHEDULES)[keyof typeof SCHEDULES]['task'];

export const scheduleQueue = (task: MaintenanceTask) => `${QUEUES.maintenance}.${task}`;

/** A live job waits for a person: it jumps the batch entries. */
export const LIVE_PRIORITY = 10;

/** Retries of a batch entry's job: a dead worker's job is retried (a job is idempotent). */
export const BATCH_ENTRY_RETRIES = 3;

/**
 * How a mail's delivery is retried. With backoff, pg-boss waits between d and 2d seconds before
 * the first retry, then doubles (d = the delay): 5 retries at 10 s end within 10*(2+4+8+16+32) s
 * = 10 min 20 s of waiting, plus at most six expiries of a minute, well inside the hour a reset
 * link lives (the stale-mail sweep gives up on a mail pending for an hour). Tests shorten both.
 */
export interface MailRetry {
  retryLimit: number;
  retryDelaySeconds: number;
}
export const MAIL_RETRY: MailRetry = { retryLimit: 5, retryDelaySeconds: 10 };
/** One attempt's limit: the SMTP client's own timeouts (packages/auth/src/mail-delivery.ts) end it first. */
export const MAIL_EXPIRE_SECONDS = 60;

/**
 * The longest a mail can be retried, first attempt to last: every wait at its longest (pg-boss's
 * backoff waits at most d*2^k before retry k) and every attempt running to its expiry.
 */
export function mailRetryWindowSeconds(retry: MailRetry = MAIL_RETRY): number {
  let waits = 0;
  for (let k = 1; k <= retry.retryLimit; k++) waits += retry.retryDelaySeconds * 2 ** k;
  return waits + (retry.retryLimit + 1) * MAIL_EXPIRE_SECONDS;
}

/** Send options per kind of job. */
export const SEND = {
  live: (expireInSeconds: number) => ({ priority: LIVE_PRIORITY, retryLimit: 2, retryDelay: 1, retryBackoff: true, expireInSeconds }),
  batchEntry: (id: string, expireInSeconds: number) => ({ id, priority: 0, retryLimit: BATCH_ENTRY_RETRIES, retryDelay: 2, retryBackoff: true, expireInSeconds }),
  batchStep: (id: string, expireInSeconds: number, startAfter?: Date) => ({ id, retryLimit: 10, retryDelay: 2, expireInSeconds, ...(startAfter ? { startAfter } : {}) }),
  mail: (retry: MailRetry = MAIL_RETRY) => ({ retryLimit: retry.retryLimit, retryDelay: retry.retryDelaySeconds, retryBackoff: true, expireInSeconds: MAIL_EXPIRE_SECONDS }),
} as const;
