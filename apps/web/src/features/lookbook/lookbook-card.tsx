import type { ColorFamily } from '@drape/contracts';
import { LOOKS_SKELETONS, MAX_COLOR_CHIPS, type LookView } from '@drape/contracts/looks';
import { cn } from '@drape/ui';
import { Palette } from 'lucide-react';
import { useId } from 'react';
import { LookCard, LookItems, LookItemsButton } from '../../components/look-card';
import { SaveLookButton } from '../../components/save-look-button';
import { ShareButton } from '../../components/share-button';
import { COLOR_FAMILY_SWATCH, colorFamilyName } from '../../lib/color-families';
import { LOOK_GRID_SIZES } from '../../lib/look-grid';
import { genderName } from '../../lib/look-names';
import { CARD_STAGGER_MS } from '../../lib/timing';

/**
 * A card's stagger (user-area §2: 150 ms per card) counts within its page and stops after a
 * screenful, so the 50th card of a page does not wait seven seconds to appear.
 */
const STAGGER_STEPS = LOOKS_SKELETONS;

export interface LookbookCardProps {
  look: LookView;
  /** Place in its page: the stagger of the entrance. */
  indexInPage: number;
  /** Eager only for the first row; the rest load as they near the viewport. */
  eager: boolean;
  /** Fashion Icon: the trend badge and the color dots filter the LookBook. */
  canFilter: boolean;
  /** The active color filter: its dot comes first, so it is among the ones shown. */
  activeColor?: string;
  itemsOpen: boolean;
  onToggleItems: () => void;
  onFilterSelection: (look: LookView) => void;
  onFilterColor: (look: LookView, color: ColorFamily) => void;
  onSaved: (imageId: string) => void;
}

export function LookbookCard({
  look, indexInPage, eager, canFilter, activeColor, itemsOpen, onToggleItems, onFilterSelection, onFilterColor, onSaved,
}: LookbookCardProps) {
  const titleId = useId();
  const itemsId = useId();
  const name = look.selection.name;
  const gender = genderName(look.gender);
  const palette = look.colorPalette;
  const vibe = look.styleVibe;
  const colors = orderColors(look.colors, activeColor).slice(0, MAX_COLOR_CHIPS);
  const items = look.fashionItems;

  return (
    <li
      // Timing inline: it outranks the animation shorthand; without motion-safe there is no animation to time.
      className="motion-safe:animate-fade-in"
      style={{ animationDelay: `${Math.min(indexInPage, STAGGER_STEPS) * CARD_STAGGER_MS}ms`, animationDuration: '400ms', animationFillMode: 'both' }}
    >
      <LookCard
        look={look}
        sizes={LOOK_GRID_SIZES}
        titleId={titleId}
        title={name}
        headingLevel={2}
        facts={[gender, vibe].filter(Boolean).join(' · ')}
        eager={eager}
        // Top right: the picture draws its own color dots at the top left.
        badge={<TrendBadge name={name} gender={gender} onFilter={canFilter ? () => onFilterSelection(look) : undefined} />}
      >
        <div className="flex flex-wrap items-center justify-between gap-3">
          <ul aria-label="Colors" className="flex flex-wrap items-center gap-1.5">
            {colors.map((color) => (
              <li key={color} className="flex">
                <ColorDot color={color} gender={gender} onClick={canFilter ? () => onFilterColor(look, color) : undefined} />
              </li>
            ))}
          </ul>
          {palette ? (
            <span className="inline-flex items-center gap-1.5 text-xs font-medium uppercase tracking-[0.12em] text-gold-ink">
              <Palette aria-hidden="true" className="h-3.5 w-3.5" />
              <span className="sr-only">Palette: </span>
              {palette}
            </span>
          ) : null}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <ShareButton imageId={look.imageId} shareType="lookbook" title={`${name} outfit`} size="sm" />
          <SaveLookButton imageId={look.imageId} saved={look.saved} onSaved={onSaved} size="sm" />
          <LookItemsButton variant="ghost" open={itemsOpen} controls={itemsId} onToggle={onToggleItems} count={items.length} showCount={false} />
        </div>
        <div id={itemsId} hidden={!itemsOpen}>
          {itemsOpen ? <LookItems label={`${name} pieces`} items={items} gender={look.gender} note={look.stylistNote} /> : null}
        </div>
      </LookCard>
    </li>
  );
}

const badgeClass = 'inline-flex max-w-full items-center rounded-full border border-ink/10 bg-paper/95 px-3 py-1 text-xs font-semibold uppercase tracking-[0.08em] text-ink shadow-soft';

/** The look's trend, palette or occasion over its picture; for a Fashion Icon it filters the LookBook by it. */
function TrendBadge({ name, gender, onFilter }: { name: string; gender: string; onFilter?: () => void }) {
  if (!onFilter) {
    return (
      <span className={badgeClass}>
        <span className="truncate">{name}</span>
      </span>
    );
  }
  return (
    <button
      type="button"
      onClick={onFilter}
      title={`Show ${gender.toLowerCase()} ${name} looks`}
      className={cn(badgeClass, 'cursor-pointer hover:bg-ivory focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ink')}
    >
      <span className="sr-only">Show {gender.toLowerCase()} looks of </span>
      <span className="truncate">{name}</span>
    </button>
  );
}

function ColorDot({ color, gender, onClick }: { color: ColorFamily; gender: string; onClick?: () => void }) {
  const label = colorFamilyName(color);
  const dot = (
    <span aria-hidden="true" className="block h-5 w-5 rounded-full border border-ink/15 shadow-soft" style={{ background: COLOR_FAMILY_SWATCH[color] }} />
  );
  if (!onClick) {
    return (
      <span role="img" aria-label={label} title={label} data-color={color} className="inline-flex p-0.5">
        {dot}
      </span>
    );
  }
  return (
    <button
      type="button"
      onClick={onClick}
      title={`Show ${gender.toLowerCase()} looks in ${label.toLowerCase()}`}
      aria-label={`Show ${gender.toLowerCase()} looks in ${label.toLowerCase()}`}
      data-color={color}
      className="inline-flex cursor-pointer rounded-full p-0.5 hover:ring-2 hover:ring-stone focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ink"
    >
      {dot}
    </button>
  );
}

function orderColors(colors: readonly ColorFamily[], first: string | undefined): ColorFamily[] {
  if (!first || !colors.includes(first as ColorFamily)) return [...colors];
  return [first as ColorFamily, ...colors.filter((c) => c !== first)];
}

/** One of the 12 cards shown while the first page loads (same shape as a card: nothing moves). */
export function LookbookCardSkeleton() {
  return (
    <li aria-hidden="true" className="flex flex-col overflow-hidden rounded-[var(--radius-card)] border border-linen bg-paper">
      <div className="aspect-[3/4] w-full bg-sand motion-safe:animate-pulse" />
      <div className="flex flex-col gap-3 p-4">
        <div className="h-6 w-2/3 rounded-full bg-sand motion-safe:animate-pulse" />
        <div className="h-4 w-1/3 rounded-full bg-sand motion-safe:animate-pulse" />
        <div className="flex gap-1.5">
          {[0, 1, 2].map((i) => (
            <div key={i} className="h-5 w-5 rounded-full bg-sand motion-safe:animate-pulse" />
          ))}
        </div>
        <div className="h-9 w-full rounded-full bg-sand motion-safe:animate-pulse" />
      </div>
    </li>
  );
}
