import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A mail as the SMTP sink received it: the envelope and the parsed message. */
export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string | null;
  receivedAt: string;
}

export interface SmtpSink {
  /** For SMTP_URL: plain SMTP on 127.0.0.1 (the sink offers no STARTTLS). */
  url: string;
  /** Every mail so far, oldest first. */
  received: ReceivedMail[];
  close(): Promise<void>;
}

/**
 * A mail provider for tests and the browser suite: a real SMTP server (smtp-server) on a free
 * port that keeps what it receives, parsed (mailparser: quoted-printable and the like decoded).
 * With `dir`, each mail is also written there as `<n>.json`, for another process to read (the
 * e2e suite reads reset links from it).
 */
export async function startSmtpSink(opts: { dir?: string } = {}): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  if (opts.dir) fs.mkdirSync(opts.dir, { recursive: true });
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, done) {
      simpleParser(stream)
        .then((parsed) => {
          const mail: ReceivedMail = {
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : null,
            receivedAt: new Date().toISOString(),
          };
          received.push(mail);
          if (opts.dir) fs.writeFileSync(path.join(opts.dir, `${String(received.length).padStart(6, '0')}.json`), JSON.stringify(mail));
          done();
        })
        .catch((err: Error) => done(err));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
