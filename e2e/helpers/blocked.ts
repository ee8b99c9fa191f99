import pg from 'pg';

/**
 * The blocked images of the e2e database (E2E_DATABASE_URL), seeded by scripts/test.ts with
 * `npm run drape -- seed blocked`: what only the database shows after a review or a restore.
 */
async function query<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  const url = process.env.E2E_DATABASE_URL;
  if (!url) throw new Error('E2E_DATABASE_URL is not set (run the suite with `npm test -- e2e`)');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

export async function pendingBlockedCount(): Promise<number> {
  const [row] = await query<{ n: string }>("select count(*) as n from blocked_images where admin_review_status = 'pending'");
  return Number(row?.n ?? 0);
}

export interface BlockedRow {
  id: string;
  admin_review_status: string;
  admin_reviewer: string | null;
  admin_notes: string | null;
  storage_key: string | null;
  restored_image_id: string | null;
}

export async function blockedById(id: string): Promise<BlockedRow | null> {
  const [row] = await query<BlockedRow>(
    'select id, admin_review_status, admin_reviewer, admin_notes, storage_key, restored_image_id from blocked_images where id = $1',
    [id],
  );
  return row ?? null;
}

/** An inventory look's status and piece count (null when there is no such look). */
export async function inventoryLook(imageId: string): Promise<{ status: string; pieces: number } | null> {
  const [row] = await query<{ status: string; pieces: string }>(
    'select gi.status, (select count(*) from fashion_items f where f.image_id = gi.id) as pieces from generated_images gi where gi.id = $1',
    [imageId],
  );
  return row ? { status: row.status, pieces: Number(row.pieces) } : null;
}
