import type { Config } from '@drape/config';
import type { Db } from '@drape/db';
import type { Logger } from '@drape/log';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  kind: string;
}

export interface Mailer {
  /**
   * Records the mail in the outbox and queues its delivery (never waits for the SMTP server).
   * `log`: the caller's logger (a request's, with its id); the mailer's own otherwise.
   */
  send(mail: Mail, log?: Logger): Promise<void>;
}

/**
 * Where a mail's delivery is queued (@drape/jobs' mail queue): the job is sent through the
 * outbox row's own transaction, so a row never lacks its job nor a job its row.
 */
export interface OutboxQueue {
  enqueue(trx: Db, outboxId: string): Promise<unknown>;
}

/** What the outbox says of a mail when there is no SMTP_URL to send it through. */
export const NO_TRANSPORT = {
  development: 'not sent: no SMTP_URL (shown on the console)',
  production: 'not sent: no SMTP_URL',
} as const;

/**
 * Mail through SMTP_URL. A mail's body holds live links (a password reset), so the outbox keeps
 * it only while its delivery is pending: a job on the mail queue, worked by the server processes
 * (./mail-delivery.ts), retries it with backoff, and once it is sent or given up the row keeps
 * who, what kind, when and why, and the body is dropped. Without SMTP_URL the body is never
 * stored and nothing is queued: in development mode the log shows the mail (info), in production
 * mode it says only that a mail was not sent (warn), naming no one.
 */
export function createMailer(db: Db, config: Pick<Config, 'SMTP_URL' | 'production'>, processLog: Logger, queue: OutboxQueue | null = null): Mailer {
  if (config.SMTP_URL && !queue) throw new Error('SMTP_URL is set: the mailer needs the mail queue');
  return {
    async send(mail, log = processLog) {
      const envelope = { recipient: mail.to, subject: mail.subject, kind: mail.kind };
      if (!config.SMTP_URL || !queue) {
        const row = await db
          .insertInto('mail_outbox')
          .values({ ...envelope, body_text: null, body_html: null, error: config.production ? NO_TRANSPORT.production : NO_TRANSPORT.development })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (config.production) log.warn({ mail: { kind: mail.kind, outboxId: row.id } }, `[mail] not sent: SMTP_URL is not set (${mail.kind}, outbox ${row.id})`);
        else log.info({ mail: { kind: mail.kind, outboxId: row.id } }, `[mail] to ${mail.to}: ${mail.subject}\n${mail.text}`);
        return;
      }
      await db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('mail_outbox')
          .values({ ...envelope, body_text: mail.text, body_html: mail.html ?? null })
          .returning('id')
          .executeTakeFirstOrThrow();
        await queue.enqueue(trx, row.id);
      });
    },
  };
}
