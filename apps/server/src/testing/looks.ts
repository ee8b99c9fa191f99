import { archive, insertLook, publish, settle } from '@drape/looks';
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
  settle(s.db.db, await publish(s.db.db, ids, { by: 'admin', ...(at ? { at } : {}) }));
}

/**
 * Another row of a stored look (same files, its own pieces), for lists that need more looks than
 * rendering each would be worth: a LookBook longer than a Stylist's 50.
 */
export async function copyLook(s: TestServer, id: string, lookbookAt: Date): Promise<string> {
  const db = s.db.db;
  const { id: _id, job_id: _job, created_at: _created, lookbook_at: _at, status, in_showcase: _shown, showcase_at: _showAt, curated_by, ...row } =
    await db.selectFrom('generated_images').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const pieces = await db.selectFrom('fashion_items').selectAll().where('image_id', '=', id).orderBy('position').execute();
  const copy = await insertLook(db, {
    row: { ...row, job_id: crypto.randomUUID(), quality: JSON.stringify(row.quality), stage_ms: JSON.stringify(row.stage_ms) },
    pieces: pieces.map(({ id: _piece, image_id: _image, position: _position, ...p }) => p),
    combination: { enhancedPrompt: row.prompt },
  });
  if (status === 'lookbook') await publish(db, [copy.id], { ...(curated_by ? { by: curated_by } : {}), at: lookbookAt });
  if (status === 'archived') await archive(db, [copy.id]);
  return copy.id;
}
