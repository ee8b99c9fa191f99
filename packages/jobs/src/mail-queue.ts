import { CompiledQuery } from 'kysely';
import { z } from 'zod';
import type { Db } from '@drape/db';
import { startBoss, stopBoss, type BossOptions } from './boss';
import { MAIL_RETRY, QUEUES, SEND, type MailRetry } from './queues';

/** A mail job names its outbox row and nothing else: no address, no body, no link. */
const mailJobData = z.object({ outboxId: z.string().regex(/^\d+$/) });

/** One delivery attempt of an outbox row, as the queue hands it to the deliverer. */
export interface MailAttempt {
  outboxId: string;
  /** 1 for the first attempt. */
  attempt: number;
  /** No retry follows this one if it fails. */
  lastAttempt: boolean;
}

export interface MailQueue {
  /**
   * Sends the delivery job of an outbox row through the caller's transaction (pg-boss's `db`
   * option): the row and its job commit together or not at all.
   */
  enqueue(trx: Db, outboxId: string): Promise<string>;
  /** Works the queue in this process; `deliver` throws to have the attempt retried. */
  work(deliver: (attempt: MailAttempt) => Promise<unknown>): Promise<void>;
  /** Stops the worker: a delivery in flight gets a few seconds, then is handed back for a retry. */
  close(): Promise<void>;
}

export interface MailQueueOptions extends Pick<BossOptions, 'onError' | 'log'> {
  /** Tests shorten the retries. */
  retry?: MailRetry;
  /** How often an idle worker looks for mail (s). */
  pollingIntervalSeconds?: number;
}

/** pg-boss's database interface over a Kysely transaction. */
const within = (trx: Db) => ({
  executeSql: async (text: string, values: unknown[]) => trx.executeQuery<Record<string, unknown>>(CompiledQuery.raw(text, values)),
});

/**
 * The mail queue of a server process: a pg-boss of its own (a small pool), so that a mail never
 * waits behind the pipeline's renders and the server's shutdown can give a delivery in flight a
 * moment. Jobs are retried with backoff (SEND.mail); the deliverer is idempotent by the row.
 */
export async function createMailQueue(url: string, db: Db, opts: MailQueueOptions): Promise<MailQueue> {
  const boss = await startBoss(url, db, 'mail', { log: opts.log, ...(opts.onError ? { onError: opts.onError } : {}) });
  const sendOptions = SEND.mail(opts.retry ?? MAIL_RETRY);
  return {
    async enqueue(trx, outboxId) {
      // A bigserial: pg reads it as a number in this project (packages/db/src/client.ts).
      const id = await boss.send(QUEUES.mail, mailJobData.parse({ outboxId: String(outboxId) }), { ...sendOptions, db: within(trx) });
      if (!id) throw new Error('the mail queue refused the job');
      return id;
    },
    async work(deliver) {
      await boss.work(QUEUES.mail, { batchSize: 1, pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 1, includeMetadata: true }, async (jobs) => {
        for (const job of jobs) {
          const { outboxId } = mailJobData.parse(job.data);
          await deliver({ outboxId, attempt: job.retryCount + 1, lastAttempt: job.retryCount >= job.retryLimit });
        }
      });
    },
    close: () => stopBoss(boss, 'mail'),
  };
}
