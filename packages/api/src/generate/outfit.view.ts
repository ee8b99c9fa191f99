import { BODY_SHAPES, MEDIA_PATH, OCCASIONS, PALETTES, SKIN_TONES, STYLE_VIBES, TRENDS, selectionName, type FashionItemView, type OutfitView, type SelectionRef } from '@drape/contracts';
import type { Config } from '@drape/config';
import type { Database, Db } from '@drape/db';
import type { ExpressionBuilder, Selectable } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';

/** A catalog id's display name (the id itself when the catalog no longer has it). */
export const nameOf = (list: readonly { id: string; name: string }[], id: string | null) => (id ? list.find((e) => e.id === id)?.name ?? id : null);

/** A row's selection (its kind and id columns) by name: the one place the columns become a SelectionRef. */
export const rowSelectionName = (r: { selection_kind: string; selection_id: string }): string =>
  selectionName({ kind: r.selection_kind, id: r.selection_id } as SelectionRef);

export function mediaUrl(config: Pick<Config, 'CDN_BASE_URL'>, key: string): string {
  return `${config.CDN_BASE_URL?.replace(/\/$/, '') ?? ''}${MEDIA_PATH}/${key}`;
}

export type ItemRow = Selectable<Database['fashion_items']>;

export function itemView(r: ItemRow): FashionItemView {
  return {
    id: r.id, name: r.name, item_name: r.name, description: r.description, color: r.color, colorHex: r.color_hex,
    colorFamily: r.color_family, category: r.type, type: r.type, item_type: r.type, priceRange: r.price_range, price_range: r.price_range,
  };
}

export async function fashionItemsOf(db: Db, imageId: string): Promise<FashionItemView[]> {
  const rows = await db.selectFrom('fashion_items').selectAll().where('image_id', '=', imageId).orderBy('position').execute();
  return rows.map(itemView);
}

/** A look's pieces in order, as a JSON array column: the look and its pieces in one round trip. */
export function piecesOf(eb: ExpressionBuilder<Database & { gi: Database['generated_images'] }, 'gi'>) {
  return jsonArrayFrom(eb.selectFrom('fashion_items as f').selectAll('f').whereRef('f.image_id', '=', 'gi.id').orderBy('f.position'));
}

/** The trend, palette or occasion a look was made for, and its style vibe, by the names the screens show. */
export function selectionNames(look: { selection_kind: string; selection_id: string; style_vibe: string | null }) {
  const palette = look.selection_kind === 'palette' ? nameOf(PALETTES, look.selection_id) : null;
  return {
    occasion: look.selection_kind === 'occasion' ? nameOf(OCCASIONS, look.selection_id) : null,
    trend: look.selection_kind === 'trend' ? nameOf(TRENDS, look.selection_id) : null,
    colorPalette: palette,
    color_palette: palette,
    styleVibe: nameOf(STYLE_VIBES, look.style_vibe),
  };
}

/** The outfit answer for one stored image, names as the screens show them. */
export async function outfitView(db: Db, config: Pick<Config, 'CDN_BASE_URL'>, imageId: string, source: OutfitView['source']): Promise<OutfitView> {
  // The image and its items in one round trip: this is on Get My Look's hot path.
  const img = await db
    .selectFrom('generated_images as gi')
    .selectAll('gi')
    .select((eb) => piecesOf(eb).as('items'))
    .where('gi.id', '=', imageId)
    .executeTakeFirstOrThrow();
  return {
    id: img.id,
    imageId: img.id,
    imageUrl: mediaUrl(config, img.storage_key),
    thumbnailUrl: mediaUrl(config, img.thumb_key),
    status: img.status,
    gender: img.gender,
    ...selectionNames(img),
    bodyShape: nameOf(BODY_SHAPES, img.body_shape),
    skinTone: nameOf(SKIN_TONES, img.skin_tone),
    qualityScore: img.quality_score,
    fashionItems: img.items.map(itemView),
    source,
    createdAt: img.created_at.toISOString(),
  };
}
