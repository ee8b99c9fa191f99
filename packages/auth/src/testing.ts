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
  /** How many times a client has asked to send to this address (RCPT TO), refused ones included. */
  attempts(to: string): number;
  close(): Promise<void>;
}

/** The sink's reply to RCPT TO: accept, or refuse with an SMTP code (4xx: try later; 5xx: never). */
export type SmtpReply = 'accept' | { code: number; message: string };

export interface SmtpSinkOptions {
  /** Also write each mail to this folder as `<n>.json`. */
  dir?: string;
  /**
   * How to answer the n-th attempt (from 1) to send to an address; the answer may take its time
   * (a server that hangs). Accepts everything by default.
   */
  reply?: (to: string, attempt: number) => SmtpReply | Promise<SmtpReply>;
}

/**
 * A mail provider for tests and the browser suite: a real SMTP server (smtp-server) on a free
 * port that keeps what it receives, parsed (mailparser: quoted-printable and the like decoded).
 * With `dir`, each mail is also written there as `<n>.json`, for another process to read (the
 * e2e suite reads reset links from it). With `reply`, it refuses or holds attempts as a real
 * provider does when it is busy (451) or rejects an address (550).
 */
export async function startSmtpSink(opts: SmtpSinkOptions = {}): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  const attempts = new Map<string, number>();
  if (opts.dir) fs.mkdirSync(opts.dir, { recursive: true });
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const to = address.address.toLowerCase();
      const n = (attempts.get(to) ?? 0) + 1;
      attempts.set(to, n);
      Promise.resolve(opts.reply ? opts.reply(to, n) : 'accept').then(
        (reply) => {
          if (reply === 'accept') return callback();
          callback(Object.assign(new Error(reply.message), { responseCode: reply.code }));
        },
        (err: Error) => callback(err),
      );
    },
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
    attempts: (to) => attempts.get(to.toLowerCase()) ?? 0,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
