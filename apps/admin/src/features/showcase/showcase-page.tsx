import { useState } from 'react';
import { Check, ImageOff, Plus, RefreshCw, Trash2, X } from 'lucide-react';
import { appErrorCode, errorMessage } from '@drape/client';
import {
  GENDER_NAMES, GENDERS, SHOWCASE_CAP, showcaseMessages,
  type AdminLookbookImage, type AdminShowcaseItem, type Gender,
} from '@drape/contracts';
import {
  Alert, Badge, Button, Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, Spinner, toast,
} from '@drape/ui';
import { useLookbookImages, useShowcaseChanges, useShowcaseItems } from './use-showcase';
import { Panel } from '../../components/panel';

const numbers = new Intl.NumberFormat();
const dates = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });

const lookAlt = (l: { name: string; gender: Gender }) => `${l.name} look for ${l.gender === 'male' ? 'men' : 'women'}`;

/**
 * {base}/lookbook, the showcase lookbook manager (settings-and-admin §2.2): the showcase the landing
 * carousel shows first, and the LookBook's looks to add to it or to take out of the LookBook.
 */
export function ShowcasePage() {
  return (
    <section aria-labelledby="showcase-heading" className="mx-auto flex max-w-7xl flex-col gap-6">
      <header className="flex flex-col gap-1">
        <h1 id="showcase-heading" className="text-2xl font-semibold tracking-tight text-slate-900">
          Showcase LookBook
        </h1>
        <p className="text-sm text-slate-600">
          The landing carousel shows these looks first, the newest addition first ({SHOWCASE_CAP} at most); it fills the rest with LookBook looks by itself.
        </p>
      </header>
      <ShowcasePanel />
      <LookbookPanel />
    </section>
  );
}


function LoadError({ error, fallback, retry }: { error: unknown; fallback: string; retry: () => void }) {
  // A 401 has already ended the session; the login page says so.
  if (appErrorCode(error) === 'admin_unauthorized') return null;
  return (
    <div className="flex flex-col items-start gap-3">
      <Alert>{errorMessage(error, fallback)}</Alert>
      <Button variant="outline" size="sm" onClick={retry}>
        <RefreshCw aria-hidden="true" className="h-4 w-4" />
        Try again
      </Button>
    </div>
  );
}

function GridSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-6">
      {Array.from({ length: 6 }, (_, i) => (
        <div key={i} className="aspect-[3/4] animate-pulse rounded-xl bg-slate-200" />
      ))}
    </div>
  );
}

function Thumb({ src, alt }: { src: string; alt: string }) {
  const [failed, setFailed] = useState(false);
  return (
    <div className="aspect-[3/4] overflow-hidden rounded-xl bg-slate-100">
      {failed ? (
        <div className="flex h-full items-center justify-center text-slate-400">
          <ImageOff aria-hidden="true" className="h-6 w-6" />
          <span className="sr-only">{alt} (image unavailable)</span>
        </div>
      ) : (
        <img src={src} alt={alt} loading="lazy" decoding="async" width={384} height={512} onError={() => setFailed(true)} className="h-full w-full object-cover" />
      )}
    </div>
  );
}

function ShowcasePanel() {
  const items = useShowcaseItems();
  const { remove } = useShowcaseChanges();
  const first = items.data?.pages[0];
  const list = items.data?.pages.flatMap((p) => p.items) ?? [];

  const onRemove = (item: AdminShowcaseItem) =>
    remove.mutate(item.imageId, {
      onSuccess: () => toast({ title: 'Removed from the showcase', description: `${item.name} (${item.combinationCode}) is no longer on the landing carousel.`, variant: 'success' }),
      onError: (error) => toast({ title: showcaseMessages.removeFailed, description: errorMessage(error, 'Please try again.'), variant: 'destructive' }),
    });

  return (
    <Panel
      id="showcase-items-heading"
      title="Current showcase"
      aside={first && <Badge tone={first.total >= first.cap ? 'gold' : 'neutral'}>{`${numbers.format(first.total)} of ${numbers.format(first.cap)}`}</Badge>}
    >
      {items.isPending ? (
        <GridSkeleton label="Loading the showcase" />
      ) : items.isError ? (
        <LoadError error={items.error} fallback={showcaseMessages.loadShowcaseFailed} retry={() => void items.refetch()} />
      ) : list.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">{showcaseMessages.emptyShowcase}</p>
      ) : (
        <div className="flex flex-col gap-4">
          <ol aria-label="Showcase looks" className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-6">
            {list.map((item) => {
              const busy = remove.isPending && remove.variables === item.imageId;
              return (
                <li key={item.imageId} aria-label={`${item.position}. ${item.name}`} className="flex flex-col gap-2">
                  <div className="relative">
                    <Thumb src={item.imageUrl} alt={lookAlt(item)} />
                    <span className="absolute left-2 top-2 rounded-full bg-slate-900/80 px-2 py-0.5 text-xs font-semibold text-white">{item.position}</span>
                  </div>
                  <div className="min-w-0 text-xs text-slate-600">
                    <p className="truncate text-sm font-medium text-slate-900">{item.name} · {GENDER_NAMES[item.gender]}</p>
                    <p className="truncate font-mono" title={item.combinationCode}>{item.combinationCode}</p>
                    <p>Added <time dateTime={item.addedAt}>{dates.format(new Date(item.addedAt))}</time></p>
                  </div>
                  <Button variant="outline" size="sm" pending={busy} pendingLabel="Removing…" disabled={remove.isPending} onClick={() => onRemove(item)}>
                    <X aria-hidden="true" className="h-4 w-4" />
                    Remove
                  </Button>
                </li>
              );
            })}
          </ol>
          {items.hasNextPage && (
            <Button variant="outline" className="self-center" pending={items.isFetchingNextPage} pendingLabel="Loading…" onClick={() => void items.fetchNextPage()}>
              Load More
            </Button>
          )}
        </div>
      )}
    </Panel>
  );
}

