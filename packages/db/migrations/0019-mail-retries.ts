import { sql, type Kysely } from 'kysely';

/**
 * Mail goes through the `mail` queue and is retried (docs/decisions/0005 and 0017, amended): the
 * outbox counts a mail's delivery `attempts` and says when it was given up (`failed_at`, with the
 * last `error`). A pending mail is one with neither `sent_at` nor `failed_at`; the partial indexes
 * keep the stale sweep and `drape status` off the whole table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table mail_outbox add column attempts integer not null default 0`.execute(db);
  await sql`alter table mail_outbox add column failed_at timestamptz`.execute(db);
  await sql`create index mail_outbox_pending on mail_outbox (created_at) where sent_at is null and failed_at is null and body_text is not null`.execute(db);
  await sql`create index mail_outbox_sent on mail_outbox (sent_at) where sent_at is not null`.execute(db);
  await sql`create index mail_outbox_failed on mail_outbox (failed_at) where failed_at is not null`.execute(db);
}
