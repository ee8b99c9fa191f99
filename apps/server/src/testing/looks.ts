import { runGenerateJob } from '@drape/pipeline';
import type { Combination } from '@drape/contracts';
import { atelierProviderForTests } from './providers';
import type { TestServer } from './harness';

let seed = 20_000;

/** Renders and stores one look through the pipeline's own job (files, pieces, scores), as a batch does. */
export async function stockLook(s: TestServer, combination: Combination): Promise<string> {
  const deps = { db: s.db.db, storage: s.storage, provider: atelierProviderForTests, timeoutMs: 30_000 };
  for (let tries = 0; tries < 5; tries++) {
    const outcome = await runGenerateJob(deps, crypto.randomUUID(), { ...combination, seed: seed++, source: 'batch' } as never);
    if (outcome.kind === 'image') return outcome.imageId;
  }
  throw new Error('the renderer refused five seeds in a row');
}

/** Puts looks in the LookBook as curation does (the trigger stamps when they entered it). */
export async function curate(s: TestServer, ids: string[], at?: Date): Promise<void> {
  await s.db.db.updateTable('generated_images').set({ status: 'lookbook', curated_by: 'admin', ...(at ? { lookbook_at: at } : {}) }).where('id', 'in', ids).execute();
}

/**
 * Another row of a stored look (same files, its own pieces), for lists that need more looks than
 * rendering each would be worth: a LookBook longer than a Stylist's 50.
 */
export async function copyLook(s: TestServer, id: string, lookbookAt: Date): Promise<string> {
  const db = s.db.db;
  const { id: _id, job_id: _job, created_at: _created, lookbook_at: _at, ...row } = await db.selectFrom('generated_images').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const copy = await db.insertInto('generated_images').values({
    ...row, job_id: crypto.randomUUID(), quality: JSON.stringify(row.quality), stage_ms: JSON.stringify(row.stage_ms), lookbook_at: lookbookAt,
  }).returning('id').executeTakeFirstOrThrow();
  const pieces = await db.selectFrom('fashion_items').selectAll().where('image_id', '=', id).execute();
  await db.insertInto('fashion_items').values(pieces.map(({ id: _piece, ...p }) => ({ ...p, image_id: copy.id }))).execute();
  return copy.id;
}