function LookbookPanel() {
  const [gender, setGender] = useState<Gender | undefined>(undefined);
  const looks = useLookbookImages(gender);
  const showcase = useShowcaseItems();
  const { add, removeFromLookbook } = useShowcaseChanges();
  const [confirming, setConfirming] = useState<AdminLookbookImage | null>(null);
  const list = looks.data?.pages.flatMap((p) => p.images) ?? [];
  const first = showcase.data?.pages[0];
  const full = first ? first.total >= first.cap : false;

  const onAdd = (look: AdminLookbookImage) =>
    add.mutate({ imageId: look.id, combinationCode: look.combinationCode }, {
      onSuccess: (result) =>
        toast({
          title: result.added ? 'Added to the showcase' : 'Already in the showcase',
          description: result.added ? `${look.name} now leads the landing carousel.` : undefined,
          variant: 'success',
        }),
      onError: (error) => toast({ title: showcaseMessages.addFailed, description: errorMessage(error, 'Please try again.'), variant: 'destructive' }),
    });

  const onRemoveFromLookbook = (look: AdminLookbookImage) =>
    removeFromLookbook.mutate(look.id, {
      onSuccess: (result) => {
        setConfirming(null);
        toast({
          title: 'Removed from the LookBook',
          description: result.leftShowcase ? 'It left the showcase too, and auto-curation will not bring it back.' : 'Auto-curation will not bring it back.',
          variant: 'success',
        });
      },
      onError: (error) => {
        setConfirming(null);
        toast({ title: showcaseMessages.removeFromLookbookFailed, description: errorMessage(error, 'Please try again.'), variant: 'destructive' });
      },
    });

  return (
    <Panel
      id="lookbook-images-heading"
      title="LookBook looks"
      aside={
        <label className="flex items-center gap-2 text-sm text-slate-700">
          Gender
          <select
            value={gender ?? 'all'}
            onChange={(e) => setGender(e.target.value === 'all' ? undefined : (e.target.value as Gender))}
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
      }
    >
      {full && (
        <p className="mb-3 text-sm text-slate-600" role="note">
          {showcaseMessages.full}
        </p>
      )}
      {looks.isPending ? (
        <GridSkeleton label="Loading LookBook looks" />
      ) : looks.isError ? (
        <LoadError error={looks.error} fallback={showcaseMessages.loadLookbookFailed} retry={() => void looks.refetch()} />
      ) : list.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">
          {gender ? showcaseMessages.emptyLookbookFiltered : showcaseMessages.emptyLookbook}
        </p>
      ) : (
        <div className="flex flex-col gap-4">
          <ul aria-label="LookBook looks" className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-6">
            {list.map((look) => {
              const adding = add.isPending && add.variables?.imageId === look.id;
              return (
                <li key={look.id} aria-label={`${look.name}, ${look.combinationCode}`} className="flex flex-col gap-2">
                  <Thumb src={look.imageUrl} alt={lookAlt(look)} />
                  <div className="min-w-0 text-xs text-slate-600">
                    <p className="truncate text-sm font-medium text-slate-900">{look.name} · {GENDER_NAMES[look.gender]}</p>
                    <p className="truncate font-mono" title={look.combinationCode}>{look.combinationCode}</p>
                    <p>Quality {numbers.format(look.qualityScore)}</p>
                  </div>
                  {look.inShowcase ? (
                    <Button variant="secondary" size="sm" disabled>
                      <Check aria-hidden="true" className="h-4 w-4" />
                      In showcase
                    </Button>
                  ) : (
                    <Button size="sm" pending={adding} pendingLabel="Adding…" disabled={add.isPending || full} onClick={() => onAdd(look)}>
                      <Plus aria-hidden="true" className="h-4 w-4" />
                      Add to showcase
                    </Button>
                  )}
                  <Button variant="ghost" size="sm" className="px-2 text-danger" onClick={() => setConfirming(look)}>
                    <Trash2 aria-hidden="true" className="h-4 w-4 shrink-0" />
                    {/* Two short lines on a narrow card rather than text past its edge. */}
                    <span className="whitespace-normal text-center text-xs leading-tight">Remove from LookBook</span>
                  </Button>
                </li>
              );
            })}
          </ul>
          {looks.hasNextPage && (
            <Button variant="outline" className="self-center" pending={looks.isFetchingNextPage} pendingLabel="Loading…" onClick={() => void looks.fetchNextPage()}>
              Load More
            </Button>
          )}
          {looks.isFetching && !looks.isFetchingNextPage && (
            <p role="status" className="flex items-center gap-2 self-center text-xs text-slate-500">
              <Spinner className="h-3 w-3" /> Refreshing…
            </p>
          )}
        </div>
      )}

      <Dialog open={confirming !== null} onOpenChange={(open) => !open && !removeFromLookbook.isPending && setConfirming(null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Remove from the LookBook?</DialogTitle>
            <DialogDescription>
              {confirming && `${confirming.name} (${confirming.combinationCode}) goes back to the inventory and leaves the showcase. Auto-curation will not put it back in the LookBook.`}
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" disabled={removeFromLookbook.isPending} onClick={() => setConfirming(null)}>
              Cancel
            </Button>
            <Button
              variant="destructive"
              pending={removeFromLookbook.isPending}
              pendingLabel="Removing…"
              onClick={() => confirming && onRemoveFromLookbook(confirming)}
            >
              Remove from LookBook
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </Panel>
  );
}
