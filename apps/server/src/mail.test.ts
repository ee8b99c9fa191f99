import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpReply, type SmtpSink } from '@drape/auth/testing';
import { loadConfig } from '@drape/config';
import { createTestDatabase, type TestDatabase } from '@drape/db/testing';
import { MAIL_STOP_TIMEOUT_MS } from '@drape/jobs';
import { startServerMail } from './mail';
import { startTestServer, type TestServer } from './testing/harness';
import { captureLog } from '@drape/log/testing';

/**
 * Mail as a server process sends it: the outbox row and its job, delivered by the server's own
 * worker through a real SMTP server (smtp-server) that is busy at first (451), as providers are.
 */
const BUSY: SmtpReply = { code: 451, message: '4.3.0 Mailbox busy, try again later' };
const RETRY = { retry: { retryLimit: 3, retryDelaySeconds: 1 }, pollingIntervalSeconds: 0.5 };

async function until(check: () => Promise<boolean> | boolean, ms = 20_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('a password reset mail the SMTP server refuses at first', () => {
  let sink: SmtpSink;
  let s: TestServer;
  beforeAll(async () => {
    sink = await startSmtpSink({ reply: (_to, attempt) => (attempt === 1 ? BUSY : 'accept') });
    s = await startTestServer({ env: { SMTP_URL: sink.url }, mail: RETRY });
  });
  afterAll(async () => {
    await s.close();
    await sink.close();
  });

  it('is retried, arrives, and its link sets a new password; the outbox keeps no body', async () => {
    const u = await s.register();
    expect((await s.call('POST', '/api/auth/forgot-password', { email: u.email })).status).toBe(200);
    await until(() => sink.received.some((m) => m.to.includes(u.email)));
    expect(sink.attempts(u.email)).toBe(2);
    const link = sink.received.find((m) => m.to.includes(u.email))!.text.match(/https?:\/\/\S+\/reset-password\?token=[a-z2-7]+/)?.[0];
    expect(link).toBeDefined();
    const token = new URL(link!).searchParams.get('token')!;
    expect((await s.call('POST', '/api/auth/reset-password', { token, newPassword: 'brand new secret' })).status).toBe(200);
    expect((await s.call('POST', '/api/auth/login', { email: u.email, password: 'brand new secret' })).status).toBe(200);

    const [reset] = await s.db.db.selectFrom('mail_outbox').selectAll().where('recipient', '=', u.email).where('kind', '=', 'password_reset').execute();
    expect(reset).toMatchObject({ attempts: 2, error: null, failed_at: null, body_text: null, body_html: null });
    expect(reset!.sent_at).toBeInstanceOf(Date);
    // The server's log says the first attempt failed and will be retried; it never shows the link.
    expect(s.mails.some((l) => l.startsWith(`[mail] outbox ${reset!.id}: attempt 1 failed, to be retried: `) && l.includes('451'))).toBe(true);
    expect(s.mails.join('\n')).not.toContain('token=');
  });
});

describe("a server's mail worker at shutdown", () => {
  let db: TestDatabase;
  let sink: SmtpSink;
  let release: (reply: SmtpReply) => void = () => {};
  beforeAll(async () => {
    db = await createTestDatabase();
    // The first attempt hangs (a provider that stopped answering) until the test lets it go.
    sink = await startSmtpSink({ reply: (_to, attempt) => (attempt === 1 ? new Promise<SmtpReply>((resolve) => (release = resolve)) : 'accept') });
  });
  afterAll(async () => {
    await sink.close();
    await db.drop();
  });

  it('stops within its short timeout with a delivery hanging, and another server delivers the mail once', async () => {
    const config = loadConfig({ SMTP_URL: sink.url });
    const captured = captureLog();
    const first = await startServerMail(db.url, db.db, config, captured.log, RETRY);
    await first.mailer.send({ to: 'ada@example.com', subject: 'Reset your Drape password', text: 'Use this link: http://x/reset-password?token=abc', kind: 'password_reset' });
    await until(() => sink.attempts('ada@example.com') === 1);

    const started = Date.now();
    await first.close();
    const stopMs = Date.now() - started;
    expect(stopMs).toBeLessThan(MAIL_STOP_TIMEOUT_MS + 2000);
    // Handed back, not lost: the row is pending with its body.
    expect(await db.db.selectFrom('mail_outbox').select(['sent_at', 'failed_at', 'body_text']).executeTakeFirstOrThrow())
      .toMatchObject({ sent_at: null, failed_at: null, body_text: expect.stringContaining('token=abc') });

    // The hung attempt ends (the provider refuses it); the next server's worker takes the retry.
    release(BUSY);
    const second = await startServerMail(db.url, db.db, config, captured.log, RETRY);
    try {
      await until(async () => Boolean((await db.db.selectFrom('mail_outbox').select('sent_at').executeTakeFirstOrThrow()).sent_at));
      expect(sink.received.filter((m) => m.to.includes('ada@example.com'))).toHaveLength(1);
      expect(await db.db.selectFrom('mail_outbox').select(['body_text', 'failed_at']).executeTakeFirstOrThrow()).toEqual({ body_text: null, failed_at: null });
    } finally {
      await second.close();
    }
  });
});
