import { sql, type Kysely } from 'kysely';

/**
 * A mail's body (a password reset link) is kept only while its delivery is pending
 * (packages/auth/src/mailer.ts): the column takes null, and the bodies stored until now (sent,
 * refused, or shown on the console without SMTP_URL) are dropped.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table mail_outbox alter column body_text drop not null`.execute(db);
  await sql`update mail_outbox set body_text = null, body_html = null where body_text is not null or body_html is not null`.execute(db);
}
