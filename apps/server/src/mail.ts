import { createMailDelivery, createMailer, outboxError, type Mailer } from '@drape/auth';
import type { Config } from '@drape/config';
import { isDatabaseUnavailable, type Db } from '@drape/db';
import { createMailQueue, type MailQueueOptions } from '@drape/jobs';
import type { Logger } from '@drape/log';

/** The server process's mail: the mailer its requests use and, with SMTP_URL, the worker that delivers. */
export interface ServerMail {
  mailer: Mailer;
  /** Stops the delivery worker (a few seconds at most: a delivery still running is retried later). */
  close(): Promise<void>;
}

/**
 * With SMTP_URL, mail goes through the `mail` queue and this process works it (docs/decisions/0005):
 * a reset mail is delivered by a server, never behind the pipeline's renders. Without SMTP_URL
 * nothing is queued or worked: the mailer shows or notes each mail as it always did.
 */
export async function startServerMail(
  url: string, db: Db, config: Config, log: Logger, opts: Pick<MailQueueOptions, 'retry' | 'pollingIntervalSeconds'> = {},
): Promise<ServerMail> {
  if (!config.SMTP_URL) return { mailer: createMailer(db, config, log), close: async () => {} };
  const queue = await createMailQueue(url, db, {
    ...opts,
    log,
    // An outage is reported by the server's database watch; anything else is logged by the queue.
    onError: (err) => isDatabaseUnavailable(err),
  });
  const delivery = createMailDelivery(db, config);
  await queue.work(async (attempt) => {
    try {
      const result = await delivery.deliver(attempt);
      if (result === 'refused') log.warn({ mail: { outboxId: attempt.outboxId } }, `[mail] outbox ${attempt.outboxId}: refused for good by the SMTP server, not retried`);
    } catch (err) {
      const next = attempt.lastAttempt ? 'given up' : 'to be retried';
      log.warn({ mail: { outboxId: attempt.outboxId, attempt: attempt.attempt } }, `[mail] outbox ${attempt.outboxId}: attempt ${attempt.attempt} failed, ${next}: ${outboxError(err)}`);
      throw err;
    }
  });
  return {
    mailer: createMailer(db, config, log, queue),
    async close() {
      await queue.close();
      delivery.close();
    },
  };
}
