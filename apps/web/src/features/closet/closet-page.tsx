import type { ClosetList } from '@drape/contracts/closet';
import { Alert, Button, cn } from '@drape/ui';
import { ImagePlus, Tags } from 'lucide-react';
import { useMemo, useRef, type RefObject } from 'react';
import { PageHeader } from '../../components/page-header';
import { PageMeta } from '../../lib/page-meta';
import { PieceCard } from './piece-card';
import { groupPieces } from './piece-groups';
import { UploadPanel } from './upload-panel';
import { useClosetList } from './use-closet';

/** Two columns on a phone (a piece reads at half a screen), up to four beside the upload panel. */
const GRID = 'grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-2 xl:grid-cols-3 2xl:grid-cols-4';
/** Photos that load at once: the first rows of the widest grid; the rest wait for the viewport. */
const EAGER_CARDS = 6;
const SKELETON_CARDS = 6;

/** My Pieces (issue 19, section 3): the user's own clothes, photographed, by category. */
export default function ClosetPage() {
  const list = useClosetList();
  const piecesHeading = useRef<HTMLHeadingElement>(null);
  const openPicker = useRef<(() => void) | null>(null);
  const refocus = useRef<string | null>(null);
  const data = list.data;

  return (
    <>
      <PageMeta title="My Pieces" description="The clothes you own, photographed, ready to style." noindex path="/pieces" />
      <div className="mx-auto flex w-full max-w-7xl flex-col gap-8 px-4 py-10 sm:px-6 md:py-14">
        <PageHeader
          eyebrow="Your closet"
          title="My Pieces"
          description="Photograph the clothes you own; each piece is sorted by its category, with its color and pattern measured from the photo."
          actions={data ? <CountChip list={data} /> : null}
          className="mb-2"
        />
        <div className="grid grid-cols-1 items-start gap-8 lg:grid-cols-[minmax(0,24rem)_minmax(0,1fr)]">
          <UploadPanel list={data} openPicker={openPicker} />
          <section aria-labelledby="pieces-heading" aria-busy={list.isPending || undefined} className="flex min-w-0 flex-col gap-6">
            <div className="flex flex-wrap items-baseline justify-between gap-3">
              <h2 id="pieces-heading" ref={piecesHeading} tabIndex={-1} className="font-display text-2xl font-medium focus:outline-none">
                Your pieces
              </h2>
              {data && data.pieces.length > 0 ? (
                <p className="text-sm text-taupe">
                  {data.pieces.length} {data.pieces.length === 1 ? 'piece' : 'pieces'}
                </p>
              ) : null}
            </div>
            {list.isPending ? (
              <PiecesSkeleton />
            ) : list.isError ? (
              <Alert>
                <div className="flex flex-wrap items-center gap-3">
                  <span>Your pieces could not be loaded. Please try again.</span>
                  <Button variant="outline" size="sm" pending={list.isFetching} pendingLabel="Loading..." onClick={() => void list.refetch()}>
                    Try again
                  </Button>
                </div>
              </Alert>
            ) : list.data.pieces.length === 0 ? (
              <EmptyCloset onAdd={() => openPicker.current?.()} canAdd={list.data.count < list.data.cap} />
            ) : (
              <PieceGroups list={list.data} refocus={refocus} focusAfterRemoval={() => piecesHeading.current?.focus()} />
            )}
          </section>
        </div>
      </div>
    </>
  );
}

/** How many pieces of the tier's cap are used ('3 / 10'). */
function CountChip({ list }: { list: ClosetList }) {
  const full = list.count >= list.cap;
  return (
    <p
      className={cn(
        'inline-flex items-center rounded-full border px-4 py-1.5 text-sm font-medium',
        full ? 'border-gold/40 bg-gold-soft text-gold-ink' : 'border-linen bg-sand text-umber',
      )}
    >
      <span aria-hidden="true">
        {list.count} / {list.cap}
      </span>
      <span className="sr-only">
        {list.count} of {list.cap} pieces, your tier's limit
      </span>
    </p>
  );
}

interface PieceGroupsProps {
  list: ClosetList;
  refocus: RefObject<string | null>;
  focusAfterRemoval: () => void;
}

function PieceGroups({ list, refocus, focusAfterRemoval }: PieceGroupsProps) {
  const groups = useMemo(() => groupPieces(list.pieces), [list.pieces]);
  let index = 0;
  return (
    <div className="flex flex-col gap-8">
      {groups.map((group) => {
        const headingId = `pieces-group-${group.category}`;
        return (
          <section key={group.category} aria-labelledby={headingId} className="flex flex-col gap-4">
            <h3 id={headingId} className="flex items-baseline gap-2 border-b border-linen pb-2 font-display text-xl font-medium">
              {group.label}
              <span className="font-sans text-sm font-normal text-taupe">({group.pieces.length})</span>
            </h3>
            <ul className={GRID}>
              {group.pieces.map((piece) => (
                <li key={piece.id} className="min-w-0">
                  <PieceCard piece={piece} eager={index++ < EAGER_CARDS} refocus={refocus} focusAfterRemoval={focusAfterRemoval} />
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

function PiecesSkeleton() {
  return (
    <div role="status" aria-label="Loading your pieces" className="flex flex-col gap-4">
      <div aria-hidden="true" className="h-7 w-24 animate-pulse rounded bg-sand" />
      <div aria-hidden="true" className={GRID}>
        {Array.from({ length: SKELETON_CARDS }, (_, i) => (
          <div key={i} className="flex flex-col overflow-hidden rounded-[var(--radius-card)] border border-linen bg-paper">
            <div className="aspect-square w-full animate-pulse bg-sand" />
            <div className="flex flex-col gap-2 p-3 sm:p-4">
              <div className="h-5 w-2/3 animate-pulse rounded bg-sand" />
              <div className="h-3 w-1/2 animate-pulse rounded bg-sand" />
              <div className="mt-1 h-9 w-full animate-pulse rounded-full bg-sand" />
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}

function EmptyCloset({ onAdd, canAdd }: { onAdd: () => void; canAdd: boolean }) {
  return (
    <div className="flex flex-col items-center gap-4 rounded-[var(--radius-card)] border border-dashed border-stone bg-paper px-6 py-14 text-center">
      <span className="inline-flex h-14 w-14 items-center justify-center rounded-full bg-gold-soft text-gold-ink">
        <Tags aria-hidden="true" className="h-6 w-6" />
      </span>
      <h3 className="font-display text-2xl font-medium">Your closet starts here</h3>
      <p className="max-w-md text-taupe">
        Add a photo of a piece you own, a top, a pair of shoes, a bag, and it appears here under its category, ready to style.
      </p>
      {canAdd ? (
        <Button onClick={onAdd} className="mt-2">
          <ImagePlus aria-hidden="true" className="h-4 w-4" />
          Add your first piece
        </Button>
      ) : null}
    </div>
  );
}
