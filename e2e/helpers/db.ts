import pg from 'pg';

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

/** The reset link in the newest mail to this address, or null when there is none. */
export async function latestResetLink(email: string): Promise<string | null> {
  return withClient(async (client) => {
    const { rows } = await client.query<{ body_text: string }>(
      'select body_text from mail_outbox where lower(recipient) = lower($1) order by created_at desc, id desc limit 1',
      [email],
    );
    const body = rows[0]?.body_text;
    return body?.match(/https?:\/\/\S+\/reset-password\?token=[^\s"'<>]+/)?.[0] ?? null;
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
