import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@drape/config';
import { createTestDatabase, type TestDatabase } from '@drape/db/testing';
import { QUEUES, createMailQueue, startBoss, stopBoss, type MailQueue, type PgBoss } from '@drape/jobs';
import { captureLog, testLogger } from '@drape/log/testing';
import { createMailDelivery, type MailDelivery } from './mail-delivery';
import { createMailer, NO_TRANSPORT, type OutboxQueue } from './mailer';
import { startSmtpSink, type SmtpReply, type SmtpSink } from './testing';

/**
 * The mailer with its real queue (pg-boss on a fresh database) and a local SMTP server
 * (smtp-server) standing in for the mail provider: it speaks real SMTP, and refuses or accepts
 * each attempt as the test's recipient asks.
 */
let db: TestDatabase;
let sink: SmtpSink;
let queue: MailQueue;
let delivery: MailDelivery;
/** Reads pg-boss's side of a job, as the CLI does. */
let boss: PgBoss;
/** The job of each outbox row, as the queue answered the mailer. */
const jobOf = new Map<string, string>();
let recorder: OutboxQueue;

const SMTP_CONFIG = () => loadConfig({ SMTP_URL: sink.url, MAIL_FROM: 'Drape <hello@drape.test>' });
const BUSY: SmtpReply = { code: 451, message: '4.3.0 Mailbox busy, try again later' };

beforeAll(async () => {
  db = await createTestDatabase();
  sink = await startSmtpSink({
    reply(to, attempt) {
      if (to.startsWith('busy-once')) return attempt === 1 ? BUSY : 'accept';
      if (to.startsWith('busy-always')) return BUSY;
      if (to.startsWith('unknown')) return { code: 550, message: '5.1.1 No such user here' };
      return 'accept';
    },
  });
  // Short retries: a retry waits 1-2 s, the next 2-4 s (backoff), two retries in all.
  queue = await createMailQueue(db.url, db.db, { log: testLogger(), retry: { retryLimit: 2, retryDelaySeconds: 1 }, pollingIntervalSeconds: 0.5 });
  delivery = createMailDelivery(db.db, SMTP_CONFIG());
  await queue.work((attempt) => delivery.deliver(attempt));
  boss = await startBoss(db.url, db.db, 'cli', { log: testLogger('cli') });
  recorder = {
    async enqueue(trx, outboxId) {
      const jobId = await queue.enqueue(trx, outboxId);
      jobOf.set(outboxId, jobId);
      return jobId;
    },
  };
});
afterAll(async () => {
  await queue.close();
  delivery.close();
  await stopBoss(boss, 'cli');
  await sink.close();
  await db.drop();
});

