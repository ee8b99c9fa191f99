import type { Db } from '@drape/db';

/**
 * How long a mail may stay pending: a reset link lives an hour, and the mail queue's retries end
 * long before (MAIL_RETRY in @drape/jobs: about a quarter of an hour at worst). A mail pending
 * longer has no delivery under way (its job was lost with a dead worker, or no server has worked
 * the queue since): the sweep gives it up.
 */
export const STALE_MAIL_MS = 3_600_000;
export const STALE_MAIL_ERROR = 'not sent within an hour: given up';

/**
 * Gives up the mails still pending an hour after they were written: marks them failed and drops
 * their bodies (a late job then finds the row given up and sends nothing). A mail whose retries
 * are under way is younger than that and is left alone. Run with the hourly expired-rows sweep.
 */
export async function giveUpStaleMail(db: Db, now = new Date()): Promise<number> {
  const res = await db
    .updateTable('mail_outbox')
    .set({ body_text: null, body_html: null, failed_at: now, error: STALE_MAIL_ERROR })
    .where('sent_at', 'is', null)
    .where('failed_at', 'is', null)
    .where('body_text', 'is not', null)
    .where('created_at', '<', new Date(now.getTime() - STALE_MAIL_MS))
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

export interface MailStatus {
  /** Waiting for a delivery or its retry. */
  pending: number;
  sentLastDay: number;
  failedLastDay: number;
  /** The newest mail given up, at any time. */
  newestFailure: { kind: string; failedAt: Date; attempts: number; error: string | null } | null;
}

/** The outbox as `drape status` shows it. */
export async function readMailStatus(db: Db, now = new Date()): Promise<MailStatus> {
  const dayAgo = new Date(now.getTime() - 86_400_000);
  const counts = await db
    .selectFrom('mail_outbox')
    .select((eb) => [
      eb.fn.countAll<string>().filterWhere((w) => w.and([w('sent_at', 'is', null), w('failed_at', 'is', null), w('body_text', 'is not', null)])).as('pending'),
      eb.fn.countAll<string>().filterWhere('sent_at', '>', dayAgo).as('sent'),
      eb.fn.countAll<string>().filterWhere('failed_at', '>', dayAgo).as('failed'),
    ])
    .where((w) => w.or([
      w.and([w('sent_at', 'is', null), w('failed_at', 'is', null), w('body_text', 'is not', null)]),
      w('sent_at', '>', dayAgo),
      w('failed_at', '>', dayAgo),
    ]))
    .executeTakeFirstOrThrow();
  const newest = await db
    .selectFrom('mail_outbox')
    .select(['kind', 'failed_at', 'attempts', 'error'])
    .where('failed_at', 'is not', null)
    .orderBy('failed_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return {
    pending: Number(counts.pending),
    sentLastDay: Number(counts.sent),
    failedLastDay: Number(counts.failed),
    newestFailure: newest?.failed_at ? { kind: newest.kind, failedAt: newest.failed_at, attempts: newest.attempts, error: newest.error } : null,
  };
}
