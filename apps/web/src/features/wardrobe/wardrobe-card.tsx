import type { WardrobeEntry } from '@drape/contracts/wardrobe';
import {
  Button, Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, cn,
} from '@drape/ui';
import { NotebookPen, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { LookCard, LookItems, LookItemsButton } from '../../components/look-card';
import { ShareButton } from '../../components/share-button';
import { COLOR_FAMILY_SWATCH, colorFamilyName } from '../../lib/color-families';
import { LOOK_GRID_SIZES } from '../../lib/look-grid';
import { genderName } from '../../lib/look-names';
import { colorChips, lookbookColorPath, lookbookTrendPath } from './lookbook-links';
import { NotesEditor } from './notes-editor';
import { styleVibeName } from './wardrobe-filters';

const KIND_LABEL = { trend: 'Trend', palette: 'Color palette', occasion: 'Occasion' } as const;

const savedDate = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', year: 'numeric' });

export interface WardrobeCardProps {
  entry: WardrobeEntry;
  /** h3 in the plain grid, h4 under a group's h3. */
  headingLevel: 3 | 4;
  /** Cards in the first rows load their pictures at once, the others as they near the viewport. */
  eager: boolean;
  /** This card's notes are being edited (one card at a time across the grid). */
  editing: boolean;
  onEditNotes: (open: boolean) => void;
  /** This card's pieces are shown (one card at a time across the grid). */
  itemsOpen: boolean;
  onToggleItems: () => void;
  /** Removes the look; focus then goes to `focusAfterRemoval` (the removed card's button is gone). */
  onRemove: () => void;
  focusAfterRemoval: () => void;
}

/** One saved look (user-area §2 Wardrobe): picture, trend and color chips, notes, pieces, share, delete. */
export function WardrobeCard({ entry, headingLevel, eager, editing, onEditNotes, itemsOpen, onToggleItems, onRemove, focusAfterRemoval }: WardrobeCardProps) {
  const id = useId();
  const [confirming, setConfirming] = useState(false);
  const removing = useRef(false);
  const card = useRef<HTMLElement>(null);
  const notesButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(editing);
  useEffect(() => {
    // A closed editor hands focus back to its button, unless the user has moved on (another card's notes).
    const active = document.activeElement;
    if (wasEditing.current && !editing && (!active || active === document.body || card.current?.contains(active))) notesButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);
  const name = entry.selection.name;
  const items = entry.fashionItems;
  const facts = [genderName(entry.gender), entry.styleVibe ? styleVibeName(entry.styleVibe) : null].filter(Boolean).join(' · ');
  const saved = new Date(entry.savedAt);

  return (
    <LookCard
      look={entry}
      sizes={LOOK_GRID_SIZES}
      cardRef={card}
      titleId={`${id}-title`}
      title={name}
      headingLevel={headingLevel}
      eager={eager}
      facts={
        <>
          {facts}
          {Number.isNaN(saved.getTime()) ? null : (
            <>
              {' · '}Saved <time dateTime={entry.savedAt}>{savedDate.format(saved)}</time>
            </>
          )}
        </>
      }
    >
      <ul aria-label="Browse similar looks in the LookBook" className="flex flex-wrap items-center gap-2">
        <li>
          <Link
            to={lookbookTrendPath(entry)}
            aria-label={`${KIND_LABEL[entry.selection.kind]} ${name}: browse ${name} looks in the LookBook`}
            className="inline-flex rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ink"
          >
            <span className="inline-flex items-center rounded-full border border-gold/40 bg-gold-soft px-2.5 py-0.5 text-xs font-medium text-gold-ink transition-colors hover:border-gold-ink">
              {name}
            </span>
          </Link>
        </li>
        {colorChips(entry.colors).map((color) => (
          <li key={color}>
            <Link
              to={lookbookColorPath(entry, color)}
              aria-label={`${colorFamilyName(color)}: browse ${color} looks in the LookBook`}
              className={cn(
                'inline-flex items-center gap-1.5 rounded-full border border-linen bg-ivory px-2.5 py-0.5 text-xs text-umber transition-colors',
                'hover:border-taupe focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ink',
              )}
            >
              <span aria-hidden="true" className="h-3 w-3 rounded-full border border-ink/15" style={{ background: COLOR_FAMILY_SWATCH[color] }} />
              {colorFamilyName(color)}
            </Link>
          </li>
        ))}
      </ul>

      {editing ? (
        <NotesEditor entryId={entry.id} notes={entry.notes} lookName={name} onClose={() => onEditNotes(false)} />
      ) : entry.notes ? (
        <div className="rounded-xl border border-linen bg-ivory px-3 py-2">
          <p className="text-[0.65rem] font-semibold uppercase tracking-[0.16em] text-gold-ink">Your notes</p>
          <p className="whitespace-pre-line break-words text-sm leading-relaxed text-ink">{entry.notes}</p>
        </div>
      ) : null}

      <div className="mt-auto flex flex-wrap items-start gap-2">
        {editing ? null : (
          <Button ref={notesButton} variant="outline" size="sm" onClick={() => onEditNotes(true)} aria-label={`${entry.notes ? 'Edit notes' : 'Add notes'} on ${name}`}>
            <NotebookPen aria-hidden="true" className="h-4 w-4" />
            {entry.notes ? 'Edit notes' : 'Add notes'}
          </Button>
        )}
        <LookItemsButton variant="outline" open={itemsOpen} controls={itemsOpen ? `${id}-items` : undefined} count={items.length} showCount onToggle={onToggleItems} />
        <ShareButton imageId={entry.imageId} shareType="wardrobe" title={`${name} outfit`} size="sm" />
        <Button variant="ghost" size="sm" className="ml-auto text-danger hover:bg-danger-soft" aria-label={`Remove ${name} from your wardrobe`} onClick={() => setConfirming(true)}>
          <Trash2 aria-hidden="true" className="h-4 w-4" />
          <span className="sr-only sm:not-sr-only">Remove</span>
        </Button>
      </div>

      {itemsOpen ? <LookItems id={`${id}-items`} label={`Items of ${name}`} items={items} gender={entry.gender} note={entry.stylistNote} noteHeadingLevel={headingLevel === 3 ? 4 : 5} /> : null}
      <Dialog open={confirming} onOpenChange={setConfirming}>
        <DialogContent
          onCloseAutoFocus={(e) => {
            if (!removing.current) return;
            e.preventDefault();
            focusAfterRemoval();
          }}
        >
          <DialogHeader>
            <DialogTitle>Remove this look?</DialogTitle>
            <DialogDescription>
              {name} and your notes on it leave your wardrobe. Looks not in a wardrobe are deleted 181 days after they were made.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Keep it</Button>
            </DialogClose>
            <Button
              variant="destructive"
              onClick={() => {
                removing.current = true;
                setConfirming(false);
                onRemove();
              }}
            >
              Remove
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </LookCard>
  );
}
