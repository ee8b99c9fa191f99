import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@drape/config';
import { createTestDatabase, type TestDatabase } from '@drape/db/testing';
import { captureLog } from '@drape/log/testing';
import { createMailer, NO_TRANSPORT } from './mailer';
import { startSmtpSink, type SmtpSink } from './testing';

/** A local SMTP sink (smtp-server) stands in for the mail provider: it speaks real SMTP. */
let db: TestDatabase;
let sink: SmtpSink;

beforeAll(async () => {
  db = await createTestDatabase();
  sink = await startSmtpSink();
});
afterAll(async () => {
  await sink.close();
  await db.drop();
});

async function until(check: () => Promise<boolean>) {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

const rowOf = (recipient: string) => db.db.selectFrom('mail_outbox').selectAll().where('recipient', '=', recipient).executeTakeFirstOrThrow();
const LINK = 'http://x/reset-password?token=abcdefghijklmnopqrstuvwxyz234567';
const resetMail = (to: string) => ({ to, subject: 'Reset your Drape password', text: `Use this link: ${LINK}`, html: `<a href="${LINK}">Reset</a>`, kind: 'password_reset' });

describe('mailer', () => {
  it('delivers through SMTP_URL, marks the outbox row sent and drops its body', async () => {
    const config = loadConfig({ SMTP_URL: sink.url, MAIL_FROM: 'Drape <hello@drape.test>' });
    const { log, lines } = captureLog();
    await createMailer(db.db, config, log).send(resetMail('ada@example.com'));
    await until(async () => sink.received.some((m) => m.to.includes('ada@example.com')));
    expect(sink.received.find((m) => m.to.includes('ada@example.com'))).toMatchObject({
      from: 'hello@drape.test', to: ['ada@example.com'], subject: 'Reset your Drape password', text: expect.stringContaining(LINK),
    });
    await until(async () => Boolean((await rowOf('ada@example.com')).sent_at));
    expect(await rowOf('ada@example.com')).toMatchObject({ kind: 'password_reset', subject: 'Reset your Drape password', body_text: null, body_html: null, error: null });
    expect(lines).toEqual([]);
  });

  it('records and logs the error and drops the body when the server cannot be reached', async () => {
    const { log, lines } = captureLog();
    const mailer = createMailer(db.db, loadConfig({ SMTP_URL: 'smtp://127.0.0.1:9?ignoreTLS=true' }), log);
    await mailer.send(resetMail('grace@example.com'));
    await until(async () => Boolean((await rowOf('grace@example.com')).error));
    const row = await rowOf('grace@example.com');
    expect(row).toMatchObject({ sent_at: null, body_text: null, body_html: null });
    expect(row.error).toMatch(/ECONNREFUSED|connect/i);
    expect(lines).toEqual([expect.objectContaining({ level: 'error', msg: 'mail not delivered', mail: { kind: 'password_reset', outboxId: row.id }, err: expect.objectContaining({ message: expect.stringMatching(/ECONNREFUSED|connect/i) }) })]);
  });

  it('without SMTP_URL in development mode, shows the mail in the log (info, the caller\'s request id on it) and never stores its body', async () => {
    const { log, lines } = captureLog();
    await createMailer(db.db, loadConfig({}), log).send(resetMail('lin@example.com'), log.child({ reqId: 'req-9' }));
    expect(lines).toEqual([expect.objectContaining({ level: 'info', reqId: 'req-9', msg: expect.stringContaining(LINK) })]);
    expect(lines[0]!.msg).toMatch(/^\[mail\] to lin@example.com: Reset your Drape password\n/);
    expect(await rowOf('lin@example.com')).toMatchObject({ body_text: null, body_html: null, sent_at: null, error: NO_TRANSPORT.development });
  });

  it('without SMTP_URL in production mode (NODE_ENV=production), prints no link and stores no body', async () => {
    const { log, lines } = captureLog();
    await createMailer(db.db, loadConfig({ NODE_ENV: 'production' }), log).send(resetMail('prod@example.com'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 'warn', msg: expect.stringMatching(/^\[mail\] not sent: SMTP_URL is not set \(password_reset, outbox \d+\)$/) });
    expect(JSON.stringify(lines)).not.toContain('token=');
    expect(JSON.stringify(lines)).not.toContain('prod@example.com');
    expect(await rowOf('prod@example.com')).toMatchObject({ body_text: null, body_html: null, sent_at: null, error: NO_TRANSPORT.production });
  });

  it('never leaves a reset token anywhere in the outbox', async () => {
    const dump = JSON.stringify(await db.db.selectFrom('mail_outbox').selectAll().execute());
    expect(dump).not.toContain('token=');
  });
});
