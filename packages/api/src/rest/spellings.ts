import type { z } from 'zod';
import { restFashionItemsAnswer, restLookbookPageAnswer, restOutfitAnswer, restWardrobePageAnswer, restWardrobeSaveAnswer, type fashionItemAnswer, type lookAnswer, type lookbookPageAnswer, type outfitAnswer, type wardrobePageAnswer, type wardrobeSaveAnswer } from '@drape/contracts/look-answers';
import type { RestSpelling } from '../procedure-meta';

/**
 * The REST edge's spellings of a look (user-area §3): tRPC answers carry each field once, and REST
 * answers add the other names the spec's clients read, from the same values, so both doors answer
 * alike and REST clients keep what they had (docs/decisions/0027-procedure-metadata.md).
 */
type Item = z.output<typeof fashionItemAnswer>;
type Look = z.output<typeof lookAnswer>;

const item = (i: Item) => ({ ...i, item_name: i.name, category: i.type, item_type: i.type, price_range: i.priceRange });
const items = (list: Item[]) => list.map(item);
/** A look in its REST spelling (the shared LookBook keeps its cards' JSON so). */
export const restLook = <L extends Look>(l: L) => ({
  ...l, image_url: l.imageUrl, color_palette: l.colorPalette, style_vibe: l.styleVibe, vibe: l.styleVibe, fashionItems: items(l.fashionItems),
});

interface Spelling {
  /** The REST answer from the procedure's. */
  present(answer: unknown): unknown;
  /** The REST answer's schema, for the OpenAPI document. */
  schema: z.ZodType;
}

const spelling = <A>(schema: z.ZodType, present: (answer: A) => unknown): Spelling => ({ schema, present: present as (answer: unknown) => unknown });

export const REST_SPELLINGS: Record<RestSpelling, Spelling> = {
  outfit: spelling(restOutfitAnswer, (o: z.output<typeof outfitAnswer>) => ({ ...o, color_palette: o.colorPalette, fashionItems: items(o.fashionItems) })),
  fashionItems: spelling(restFashionItemsAnswer, items),
  wardrobePage: spelling(restWardrobePageAnswer, (p: z.output<typeof wardrobePageAnswer>) => ({ ...p, items: p.items.map(restLook) })),
  wardrobeSave: spelling(restWardrobeSaveAnswer, (a: z.output<typeof wardrobeSaveAnswer>) => ({ ...a, item: restLook(a.item) })),
  lookbookPage: spelling(restLookbookPageAnswer, (p: z.output<typeof lookbookPageAnswer>) => ({ ...p, looks: p.looks.map(restLook) })),
};
