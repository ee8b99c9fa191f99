import { z } from './zod';
import { COLLECTION_TYPES } from './wardrobe';
import { COLOR_FAMILIES, SELECTION_KINDS } from './domain/catalog';
import { DOMAIN_SOURCES, SHOPPING_COUNTRIES } from './shopping';
import { isoTime } from './domain/answers';

/**
 * A look on the wire (issue 17, one wire shape): tRPC answers carry each field once, by the name
 * the apps read. The REST edge adds the other spellings user-area §3 lists (`image_url`,
 * `style_vibe` / `vibe`, `color_palette`, a piece's `item_name`, `category` / `item_type`,
 * `price_range`) so that REST clients keep them: the `rest*` schemas below describe those answers.
 */

/** A piece of a look (user-area §3 Fashion item). */
export const fashionItemAnswer = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  color: z.string(),
  colorHex: z.string(),
  colorFamily: z.string(),
  type: z.string(),
  priceRange: z.string(),
  /** The user's own piece from My Pieces ('Yours': no shopping links); absent on every other piece. */
  owned: z.literal(true).optional(),
});
/** The spellings REST adds to a piece: `item_name` (name), `category` and `item_type` (type), `price_range`. */
export const restFashionItemAnswer = fashionItemAnswer.extend({ item_name: z.string(), category: z.string(), item_type: z.string(), price_range: z.string() });

/** 'Why this works' (issue 19): three to five sentences from the stylist's rules, each naming pieces; empty for a look stored before them. */
const stylistNoteAnswer = z.array(z.string());

const selectionRef = z.object({ kind: z.enum(SELECTION_KINDS), id: z.string(), name: z.string() });

/** The outfit answer (user-area §3 Outfit): Get My Look and a shared link. */
export const outfitAnswer = z.object({
  id: z.string(),
  imageId: z.string(),
  imageUrl: z.string(),
  thumbnailUrl: z.string(),
  status: z.string(),
  gender: z.string(),
  occasion: z.string().nullable(),
  styleVibe: z.string().nullable(),
  trend: z.string().nullable(),
  colorPalette: z.string().nullable(),
  bodyShape: z.string().nullable(),
  skinTone: z.string().nullable(),
  qualityScore: z.number(),
  fashionItems: z.array(fashionItemAnswer),
  stylistNote: stylistNoteAnswer,
  source: z.enum(['inventory', 'live']),
  createdAt: isoTime,
});
export const restOutfitAnswer = outfitAnswer.extend({ color_palette: z.string().nullable(), fashionItems: z.array(restFashionItemAnswer) });

/** A look on a card (wardrobe and LookBook), with whether the caller saved it. */
export const lookAnswer = z.object({
  id: z.string(),
  imageId: z.string(),
  imageUrl: z.string(),
  thumbnailUrl: z.string(),
  width: z.number(),
  height: z.number(),
  status: z.string(),
  gender: z.string(),
  trend: z.string().nullable(),
  occasion: z.string().nullable(),
  colorPalette: z.string().nullable(),
  styleVibe: z.string().nullable(),
  selection: selectionRef,
  colors: z.array(z.enum(COLOR_FAMILIES)),
  fashionItems: z.array(fashionItemAnswer),
  stylistNote: stylistNoteAnswer,
  saved: z.boolean(),
  createdAt: isoTime,
});
/** The spellings REST adds to a look: `image_url`, `color_palette`, `style_vibe` and `vibe`. */
const restLookFields = {
  image_url: z.string(),
  color_palette: z.string().nullable(),
  style_vibe: z.string().nullable(),
  vibe: z.string().nullable(),
  fashionItems: z.array(restFashionItemAnswer),
};
export const restLookAnswer = lookAnswer.extend(restLookFields);

/** A wardrobe item: the look, the wardrobe row's own id (`imageId` is the look's), the notes. */
export const wardrobeEntryAnswer = lookAnswer.extend({ notes: z.string().nullable(), savedAt: isoTime });
export const restWardrobeEntryAnswer = wardrobeEntryAnswer.extend(restLookFields);

const wardrobeCount = { saved: z.number(), cap: z.number().nullable() };
export const wardrobePageAnswer = z.object({
  ...wardrobeCount, items: z.array(wardrobeEntryAnswer), total: z.number(), limit: z.number(), offset: z.number(), hasMore: z.boolean(),
  /** What asks for the next page (null at the end): the infinite scroll's way, stable as looks are added. */
  nextCursor: z.string().nullable(),
});
export const restWardrobePageAnswer = wardrobePageAnswer.extend({ items: z.array(restWardrobeEntryAnswer) });
export const wardrobeCollectionsAnswer = z.object({
  collections: z.array(z.object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    icon: z.string(),
    type: z.enum(COLLECTION_TYPES),
    itemCount: z.number(),
    items: z.array(z.object({ imageId: z.string(), imageUrl: z.string(), thumbnailUrl: z.string(), status: z.string() })),
    filter: z.object({ occasion: z.string().optional(), trend: z.string().optional(), styleVibe: z.string().optional() }),
  })),
});
export const wardrobeSaveAnswer = z.object({ success: z.literal(true), ...wardrobeCount, item: wardrobeEntryAnswer });
export const restWardrobeSaveAnswer = wardrobeSaveAnswer.extend({ item: restWardrobeEntryAnswer });
export const wardrobeRemoveAnswer = z.object({ success: z.literal(true), ...wardrobeCount, removed: z.boolean() });
export const wardrobeNotesAnswer = z.object({ success: z.literal(true), id: z.string(), notes: z.string().nullable() });
export const wardrobeContainsAnswer = z.object({ ...wardrobeCount, imageIds: z.array(z.string()) });

/** A page of the LookBook. */
export const lookbookPageAnswer = z.object({
  looks: z.array(lookAnswer),
  limit: z.number(),
  offset: z.number(),
  hasMore: z.boolean(),
  /** What asks for the next page (null at the end): the infinite scroll's way, stable as looks are added. */
  nextCursor: z.string().nullable(),
  viewLimit: z.number().nullable(),
  viewLimitReached: z.boolean(),
  filtersAllowed: z.boolean(),
});
export const restLookbookPageAnswer = lookbookPageAnswer.extend({ looks: z.array(restLookAnswer) });

export const fashionItemsAnswer = z.array(fashionItemAnswer);
export const restFashionItemsAnswer = z.array(restFashionItemAnswer);

/** Sharing (user-area §2 Shared outfit link). */
export const shareCreateAnswer = z.object({ success: z.literal(true), shareUrl: z.string() });
export const shareTrackAnswer = z.object({ success: z.literal(true), bonusGranted: z.boolean(), dailyLimit: z.number(), used: z.number(), remaining: z.number() });

/** Shopping (user-area §3 Localised domains). */
export const localizedDomainsAnswer = z.object({
  success: z.literal(true),
  domains: z.object({ google: z.string(), amazon: z.string() }),
  detectedCountry: z.enum(SHOPPING_COUNTRIES),
  source: z.enum(DOMAIN_SOURCES),
  amazonTag: z.string().nullable(),
  disclosure: z.string(),
});
export const trackClickAnswer = z.object({ success: z.literal(true), recorded: z.boolean() });

/** A piece as tRPC answers it. */
export type FashionItemAnswer = z.output<typeof fashionItemAnswer>;
