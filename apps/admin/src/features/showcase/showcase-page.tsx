import { useState, type ReactNode } from 'react';
import { Check, Plus, Trash2, X } from 'lucide-react';
import { GENDER_NAMES, GENDERS, lookAltText, type Gender } from '@drape/contracts';
import { SHOWCASE_CAP, showcaseMessages, type AdminLookbookImage, type AdminShowcaseItem } from '@drape/contracts/admin';
import {
  Badge, Button, Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, Spinner,
} from '@drape/ui';
import { useLookbookImages, useShowcaseChanges, useShowcaseItems } from './use-showcase';
import { Panel } from '../../components/panel';
import { LoadMore } from '../../lib/load-more';
import { SHOWCASE_SIZES } from '../../lib/look-grid-sizes';
import { LookThumbnail } from '../../lib/look-thumbnail';
import { PageHeader } from '../../lib/page-header';
import { QueryError } from '../../lib/query-error';

const numbers = new Intl.NumberFormat();
const dates = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });

/** A look's picture in either grid: thumbnail and full picture through srcset, alt text naming its pieces. */
function ShowcaseThumbnail({ look, children }: { look: AdminShowcaseItem | AdminLookbookImage; children?: ReactNode }) {
  return (
    <LookThumbnail src={look.imageUrl} fullSrc={look.fullImageUrl} width={look.width} height={look.height} sizes={SHOWCASE_SIZES} alt={lookAltText({ name: look.name, gender: look.gender, pieces: look.pieces })}>
      {children}
    </LookThumbnail>
  );
}
const gridClass = 'grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-6';

/**
 * {base}/lookbook, the showcase lookbook manager (settings-and-admin §2.2): the showcase the landing
 * carousel shows first, and the LookBook's looks to add to it or to take out of the LookBook.
 */
export function ShowcasePage() {
  return (
    <section aria-labelledby="showcase-heading" className="mx-auto flex max-w-7xl flex-col gap-6">
      <PageHeader
        id="showcase-heading"
        title="Showcase LookBook"
        description={`The landing carousel shows these looks first, the newest addition first (${SHOWCASE_CAP} at most); it fills the rest with LookBook looks by itself.`}
      />
      <ShowcasePanel />
      <LookbookPanel />
    </section>
  );
}

function GridSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className={gridClass}>
      {Array.from({ length: 6 }, (_, i) => (
        <div key={i} className="aspect-[3/4] animate-pulse rounded-xl bg-slate-200" />
      ))}
    </div>
  );
}

function EmptyNote({ children }: { children: string }) {
  return <p className="rounded-xl border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">{children}</p>;
}

/** A look's name, gender and combination under its picture, then one line of its own. */
function LookCaption({ look, extra }: { look: { name: string; gender: Gender; combinationCode: string }; extra: ReactNode }) {
  return (
    <div className="min-w-0 text-xs text-slate-600">
      <p className="truncate text-sm font-medium text-slate-900">{look.name} · {GENDER_NAMES[look.gender]}</p>
      <p className="truncate font-mono" title={look.combinationCode}>{look.combinationCode}</p>
      <p>{extra}</p>
    </div>
  );
}

function ShowcasePanel() {
  const items = useShowcaseItems();
  const { remove } = useShowcaseChanges();
  const first = items.data?.pages[0];

  return (
    <Panel
      id="showcase-items-heading"
      title="Current showcase"
      aside={first && <Badge tone={first.total >= first.cap ? 'gold' : 'neutral'}>{`${numbers.format(first.total)} of ${numbers.format(first.cap)}`}</Badge>}
    >
      {items.isPending ? (
        <GridSkeleton label="Loading the showcase" />
      ) : items.isError ? (
        <QueryError error={items.error} fallback={showcaseMessages.loadShowcaseFailed} onRetry={() => void items.refetch()} />
      ) : items.items.length === 0 ? (
        <EmptyNote>{showcaseMessages.emptyShowcase}</EmptyNote>
      ) : (
        <div className="flex flex-col gap-4">
          <ol aria-label="Showcase looks" className={gridClass}>
            {items.items.map((item) => (
              <li key={item.imageId} aria-label={`${item.position}. ${item.name}`} className="flex flex-col gap-2">
                <ShowcaseThumbnail look={item}>
                  <span className="absolute left-2 top-2 rounded-full bg-slate-900/80 px-2 py-0.5 text-xs font-semibold text-white">{item.position}</span>
                </ShowcaseThumbnail>
                <LookCaption look={item} extra={<>Added <time dateTime={item.addedAt}>{dates.format(new Date(item.addedAt))}</time></>} />
                <Button
                  variant="outline" size="sm" pending={remove.isPending && remove.variables?.imageId === item.imageId} pendingLabel="Removing…"
                  disabled={remove.isPending} onClick={() => remove.mutate(item)}
                >
                  <X aria-hidden="true" className="h-4 w-4" />
                  Remove
                </Button>
              </li>
            ))}
          </ol>
          <LoadMore list={items} />
        </div>
      )}
    </Panel>
  );
}

