import type { Combination } from '@drape/contracts';
import type { Db, ImageStatus } from '@drape/db';
import { makeLook } from '@drape/looks/testing';

/**
 * Looks as rows only (no files: the proof calls read rows and build addresses, and a deletion of
 * a missing file is a no-op), by @drape/looks' makeLook: the matrix and the bad input need many,
 * and a rendered look (testing/looks.ts) costs a render.
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
  // The proof world has no matrix: its looks' combinations are its active ones (batches open on them).
  const look = await makeLook(db, { combination, status, activeCombination: true, ...(extra.inShowcase ? { inShowcase: true } : {}) });
  return { id: look.id, code: look.code, piece: look.pieces[0]! };
}

/** A look served to the user (as Get My Look records it). */
export async function serveLook(db: Db, userId: string, combination: Combination = HELD): Promise<{ id: string; piece: string }> {
  const look = await insertLook(db, combination);
  await db.insertInto('image_views').values({ user_id: userId, image_id: look.id }).execute();
  return look;
}
