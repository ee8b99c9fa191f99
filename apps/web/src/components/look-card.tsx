import type { FashionItemView } from '@drape/contracts/generation';
import { Button, cn } from '@drape/ui';
import { ChevronDown, ShoppingBag } from 'lucide-react';
import type { ReactNode, Ref } from 'react';
import { lookAlt, type NamedLook } from '../lib/look-names';
import { FashionItemRow } from './fashion-item-row';
import { ShoppingDisclosure } from './shop-links';
import { AiGeneratedLabel } from './ai-generated-label';
import { LookImage } from './look-image';
import { StylistNote } from './stylist-note';

/** What a card needs of a look: its picture and what its alternative text is read from. */
export interface CardLook extends NamedLook {
  thumbnailUrl: string | null;
  imageUrl: string | null;
  width?: number;
  height?: number;
  fashionItems?: readonly { name: string; color: string }[];
}

export interface LookCardProps {
  look: CardLook;
  /** The picture's slot width per breakpoint (gridSizes of the page's grid). */
  sizes: string;
  /** The heading's id: the card is labelled by it. */
  titleId: string;
  title: string;
  /** h2 in the LookBook's list, h3 in the wardrobe's grid, h4 under a wardrobe group's h3. */
  headingLevel: 2 | 3 | 4;
  /** The line under the title (gender, vibe, when it was saved). */
  facts: ReactNode;
  /** Cards in the first rows load their pictures at once, the others as they near the viewport. */
  eager: boolean;
  /** Shown over the picture's top right corner (the LookBook's trend badge). */
  badge?: ReactNode;
  cardRef?: Ref<HTMLElement>;
  className?: string;
  /** The card's own parts under the title: chips, notes, actions, pieces. */
  children: ReactNode;
}

/**
 * One look as a card, the same in the LookBook and the wardrobe: the picture, the title and its
 * facts, then what the page adds.
 */
export function LookCard({ look, sizes, titleId, title, headingLevel, facts, eager, badge, cardRef, className, children }: LookCardProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <article ref={cardRef} aria-labelledby={titleId} className={cn('flex flex-col overflow-clip rounded-[var(--radius-card)] border border-linen bg-paper shadow-soft', className)}>
      <div className="relative bg-sand">
        <LookImage thumbnailUrl={look.thumbnailUrl} imageUrl={look.imageUrl} sizes={sizes} alt={lookAlt(look)} width={look.width} height={look.height} loading={eager ? 'eager' : 'lazy'} />
        {/* Bottom left: the watermark is at the bottom right. */}
        <AiGeneratedLabel className="absolute bottom-3 left-3" />
        {badge ? <div className="absolute right-3 top-3 max-w-[calc(100%-1.5rem)]">{badge}</div> : null}
      </div>
      <div className="flex flex-1 flex-col gap-4 p-4">
        <div className="flex flex-col gap-1">
          <Heading id={titleId} className="font-display text-xl font-medium leading-snug text-ink">
            {title}
          </Heading>
          <p className="text-sm text-taupe">{facts}</p>
        </div>
        {children}
      </div>
    </article>
  );
}

/** The Items button of a card: opens its pieces below (one card at a time, the page decides); none to open, it is off. */
export function LookItemsButton({ open, controls, count, showCount, onToggle, variant }: {
  open: boolean; controls: string | undefined; count: number; showCount: boolean; onToggle: () => void; variant: 'ghost' | 'outline';
}) {
  return (
    <Button
      variant={open && variant === 'outline' ? 'secondary' : variant}
      size="sm"
      aria-expanded={open}
      aria-controls={controls}
      onClick={onToggle}
      disabled={count === 0}
    >
      <ShoppingBag aria-hidden="true" className="h-4 w-4" />
      {showCount ? `Items (${count})` : 'Items'}
      <ChevronDown aria-hidden="true" className={cn('h-4 w-4 transition-transform', open && 'rotate-180')} />
    </Button>
  );
}

/** A card's pieces with their shopping links, after the stylist's note on the look ('why this works'). */
export function LookItems({ id, label, items, gender, note = [], noteHeadingLevel = 3 }: {
  id?: string; label: string; items: readonly FashionItemView[]; gender: string; note?: readonly string[];
  /** One under the card's title. */
  noteHeadingLevel?: 3 | 4 | 5;
}) {
  return (
    <div id={id} className="flex flex-col gap-2">
      <StylistNote note={note} headingLevel={noteHeadingLevel} compact />
      <ul aria-label={label} className="flex flex-col gap-2">
        {items.map((item) => (
          <FashionItemRow key={item.id} item={item} gender={gender} compact />
        ))}
      </ul>
      <ShoppingDisclosure />
    </div>
  );
}
