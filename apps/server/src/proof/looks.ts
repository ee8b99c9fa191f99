import type { Combination } from '@drape/contracts';
import { combinationColumns, type Db, type ImageStatus } from '@drape/db';

/**
 * Looks as rows only (no files: the proof calls read rows and build addresses, and a deletion of
 * a missing file is a no-op), one statement each: the matrix and the bad input need many, and a
 * rendered look (testing/looks.ts) costs a render.
 */

/** Looks held by users in the proof fixtures: Get My Look is never asked for this combination, so none is served to anyone else. */
export const HELD: Combination = { gender: 'male', trend: 'denim' };
/** The inventory Get My Look serves from. */
export const STOCKED: Combination = { gender: 'female', occasion: 'office' };
/** The inventory of a personalised request (a Stylist's style vibe). */
export const STOCKED_ELEGANT: Combination = { gender: 'female', occasion: 'office', styleVibe: 'elegant' };
/** The admin's looks (gallery, LookBook, showcase). */
export const CURATED: Combination = { gender: 'female', trend: 'polka' };

export async function insertLook(db: Db, combination: Combination, status: ImageStatus = 'viewable', extra: { inShowcase?: boolean } = {}): Promise<{ id: string; code: string; piece: string }> {
  const { combination_code: code, ...columns } = combinationColumns(combination);
  await db.insertInto('combinations').values({ code, ...columns, enhanced_prompt: 'proof', active: true }).onConflict((oc) => oc.column('code').doNothing()).execute();
  const jobId = crypto.randomUUID();
  const row = await db.insertInto('generated_images').values({
    job_id: jobId, combination_code: code, ...columns, status, storage_key: `looks/${jobId}.webp`, thumb_key: `looks/${jobId}.thumb.webp`,
    width: 768, height: 1024, bytes: 1, quality_score: 90, quality: '{}', safety_score: 99, color_families: ['navy'], seed: 1,
    prompt: 'proof', provider: 'atelier', ...(extra.inShowcase ? { in_showcase: true } : {}),
  }).returning('id').executeTakeFirstOrThrow();
  const piece = await db.insertInto('fashion_items').values({
    image_id: row.id, position: 0, name: 'Navy blazer', type: 'top', color: 'navy', color_hex: '#1F2A44', color_family: 'navy',
    description: 'A piece', price_range: 'mid-range',
  }).returning('id').executeTakeFirstOrThrow();
  return { id: row.id, code, piece: piece.id };
}

/** A look served to the user (as Get My Look records it). */
export async function serveLook(db: Db, userId: string, combination: Combination = HELD): Promise<{ id: string; piece: string }> {
  const look = await insertLook(db, combination);
  await db.insertInto('image_views').values({ user_id: userId, image_id: look.id }).execute();
  return look;
}