function GenderFilter({ value, onChange }: { value: Gender | undefined; onChange: (gender: Gender | undefined) => void }) {
  return (
    <label className="flex items-center gap-2 text-sm text-slate-700">
      Gender
      <select
        value={value ?? 'all'}
        onChange={(e) => onChange(e.target.value === 'all' ? undefined : (e.target.value as Gender))}
        className="h-9 rounded-lg border border-slate-300 bg-white px-2 text-sm text-slate-900"
      >
        <option value="all">All</option>
        {GENDERS.map((g) => (
          <option key={g} value={g}>
            {GENDER_NAMES[g]}
          </option>
        ))}
      </select>
    </label>
  );
}

type Changes = ReturnType<typeof useShowcaseChanges>;

function LookbookLook({ look, full, add, onRemove }: { look: AdminLookbookImage; full: boolean; add: Changes['add']; onRemove: () => void }) {
  return (
    <li aria-label={`${look.name}, ${look.combinationCode}`} className="flex flex-col gap-2">
      <ShowcaseThumbnail look={look} />
      <LookCaption look={look} extra={`Quality ${numbers.format(look.qualityScore)}`} />
      {look.inShowcase ? (
        <Button variant="secondary" size="sm" disabled>
          <Check aria-hidden="true" className="h-4 w-4" />
          In showcase
        </Button>
      ) : (
        <Button size="sm" pending={add.isPending && add.variables?.id === look.id} pendingLabel="Adding…" disabled={add.isPending || full} onClick={() => add.mutate(look)}>
          <Plus aria-hidden="true" className="h-4 w-4" />
          Add to showcase
        </Button>
      )}
      <Button variant="ghost" size="sm" className="px-2 text-danger" onClick={onRemove}>
        <Trash2 aria-hidden="true" className="h-4 w-4 shrink-0" />
        {/* Two short lines on a narrow card rather than text past its edge. */}
        <span className="whitespace-normal text-center text-xs leading-tight">Remove from LookBook</span>
      </Button>
    </li>
  );
}

function LookbookPanel() {
  const [gender, setGender] = useState<Gender | undefined>(undefined);
  const looks = useLookbookImages(gender);
  const showcase = useShowcaseItems();
  const { add, removeFromLookbook } = useShowcaseChanges();
  const [confirming, setConfirming] = useState<AdminLookbookImage | null>(null);
  const first = showcase.data?.pages[0];
  const full = first ? first.total >= first.cap : false;

  return (
    <Panel id="lookbook-images-heading" title="LookBook looks" aside={<GenderFilter value={gender} onChange={setGender} />}>
      {full && (
        <p className="mb-3 text-sm text-slate-600" role="note">
          {showcaseMessages.full}
        </p>
      )}
      {looks.isPending ? (
        <GridSkeleton label="Loading LookBook looks" />
      ) : looks.isError ? (
        <QueryError error={looks.error} fallback={showcaseMessages.loadLookbookFailed} onRetry={() => void looks.refetch()} />
      ) : looks.items.length === 0 ? (
        <EmptyNote>{gender ? showcaseMessages.emptyLookbookFiltered : showcaseMessages.emptyLookbook}</EmptyNote>
      ) : (
        <div className="flex flex-col gap-4">
          <ul aria-label="LookBook looks" className={gridClass}>
            {looks.items.map((look) => (
              <LookbookLook key={look.id} look={look} full={full} add={add} onRemove={() => setConfirming(look)} />
            ))}
          </ul>
          <LoadMore list={looks} />
          {looks.isFetching && !looks.isFetchingNextPage && (
            <p role="status" className="flex items-center gap-2 self-center text-xs text-slate-500">
              <Spinner className="h-3 w-3" /> Refreshing…
            </p>
          )}
        </div>
      )}
      <RemoveFromLookbookDialog look={confirming} removeFromLookbook={removeFromLookbook} onClose={() => setConfirming(null)} />
    </Panel>
  );
}

function RemoveFromLookbookDialog({ look, removeFromLookbook, onClose }: { look: AdminLookbookImage | null; removeFromLookbook: Changes['removeFromLookbook']; onClose: () => void }) {
  return (
    <Dialog open={look !== null} onOpenChange={(open) => !open && !removeFromLookbook.isPending && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Remove from the LookBook?</DialogTitle>
          <DialogDescription>
            {look && `${look.name} (${look.combinationCode}) goes back to the inventory and leaves the showcase. Auto-curation will not put it back in the LookBook.`}
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" disabled={removeFromLookbook.isPending} onClick={onClose}>
            Cancel
          </Button>
          <Button
            variant="destructive"
            pending={removeFromLookbook.isPending}
            pendingLabel="Removing…"
            onClick={() => look && removeFromLookbook.mutate(look, { onSettled: onClose })}
          >
            Remove from LookBook
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
