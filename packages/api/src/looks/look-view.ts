import { sql } from 'kysely';
import { selectionName, type ColorFamily, type LookView, type SelectionRef } from '@drape/contracts';
import type { Config } from '@drape/config';
import type { Db } from '@drape/db';
import { itemView, mediaUrl, piecesOf, selectionNames } from '../generate/outfit.view';

/**
 * The cards of a wardrobe or LookBook page: the looks of these ids in the order given, with their
 * pieces and whether `viewerId` saved each, in one query (a page is the second half of a deferred
 * join: the ids come from an index, the rows from here). Ids that no longer exist are left out.
 */
export async function lookViews(db: Db, config: Pick<Config, 'CDN_BASE_URL'>, viewerId: string, imageIds: readonly string[]): Promise<LookView[]> {
  if (imageIds.length === 0) return [];
  const rows = await db
    .selectFrom('generated_images as gi')
    .select([
      'gi.id', 'gi.storage_key', 'gi.thumb_key', 'gi.width', 'gi.height', 'gi.status', 'gi.gender',
      'gi.selection_kind', 'gi.selection_id', 'gi.style_vibe', 'gi.created_at',
    ])
    .select((eb) => [
      piecesOf(eb).as('items'),
      eb.exists(eb.selectFrom('wardrobe_items as w').select(sql`1`.as('one')).where('w.user_id', '=', viewerId).whereRef('w.image_id', '=', 'gi.id')).as('saved'),
    ])
    .where('gi.id', 'in', [...imageIds])
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return imageIds.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    const ref = { kind: r.selection_kind, id: r.selection_id } as SelectionRef;
    const imageUrl = mediaUrl(config, r.storage_key);
    const names = selectionNames(r);
    const pieces = r.items.map(itemView);
    return [{
      id: r.id,
      imageId: r.id,
      imageUrl,
      image_url: imageUrl,
      thumbnailUrl: mediaUrl(config, r.thumb_key),
      width: r.width,
      height: r.height,
      status: r.status,
      gender: r.gender,
      ...names,
      style_vibe: names.styleVibe,
      vibe: names.styleVibe,
      selection: { kind: ref.kind, id: ref.id, name: selectionName(ref) },
      colors: [...new Set(r.items.map((i) => i.color_family))] as ColorFamily[],
      fashionItems: pieces,
      saved: Boolean(r.saved),
      createdAt: new Date(r.created_at).toISOString(),
    }];
  });
}
