import { BODY_SHAPES, OCCASIONS, PALETTES, SKIN_TONES, STYLE_VIBES, TRENDS, selectionName, type ColorFamily, type Gender, type SelectionKind, type SelectionRef } from '@drape/contracts';
import { MEDIA_PATH, type FashionItemView } from '@drape/contracts/generation';
import type { Database, ImageStatus } from '@drape/db';
import type { ExpressionBuilder, Selectable } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';

/**
 * The one place a look's row (generated_images, and its fashion_items) becomes what the product
 * shows: its picture's addresses, its selection, its vibe and other names, its pieces. Every
 * presenter (the outfit, the LookBook and wardrobe cards, the admin gallery, the showcase and the
 * landing) maps through here and only chooses its answer's field names.
 */

/** Where the public pictures are served from: the CDN when one is set. */
export interface MediaConfig {
  CDN_BASE_URL?: string | undefined;
}

/** A catalog id's display name (the id itself when the catalog no longer has it). */
export const nameOf = (list: readonly { id: string; name: string }[], id: string | null) => (id ? list.find((e) => e.id === id)?.name ?? id : null);

/** A row's selection (its kind and id columns) by name. */
export const rowSelectionName = (r: { selection_kind: string; selection_id: string }): string =>
  selectionName({ kind: r.selection_kind, id: r.selection_id } as SelectionRef);

/** A public picture's address. */
export function mediaUrl(config: MediaConfig, key: string): string {
  return `${config.CDN_BASE_URL?.replace(/\/$/, '') ?? ''}${MEDIA_PATH}/${key}`;
}

export type PieceRow = Selectable<Database['fashion_items']>;

/** One piece as the screens show it. */
export function itemView(r: PieceRow): FashionItemView {
  return {
    id: r.id, name: r.name, description: r.description, color: r.color, colorHex: r.color_hex,
    colorFamily: r.color_family, type: r.type, priceRange: r.price_range,
    ...(r.owned ? { owned: true as const } : {}),
  };
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
    styleVibe: nameOf(STYLE_VIBES, look.style_vibe),
  };
}

/** The columns every look's mapping reads: a presenter selects at least these (LOOK_COLUMNS). */
export const LOOK_COLUMNS = [
  'id', 'combination_code', 'status', 'gender', 'selection_kind', 'selection_id', 'style_vibe', 'body_shape', 'skin_tone',
  'storage_key', 'thumb_key', 'width', 'height', 'quality_score', 'created_at', 'stylist_note',
] as const;

export type LookRow = Pick<Selectable<Database['generated_images']>, (typeof LOOK_COLUMNS)[number]>;

/** A look as the product reads it, before any answer's spelling. */
export interface Look {
  id: string;
  combinationCode: string;
  status: ImageStatus;
  gender: Gender;
  /** The full picture and the card's thumbnail. */
  imageUrl: string;
  thumbnailUrl: string;
  width: number;
  height: number;
  /** The trend, palette or occasion it was made for, with its name. */
  selection: { kind: SelectionKind; id: string; name: string };
  /** The selection's name under its kind (null for the other two kinds). */
  trend: string | null;
  palette: string | null;
  occasion: string | null;
  /** Personalisation by name (null: not personalised on it). */
  vibe: string | null;
  bodyShape: string | null;
  skinTone: string | null;
  qualityScore: number;
  /** 'Why this works' (issue 19): the stylist's reasons; empty for a look not yet rescored. */
  stylistNote: string[];
  createdAt: string;
}

/** The one mapping of a look's row. */
export function lookOf(config: MediaConfig, r: LookRow): Look {
  const names = selectionNames(r);
  return {
    id: r.id,
    combinationCode: r.combination_code,
    status: r.status,
    gender: r.gender,
    imageUrl: mediaUrl(config, r.storage_key),
    thumbnailUrl: mediaUrl(config, r.thumb_key),
    width: r.width,
    height: r.height,
    selection: { kind: r.selection_kind, id: r.selection_id, name: rowSelectionName(r) },
    trend: names.trend,
    palette: names.colorPalette,
    occasion: names.occasion,
    vibe: names.styleVibe,
    bodyShape: nameOf(BODY_SHAPES, r.body_shape),
    skinTone: nameOf(SKIN_TONES, r.skin_tone),
    qualityScore: r.quality_score,
    stylistNote: r.stylist_note,
    createdAt: new Date(r.created_at).toISOString(),
  };
}

/**
 * The fields every answer that shows a look carries, under the names tRPC answers use (the
 * outfit, a card): the REST edge adds the spec's other spellings (decision 0027).
 */
export function lookAnswerFields(look: Look) {
  return {
    id: look.id,
    imageId: look.id,
    imageUrl: look.imageUrl,
    thumbnailUrl: look.thumbnailUrl,
    status: look.status,
    gender: look.gender,
    occasion: look.occasion,
    trend: look.trend,
    colorPalette: look.palette,
    styleVibe: look.vibe,
    stylistNote: look.stylistNote,
    createdAt: look.createdAt,
  };
}

/** A look's pieces, in order, as the screens show them, and their distinct color families in piece order. */
export function piecesOfRows(items: readonly PieceRow[]): { pieces: FashionItemView[]; colors: ColorFamily[] } {
  return { pieces: items.map(itemView), colors: [...new Set(items.map((i) => i.color_family))] as ColorFamily[] };
}
