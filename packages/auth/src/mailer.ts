import nodemailer from 'nodemailer';
import type { Config } from '@drape/config';
import type { Db } from '@drape/db';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  kind: string;
}

export interface Mailer {
  /** Records the mail in the outbox and delivers it in the background (never blocks the answer). */
  send(mail: Mail): Promise<void>;
}

/** Mail through SMTP_URL; without it the outbox keeps the mail and the console shows it. */
export function createMailer(db: Db, config: Config, log: (line: string) => void = console.log): Mailer {
  const transport = config.SMTP_URL ? nodemailer.createTransport(config.SMTP_URL) : null;
  return {
    async send(mail) {
      const row = await db
        .insertInto('mail_outbox')
        .values({ recipient: mail.to, subject: mail.subject, body_text: mail.text, body_html: mail.html ?? null, kind: mail.kind })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (!transport) {
        log(`[mail] to ${mail.to}: ${mail.subject}\n${mail.text}`);
        return;
      }
      void transport
        .sendMail({ from: config.MAIL_FROM, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html })
        .then(() => db.updateTable('mail_outbox').set({ sent_at: new Date() }).where('id', '=', row.id).execute())
        .catch((err: unknown) =>
          db.updateTable('mail_outbox').set({ error: String(err).slice(0, 500) }).where('id', '=', row.id).execute().catch(() => {}),
        );
    },
  };
}
