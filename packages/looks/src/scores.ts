import { sql } from 'kysely';
import type { Db } from '@drape/db';

/** What `drape rescore` reads of a stored look: how to compose it again, and what to check it against. */
export interface ScoredLook {
  id: string;
  combination_code: string;
  seed: number;
  quality_score: number;
  quality: Record<string, unknown>;
  status: string;
  /** The stored pieces in order: the composition made again must be these. */
  pieces: { name: string; color_hex: string }[];
}

/** A page of stored looks by id, after `afterId`, with their pieces in one round trip. */
export async function looksToRescore(db: Db, afterId: string | null, limit: number): Promise<ScoredLook[]> {
  let q = db
    .selectFrom('generated_images as gi')
    .select(['gi.id', 'gi.combination_code', 'gi.seed', 'gi.quality_score', 'gi.quality', 'gi.status'])
    .select(
      sql<ScoredLook['pieces']>`coalesce((select json_agg(json_build_object('name', f.name, 'color_hex', f.color_hex) order by f.position) from fashion_items f where f.image_id = gi.id), '[]'::json)`.as('pieces'),
    )
    // A personal look was composed around the user's pieces, which its combination and seed do not hold.
    .where('gi.personal', '=', false)
    .orderBy('gi.id')
    .limit(limit);
  if (afterId) q = q.where('gi.id', '>', afterId);
  return q.execute();
}

export async function countStoredLooks(db: Db): Promise<number> {
  const r = await db.selectFrom('generated_images').select((eb) => eb.fn.countAll<string>().as('n')).where('personal', '=', false).executeTakeFirstOrThrow();
  return Number(r.n);
}

/** The look's new score, its breakdown and its stylist's note. */
export async function rescoredLook(db: Db, id: string, score: { quality_score: number; quality: object; stylist_note: readonly string[] }): Promise<void> {
  await db
    .updateTable('generated_images')
    .set({ quality_score: score.quality_score, quality: JSON.stringify(score.quality), stylist_note: [...score.stylist_note] })
    .where('id', '=', id)
    .execute();
}