async function until(check: () => Promise<boolean>, ms = 20_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

const rowOf = (recipient: string) => db.db.selectFrom('mail_outbox').selectAll().where('recipient', '=', recipient).executeTakeFirstOrThrow();
const LINK = 'http://x/reset-password?token=abcdefghijklmnopqrstuvwxyz234567';
const resetMail = (to: string) => ({ to, subject: 'Reset your Drape password', text: `Use this link: ${LINK}`, html: `<a href="${LINK}">Reset</a>`, kind: 'password_reset' });
const sendMail = (to: string) => createMailer(db.db, SMTP_CONFIG(), testLogger(), recorder).send(resetMail(to));
const ended = async (to: string) => {
  const row = await rowOf(to);
  return Boolean(row.sent_at ?? row.failed_at);
};
const jobFor = async (to: string) => boss.getJobById(QUEUES.mail, jobOf.get((await rowOf(to)).id)!);

describe('mailer, through the mail queue', () => {
  it('delivers through SMTP_URL, marks the outbox row sent and drops its body', async () => {
    const { log, lines } = captureLog();
    await createMailer(db.db, SMTP_CONFIG(), log, recorder).send(resetMail('ada@example.com'));
    await until(() => ended('ada@example.com'));
    expect(sink.received.find((m) => m.to.includes('ada@example.com'))).toMatchObject({
      from: 'hello@drape.test', to: ['ada@example.com'], subject: 'Reset your Drape password', text: expect.stringContaining(LINK),
    });
    expect(await rowOf('ada@example.com')).toMatchObject({
      kind: 'password_reset', subject: 'Reset your Drape password', body_text: null, body_html: null, error: null, attempts: 1, failed_at: null,
    });
    expect(lines).toEqual([]);
  });

  it('puts only the outbox id in the job, never the address or the mail', async () => {
    await sendMail('private@example.com');
    const row = await rowOf('private@example.com');
    const job = await boss.getJobById(QUEUES.mail, jobOf.get(row.id)!);
    expect(job?.data).toEqual({ outboxId: String(row.id) });
    await until(() => ended('private@example.com'));
  });

  it('retries a mail the SMTP server refuses for now (451), and sends it once it takes it', async () => {
    await sendMail('busy-once@example.com');
    await until(() => ended('busy-once@example.com'));
    expect(sink.attempts('busy-once@example.com')).toBe(2);
    expect(sink.received.filter((m) => m.to.includes('busy-once@example.com'))).toHaveLength(1);
    const row = await rowOf('busy-once@example.com');
    expect(row).toMatchObject({ body_text: null, body_html: null, error: null, attempts: 2, failed_at: null });
    expect(row.sent_at).toBeInstanceOf(Date);
    // pg-boss retried the job once, and it completed.
    await until(async () => (await jobFor('busy-once@example.com'))?.state === 'completed', 5000);
    expect(await jobFor('busy-once@example.com')).toMatchObject({ state: 'completed', retryCount: 1 });
  });

  it('after the last retry marks a mail the server keeps refusing failed, keeps the error and drops the body', async () => {
    await sendMail('busy-always@example.com');
    // Pending while it is retried: the body is kept for the next attempt, with the last error.
    await until(async () => (await rowOf('busy-always@example.com')).attempts >= 1);
    expect(await rowOf('busy-always@example.com')).toMatchObject({ sent_at: null, failed_at: null, body_text: expect.stringContaining(LINK), error: expect.stringContaining('451') });
    await until(() => ended('busy-always@example.com'));
    expect(sink.attempts('busy-always@example.com')).toBe(3);
    const row = await rowOf('busy-always@example.com');
    expect(row).toMatchObject({ sent_at: null, body_text: null, body_html: null, attempts: 3 });
    expect(row.failed_at).toBeInstanceOf(Date);
    expect(row.error).toContain('451 4.3.0 Mailbox busy');
    await until(async () => (await jobFor('busy-always@example.com'))?.state === 'failed', 5000);
    expect(await jobFor('busy-always@example.com')).toMatchObject({ state: 'failed', retryCount: 2 });
  });

  it('gives up at once on a permanent refusal (550): no retry can change it', async () => {
    await sendMail('unknown@example.com');
    await until(() => ended('unknown@example.com'));
    const row = await rowOf('unknown@example.com');
    expect(row).toMatchObject({ sent_at: null, body_text: null, attempts: 1, error: expect.stringContaining('550 5.1.1') });
    expect(row.failed_at).toBeInstanceOf(Date);
    expect(sink.attempts('unknown@example.com')).toBe(1);
    await until(async () => (await jobFor('unknown@example.com'))?.state === 'completed', 5000);
  });

  it('counts an attempt that cannot reach the server and keeps the body for the retry; the last one gives it up', async () => {
    // The deliverer alone (the queue's handler): the suite's worker sends through the sink.
    const nowhere = createMailDelivery(db.db, loadConfig({ SMTP_URL: 'smtp://127.0.0.1:9?ignoreTLS=true' }));
    const { id } = await db.db.insertInto('mail_outbox').values({ recipient: 'grace@example.com', subject: 's', body_text: `Use ${LINK}`, kind: 'password_reset' }).returning('id').executeTakeFirstOrThrow();
    await expect(nowhere.deliver({ outboxId: id, lastAttempt: false })).rejects.toThrow(/ECONNREFUSED|connect/i);
    expect(await rowOf('grace@example.com')).toMatchObject({ attempts: 1, failed_at: null, body_text: expect.stringContaining(LINK), error: expect.stringMatching(/ECONNREFUSED|connect/i) });
    await expect(nowhere.deliver({ outboxId: id, lastAttempt: true })).rejects.toThrow(/ECONNREFUSED|connect/i);
    const row = await rowOf('grace@example.com');
    expect(row).toMatchObject({ sent_at: null, body_text: null, body_html: null, attempts: 2 });
    expect(row.failed_at).toBeInstanceOf(Date);
    nowhere.close();
  });

  it('sends a row once: a job run again after its row was sent or given up sends nothing', async () => {
    const sent = await rowOf('ada@example.com');
    const failed = await rowOf('busy-always@example.com');
    const before = sink.received.length;
    expect(await delivery.deliver({ outboxId: sent.id, lastAttempt: false })).toBe('skipped');
    expect(await delivery.deliver({ outboxId: failed.id, lastAttempt: true })).toBe('skipped');
    expect(sink.received.length).toBe(before);
    expect(await rowOf('ada@example.com')).toEqual(sent);
  });

  it('writes the row and its job together: a transaction that fails after queueing leaves neither', async () => {
    let jobId = '';
    const failing: OutboxQueue = {
      async enqueue(trx, outboxId) {
        jobId = await queue.enqueue(trx, outboxId);
        throw new Error('the process died here');
      },
    };
    await expect(createMailer(db.db, SMTP_CONFIG(), testLogger(), failing).send(resetMail('lost@example.com'))).rejects.toThrow('the process died here');
    expect(jobId).not.toBe('');
    expect(await db.db.selectFrom('mail_outbox').select('id').where('recipient', '=', 'lost@example.com').execute()).toEqual([]);
    expect(await boss.getJobById(QUEUES.mail, jobId)).toBeNull();
  });

  it('refuses to start with SMTP_URL but no queue (a mail would be written and never sent)', () => {
    expect(() => createMailer(db.db, SMTP_CONFIG(), testLogger())).toThrow(/mail queue/);
  });
});

describe('mailer without SMTP_URL', () => {
  it('without SMTP_URL in development mode, shows the mail in the log (info, the caller\'s request id on it) and never stores its body', async () => {
    const { log, lines } = captureLog();
    await createMailer(db.db, loadConfig({}), log).send(resetMail('lin@example.com'), log.child({ reqId: 'req-9' }));
    expect(lines).toEqual([expect.objectContaining({ level: 'info', reqId: 'req-9', msg: expect.stringContaining(LINK) })]);
    expect(lines[0]!.msg).toMatch(/^\[mail\] to lin@example.com: Reset your Drape password\n/);
    expect(await rowOf('lin@example.com')).toMatchObject({ body_text: null, body_html: null, sent_at: null, error: NO_TRANSPORT.development });
  });

  it('in production mode (NODE_ENV=production), prints no link and stores no body', async () => {
    const { log, lines } = captureLog();
    await createMailer(db.db, loadConfig({ NODE_ENV: 'production' }), log).send(resetMail('prod@example.com'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 'warn', msg: expect.stringMatching(/^\[mail\] not sent: SMTP_URL is not set \(password_reset, outbox \d+\)$/) });
    expect(JSON.stringify(lines)).not.toContain('token=');
    expect(JSON.stringify(lines)).not.toContain('prod@example.com');
    expect(await rowOf('prod@example.com')).toMatchObject({ body_text: null, body_html: null, sent_at: null, error: NO_TRANSPORT.production });
  });
});

describe('the outbox at rest', () => {
  it('never leaves a reset token anywhere once every mail has ended', async () => {
    const dump = JSON.stringify(await db.db.selectFrom('mail_outbox').selectAll().execute());
    expect(dump).not.toContain('token=');
  });
});
