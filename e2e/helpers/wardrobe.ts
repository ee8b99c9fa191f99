import pg from 'pg';
import { BASE_URL, type Account } from './accounts';

/** Wardrobe and LookBook test data: accounts of a tier, LookBook looks from the database, saves over REST. */

export interface LookbookLook {
  id: string;
  gender: string;
  /** The trend, palette or occasion id the look was made for. */
  selectionId: string;
  colors: string[];
}

/**
 * LookBook looks (anyone at Stylist and above may save one), newest first, read from the database
 * so that a Stylist's 50 views of the LookBook are not spent on finding them. `withColors` keeps
 * looks whose pieces have a color (every color chip test needs one); `exceptSelection` leaves out the
 * looks of one trend, palette or occasion id.
 */
export async function lookbookLooks(count: number, opts: { gender?: 'female' | 'male'; withColors?: boolean; exceptSelection?: string } = {}): Promise<LookbookLook[]> {
  const url = process.env.E2E_DATABASE_URL;
  if (!url) throw new Error('E2E_DATABASE_URL is not set (run the suite with `npm test -- e2e`)');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string; gender: string; selection_id: string; color_families: string[] }>(
      `select id, gender, selection_id, color_families from generated_images
        where status = 'lookbook' and ($1::text is null or gender = $1) and (not $2 or cardinality(color_families) > 0)
          and ($4::text is null or selection_id <> $4)
        order by lookbook_at desc, id desc limit $3`,
      [opts.gender ?? null, opts.withColors ?? false, count, opts.exceptSelection ?? null],
    );
    if (rows.length < count) throw new Error(`wanted ${count} LookBook looks, the database has ${rows.length} (is the e2e seeding in scripts/test.ts?)`);
    return rows.map((r) => ({ id: r.id, gender: r.gender, selectionId: r.selection_id, colors: r.color_families }));
  } finally {
    await client.end();
  }
}

/** POST /api/siims/wardrobe as the account: the status and the answer's body. */
export async function saveToWardrobe(account: Account, imageId: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${BASE_URL}/api/siims/wardrobe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${account.token}` },
    body: JSON.stringify({ imageId }),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
}

/** Saves each look, failing on the first refusal. */
export async function saveAll(account: Account, imageIds: readonly string[]): Promise<void> {
  for (const id of imageIds) {
    const { status, body } = await saveToWardrobe(account, id);
    if (status < 200 || status > 299) throw new Error(`saving ${id} answered ${status}: ${JSON.stringify(body)}`);
  }
}
