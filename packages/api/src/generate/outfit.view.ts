import type { FashionItemView, OutfitView } from '@drape/contracts/generation';
import type { Config } from '@drape/config';
import type { Db } from '@drape/db';
import { itemView, lookAnswerFields, lookOf, readLookWithPieces } from '@drape/looks';


export async function fashionItemsOf(db: Db, imageId: string): Promise<FashionItemView[]> {
  const rows = await db.selectFrom('fashion_items').selectAll().where('image_id', '=', imageId).orderBy('position').execute();
  return rows.map(itemView);
}

/** The outfit answer for one stored image, names as the screens show them. */
export async function outfitView(db: Db, config: Pick<Config, 'CDN_BASE_URL'>, imageId: string, source: OutfitView['source']): Promise<OutfitView> {
  // The image and its items in one round trip: this is on Get My Look's hot path.
  const row = await readLookWithPieces(db, imageId);
  if (!row) throw new Error(`no look ${imageId}`);
  const look = lookOf(config, row);
  return {
    ...lookAnswerFields(look),
    bodyShape: look.bodyShape,
    skinTone: look.skinTone,
    qualityScore: look.qualityScore,
    fashionItems: row.items.map(itemView),
    source,
  };
}
