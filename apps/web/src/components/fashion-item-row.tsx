import type { FashionItemAnswer } from '@drape/contracts/look-answers';
import { Badge } from '@drape/ui';
import { useId } from 'react';
import { priceDisplay } from '../lib/shopping';
import { ShopLinks } from './shop-links';

/** The id of the page's one hidden "Opens in a new tab" text, which every shopping link names. */
export const NEW_TAB_HINT_ID = 'shop-new-tab-hint';

/** Render once per page that lists pieces: the shopping links point at it. */
export function NewTabHint() {
  return (
    <span id={NEW_TAB_HINT_ID} hidden>
      Opens in a new tab
    </span>
  );
}

export interface FashionItemRowProps {
  item: FashionItemAnswer;
  /** The look's gender: the shopping query says whose piece it is. */
  gender: string;
  /** A smaller row for cards (no swatch column). */
  compact?: boolean;
}

/**
 * One piece of a look: name, price range, description, type and color, and its shopping links; the
 * user's own piece (a look built around My Pieces) is marked 'Yours' and has no price or links.
 */
export function FashionItemRow({ item, gender, compact = false }: FashionItemRowProps) {
  const nameId = useId();
  const { name, type } = item;
  const price = priceDisplay(item.priceRange);
  return (
    <li className={compact ? 'flex flex-col gap-2 rounded-xl border border-linen bg-ivory p-3' : 'flex gap-4 rounded-2xl border border-linen bg-ivory p-4'}>
      {compact ? null : (
        <span
          aria-hidden="true"
          className="mt-0.5 hidden h-10 w-10 shrink-0 rounded-full border border-ink/10 shadow-soft sm:block"
          style={{ background: item.colorHex || 'var(--color-stone)' }}
        />
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex items-start justify-between gap-3">
          <h4 id={nameId} className={compact ? 'text-sm font-medium leading-snug text-ink' : 'font-medium leading-snug text-ink'}>
            {name}
          </h4>
          {item.owned ? (
            <span className="shrink-0 rounded-full bg-ink px-2.5 py-0.5 text-xs font-semibold uppercase tracking-[0.12em] text-paper">Yours</span>
          ) : (
            <span className="shrink-0 text-sm font-semibold tracking-wider text-gold-ink" title={`${price.label} price range`}>
              <span aria-hidden="true">{price.symbols}</span>
              <span className="sr-only">Price range: {price.label}</span>
            </span>
          )}
        </div>
        {item.description ? <p className={compact ? 'text-xs leading-relaxed text-taupe' : 'text-sm leading-relaxed text-taupe'}>{item.description}</p> : null}
        <div className="flex flex-wrap items-center gap-2">
          {type ? <Badge>{type}</Badge> : null}
          {item.color ? (
            <span className="inline-flex items-center gap-1.5 rounded-full border border-linen bg-paper px-2.5 py-0.5 text-xs capitalize text-umber">
              <span aria-hidden="true" className="h-2.5 w-2.5 rounded-full border border-ink/10" style={{ background: item.colorHex || undefined }} />
              <span className="sr-only">Color: </span>
              {item.color}
            </span>
          ) : null}
        </div>
        {item.owned ? null : (
          <ShopLinks
            itemId={item.id}
            item={{ name, color: item.color, description: item.description }}
            gender={gender}
            describedBy={`${nameId} ${NEW_TAB_HINT_ID}`}
            className="mt-1"
          />
        )}
      </div>
    </li>
  );
}
