import type { LookView } from '@drape/contracts/looks';
import type { Config } from '@drape/config';
import type { Db } from '@drape/db';
import { lookAnswerFields, lookOf, piecesOfRows, readLookCards } from '@drape/looks';

/**
 * The cards of a wardrobe or LookBook page: the looks of these ids in the order given, with their
 * pieces and whether `viewerId` saved each, in one query (a page is the second half of a deferred
 * join: the ids come from an index, the rows from here). Ids that no longer exist are left out.
 */
export async function lookViews(db: Db, config: Pick<Config, 'CDN_BASE_URL'>, viewerId: string, imageIds: readonly string[]): Promise<LookView[]> {
  if (imageIds.length === 0) return [];
  const rows = await readLookCards(db, viewerId, imageIds);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return imageIds.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    const look = lookOf(config, r);
    const { pieces, colors } = piecesOfRows(r.items);
    return [{
      ...lookAnswerFields(look),
      width: look.width,
      height: look.height,
      selection: look.selection,
      colors,
      fashionItems: pieces,
      saved: Boolean(r.saved),
    }];
  });
}
