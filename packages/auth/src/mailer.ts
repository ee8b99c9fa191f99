import nodemailer from 'nodemailer';
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
   * Records the mail in the outbox and delivers it in the background (never blocks the answer).
   * `log`: the caller's logger (a request's, with its id); the mailer's own otherwise.
   */
  send(mail: Mail, log?: Logger): Promise<void>;
}

/** What the outbox says of a mail when there is no SMTP_URL to send it through. */
export const NO_TRANSPORT = {
  development: 'not sent: no SMTP_URL (shown on the console)',
  production: 'not sent: no SMTP_URL',
} as const;

/**
 * Mail through SMTP_URL. A mail's body holds live links (a password reset), so the outbox keeps
 * it only while its delivery is pending: once sent, or refused, the row keeps who, what kind and
 * when, and the body is dropped (there is no retry: a reset link lasts an hour, and the user can
 * ask again). Without SMTP_URL the body is never stored: in development mode the log shows the
 * mail (info), in production mode it says only that a mail was not sent (warn), naming no one.
 */
export function createMailer(db: Db, config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'production'>, processLog: Logger): Mailer {
  const transport = config.SMTP_URL ? nodemailer.createTransport(config.SMTP_URL) : null;
  return {
    async send(mail, log = processLog) {
      const envelope = { recipient: mail.to, subject: mail.subject, kind: mail.kind };
      if (!transport) {
        const row = await db
          .insertInto('mail_outbox')
          .values({ ...envelope, body_text: null, body_html: null, error: config.production ? NO_TRANSPORT.production : NO_TRANSPORT.development })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (config.production) log.warn({ mail: { kind: mail.kind, outboxId: row.id } }, `[mail] not sent: SMTP_URL is not set (${mail.kind}, outbox ${row.id})`);
        else log.info({ mail: { kind: mail.kind, outboxId: row.id } }, `[mail] to ${mail.to}: ${mail.subject}\n${mail.text}`);
        return;
      }
      const row = await db
        .insertInto('mail_outbox')
        .values({ ...envelope, body_text: mail.text, body_html: mail.html ?? null })
        .returning('id')
        .executeTakeFirstOrThrow();
      const ended = (set: { sent_at: Date } | { error: string }) =>
        db.updateTable('mail_outbox').set({ ...set, body_text: null, body_html: null }).where('id', '=', row.id).execute();
      void transport
        .sendMail({ from: config.MAIL_FROM, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html })
        .then(() => ended({ sent_at: new Date() }))
        .catch((err: unknown) => {
          log.error({ err, mail: { kind: mail.kind, outboxId: row.id } }, 'mail not delivered');
          return ended({ error: String(err).slice(0, 500) });
        })
        .catch((err: unknown) => log.error({ err, mail: { kind: mail.kind, outboxId: row.id } }, 'mail outbox row not updated'));
    },
  };
}

/** How long a body may wait for its delivery: longer, and the process that held it has stopped. */
const PENDING_BODY_MS = 3_600_000;

/**
 * Drops the bodies of mails still pending after an hour: their sender stopped mid-delivery (a
 * crash, a restart), and nothing will send them now. Run with the hourly expired-rows sweep.
 */
export async function dropStaleMailBodies(db: Db, now = new Date()): Promise<number> {
  const res = await db
    .updateTable('mail_outbox')
    .set({ body_text: null, body_html: null })
    .where('body_text', 'is not', null)
    .where('created_at', '<', new Date(now.getTime() - PENDING_BODY_MS))
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}
