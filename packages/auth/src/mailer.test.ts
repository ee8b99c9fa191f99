import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@drape/config';
import { createTestDatabase, type TestDatabase } from '@drape/db/testing';
import { createMailer } from './mailer';

/** A local SMTP sink (smtp-server) standing in for the mail provider: it speaks real SMTP. */
let db: TestDatabase;
let sink: SMTPServer;
let port: number;
const received: { from: string; to: string[]; raw: string }[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
  sink = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, done) {
      let raw = '';
      stream.on('data', (c: Buffer) => (raw += c.toString()));
      stream.on('end', () => {
        received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address), raw });
        done();
      });
    },
  });
  await new Promise<void>((r) => sink.listen(0, '127.0.0.1', () => r()));
  port = (sink.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((r) => sink.close(() => r()));
  await db.drop();
});

async function until(check: () => Promise<boolean>) {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('mailer', () => {
  it('delivers through SMTP_URL and marks the outbox row sent', async () => {
    const config = loadConfig({ SMTP_URL: `smtp://127.0.0.1:${port}?ignoreTLS=true`, MAIL_FROM: 'Drape <hello@drape.test>' });
    const lines: string[] = [];
    const mailer = createMailer(db.db, config, (l) => lines.push(l));
    await mailer.send({ to: 'ada@example.com', subject: 'Reset your Drape password', text: 'Use this link: http://x/reset-password?token=abc', kind: 'password_reset' });
    await until(async () => received.length === 1);
    expect(received[0]).toMatchObject({ from: 'hello@drape.test', to: ['ada@example.com'] });
    expect(received[0]!.raw).toContain('Subject: Reset your Drape password');
    expect(received[0]!.raw).toContain('reset-password?token=abc');
    await until(async () => Boolean((await db.db.selectFrom('mail_outbox').select('sent_at').where('recipient', '=', 'ada@example.com').executeTakeFirst())?.sent_at));
    expect(lines).toEqual([]);
  });

  it('keeps the mail in the outbox with its error when the server cannot be reached', async () => {
    const mailer = createMailer(db.db, loadConfig({ SMTP_URL: 'smtp://127.0.0.1:9?ignoreTLS=true' }));
    await mailer.send({ to: 'grace@example.com', subject: 'Hello', text: 'Hi', kind: 'test' });
    await until(async () => Boolean((await db.db.selectFrom('mail_outbox').select('error').where('recipient', '=', 'grace@example.com').executeTakeFirst())?.error));
    const row = await db.db.selectFrom('mail_outbox').selectAll().where('recipient', '=', 'grace@example.com').executeTakeFirstOrThrow();
    expect(row.sent_at).toBeNull();
    expect(row.error).toMatch(/ECONNREFUSED|connect/i);
  });

  it('without SMTP_URL, keeps the mail in the outbox and shows it on the console', async () => {
    const lines: string[] = [];
    await createMailer(db.db, loadConfig({}), (l) => lines.push(l)).send({ to: 'lin@example.com', subject: 'Hi', text: 'the body', kind: 'test' });
    expect(lines.join('\n')).toContain('the body');
    expect(await db.db.selectFrom('mail_outbox').select('id').where('recipient', '=', 'lin@example.com').execute()).toHaveLength(1);
  });
});
