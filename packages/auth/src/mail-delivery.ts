import nodemailer from 'nodemailer';
import type { Config } from '@drape/config';
import type { Db } from '@drape/db';

/** One delivery attempt of an outbox row (the mail queue's job, by the row's id only). */
export interface DeliveryAttempt {
  outboxId: string;
  /** No retry follows if this one fails. */
  lastAttempt: boolean;
}

/**
 * What became of an attempt that did not throw: `sent`; `refused` for good by the server (a 5xx:
 * retrying cannot help, so the row is failed at once); `skipped` when the row had nothing left to
 * send (already sent or given up: a job run twice sends once).
 */
export type DeliveryResult = 'sent' | 'refused' | 'skipped';

/** Delivers outbox rows through SMTP_URL: the mail queue's handler in a server process. */
export interface MailDelivery {
  /** Throws when the attempt failed and may be retried (the queue retries it). */
  deliver(attempt: DeliveryAttempt): Promise<DeliveryResult>;
  close(): void;
}

/**
 * The SMTP client's timeouts: an attempt ends well inside its job's minute (MAIL_EXPIRE_SECONDS in
 * @drape/jobs), so a slow server is a failed attempt, retried, never two deliveries at once.
 * SMTP_URL's own query parameters override them.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 };

/** A refusal no retry can change: a 5xx reply (RFC 5321 permanent negative completion). */
export function isPermanentRefusal(err: unknown): boolean {
  const code = typeof err === 'object' && err !== null && 'responseCode' in err ? Number(err.responseCode) : NaN;
  return code >= 500 && code < 600;
}

/** The error as the outbox keeps it. */
export const outboxError = (err: unknown) => String(err).slice(0, 500);

/**
 * Sends the outbox row an attempt names, once: a row already sent or given up is skipped. When
 * it goes, `sent_at` is set and the body dropped; a failure counts the attempt and keeps the
 * error, and the last attempt (or a permanent refusal) marks the row failed and drops the body.
 * Delivery is at least once: a crash between the SMTP server's acceptance and the row's update
 * sends the mail again on the retry.
 */
export function createMailDelivery(db: Db, config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM'>): MailDelivery {
  if (!config.SMTP_URL) throw new Error('mail delivery needs SMTP_URL');
  const transport = nodemailer.createTransport({ ...SMTP_TIMEOUTS, url: config.SMTP_URL });
  const pendingRow = (id: string) => db.updateTable('mail_outbox').where('id', '=', id).where('sent_at', 'is', null).where('failed_at', 'is', null);
  return {
    async deliver({ outboxId, lastAttempt }) {
      const row = await db.selectFrom('mail_outbox').select(['recipient', 'subject', 'body_text', 'body_html', 'sent_at', 'failed_at'])
        .where('id', '=', outboxId).executeTakeFirst();
      if (!row || row.sent_at || row.failed_at || row.body_text === null) return 'skipped';
      try {
        await transport.sendMail({ from: config.MAIL_FROM, to: row.recipient, subject: row.subject, text: row.body_text, ...(row.body_html ? { html: row.body_html } : {}) });
      } catch (err) {
        const givenUp = lastAttempt || isPermanentRefusal(err);
        await pendingRow(outboxId)
          .set((eb) => ({
            attempts: eb('attempts', '+', 1),
            error: outboxError(err),
            ...(givenUp ? { failed_at: new Date(), body_text: null, body_html: null } : {}),
          }))
          .execute();
        if (givenUp && !lastAttempt) return 'refused';
        throw err;
      }
      await pendingRow(outboxId)
        .set((eb) => ({ attempts: eb('attempts', '+', 1), sent_at: new Date(), error: null, body_text: null, body_html: null }))
        .execute();
      return 'sent';
    },
    close: () => transport.close(),
  };
}
