import { sql } from 'kysely';
import { OCCASIONS, PALETTES, TRENDS } from '@drape/contracts';
import type { Config } from '@drape/config';
import type { Db } from '@drape/db';
import { mediaUrl } from '../generate/outfit.view';

export interface ShowcaseItem {
  itemName: string;
  imageUrl: string | null;
}

/**
 * GET /api/landing/showcase: one picture per trend, palette and occasion; a curated showcase image
 * first, then a LookBook one, then the best recent inventory image. Items without any keep a null
 * imageUrl and the landing shows its placeholder.
 */
export async function landingShowcase(db: Db, config: Config) {
  const rows = await db
    .selectFrom('generated_images')
    .select(['selection_kind', 'selection_id', 'thumb_key'])
    .distinctOn(['selection_kind', 'selection_id'])
    .where('status', 'in', ['viewable', 'lookbook'])
    .orderBy('selection_kind')
    .orderBy('selection_id')
    .orderBy(sql`in_showcase desc, (status = 'lookbook') desc, quality_score desc, created_at desc`)
    .execute();
  const picture = (kind: string, id: string) => {
    const row = rows.find((r) => r.selection_kind === kind && r.selection_id === id);
    return row ? mediaUrl(config, row.thumb_key) : null;
  };
  return {
    monthlyTrends: TRENDS.filter((t) => t.active).map((t) => ({ itemName: t.name, imageUrl: picture('trend', t.id) })),
    seasonColors: PALETTES.map((p) => ({ itemName: p.name, imageUrl: picture('palette', p.id) })),
    occasions: OCCASIONS.filter((o) => o.isActive).map((o) => ({ itemName: o.name, imageUrl: picture('occasion', o.id) })),
  };
}

/** GET /api/lookbook/stats: the landing's LookBook blurb. */
export async function lookbookStats(db: Db) {
  const { n } = await db.selectFrom('generated_images').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 'lookbook').executeTakeFirstOrThrow();
  const looks = Number(n);
  return {
    totalLooks: looks,
    displayText: looks > 0 ? `Explore ${looks.toLocaleString('en-US')} Style Ideas in LookBook` : 'Explore Style Ideas in LookBook',
  };
}
