import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Db } from '@drape/db';

/** Direct reads of the server's PostgreSQL (E2E_DATABASE_URL), for what only the database shows. */
export async function withClient<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const url = process.env.E2E_DATABASE_URL;
  if (!url) throw new Error('E2E_DATABASE_URL is not set (run the suite with `npm test -- e2e`)');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** The server's database through Kysely, for @drape/looks' status changes (the one writer of a look's status). */
export async function withDb<T>(fn: (db: Db) => Promise<T>): Promise<T> {
  const url = process.env.E2E_DATABASE_URL;
  if (!url) throw new Error('E2E_DATABASE_URL is not set (run the suite with `npm test -- e2e`)');
  const db: Db = new Kysely({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 1 }) }) });
  try {
    return await fn(db);
  } finally {
    await db.destroy();
  }
}

/** The outbox rows of this address: kind, whether sent, and what is left of the body. */
export async function outboxBodies(email: string): Promise<{ kind: string; sent: boolean; body_text: string | null; body_html: string | null }[]> {
  return withClient(async (client) => {
    const { rows } = await client.query<{ kind: string; sent: boolean; body_text: string | null; body_html: string | null }>(
      'select kind, sent_at is not null as sent, body_text, body_html from mail_outbox where lower(recipient) = lower($1) order by id',
      [email],
    );
    return rows;
  });
}

/** How many mails this address has received. */
export async function mailCount(email: string): Promise<number> {
  return withClient(async (client) => {
    const { rows } = await client.query<{ n: string }>('select count(*) as n from mail_outbox where lower(recipient) = lower($1)', [email]);
    return Number(rows[0]?.n ?? 0);
  });
}

/** users.deletion_requested_at for this email (null when no deletion is pending). */
export async function deletionRequestedAt(email: string): Promise<Date | null> {
  return withClient(async (client) => {
    const { rows } = await client.query<{ deletion_requested_at: Date | null }>(
      'select deletion_requested_at from users where lower(email) = lower($1)',
      [email],
    );
    if (!rows[0]) throw new Error(`no user with email ${email}`);
    return rows[0].deletion_requested_at;
  });
}
