import { useMutation, useQuery } from '@tanstack/react-query';
import { Eraser, ImageOff, RefreshCw, Search } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { appErrorCode, errorMessage } from '@drape/client';
import { GALLERY_SCROLL_THRESHOLD_PX, QUALITY_KEEP, QUALITY_KEEP_FEMALE_FAIR, galleryMessages, type GallerySort } from '@drape/contracts';
import {
  Alert, Button, Dialog, DialogBody, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, Input, Spinner, toast,
} from '@drape/ui';
import { useTRPC } from '../../lib/trpc';
import { GalleryCard } from './gallery-card';
import { NO_CONTROLS, useGalleryCache, useGalleryPages, type GalleryControls } from './use-gallery';

const count = new Intl.NumberFormat();
const selectClass =
  'h-10 w-full rounded-lg border border-slate-300 bg-white px-2.5 text-sm text-slate-900 focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/20 focus:outline-none';

function FilterSelect({ label, value, onChange, options, disabled }: {
  label: string; value: string; onChange: (v: string) => void; options: { id: string; name: string }[]; disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-slate-600">
        {label}
      </label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} className={selectClass} disabled={disabled}>
        <option value="">All</option>
        {options.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The spec's cleanup failure toasts (§8): busy, the server's message, or the default. */
function cleanupFailure(error: unknown) {
  if (appErrorCode(error) === 'admin_unauthorized') return; // the session ends and the login says why
  const description = appErrorCode(error) === 'system_busy' ? galleryMessages.cleanupBusy : errorMessage(error, galleryMessages.cleanupFailed);
  toast({ title: galleryMessages.cleanupTitle, description, variant: 'destructive' });
}

/**
 * {base}/image-gallery and {base}/images (settings-and-admin §2.2 Image gallery): search, sort and
 * filters (any change starts again at page 1), infinite scroll with a Load More button, the cards'
 * actions, and the low-quality cleanup.
 */
export function GalleryPage() {
  const trpc = useTRPC();
  const cache = useGalleryCache();
  const [controls, setControls] = useState<GalleryControls>(NO_CONTROLS);
  const [searchText, setSearchText] = useState('');
  const [confirmCleanup, setConfirmCleanup] = useState(false);
  const options = useQuery({ ...trpc.admin.gallery.filterOptions.queryOptions(), staleTime: 10 * 60_000 });
  const pages = useGalleryPages(controls);
  const images = pages.data?.pages.flatMap((p) => p.images) ?? [];
  const { hasNextPage, isFetchingNextPage, fetchNextPage, isError } = pages;

  const set = (key: keyof GalleryControls) => (value: string) => setControls((c) => ({ ...c, [key]: value }));

  // The search applies 300 ms after the last keystroke (or at once on Enter).
  useEffect(() => {
    const timer = window.setTimeout(() => setControls((c) => (c.search === searchText.trim() ? c : { ...c, search: searchText.trim() })), 300);
    return () => window.clearTimeout(timer);
  }, [searchText]);

  // §4, §9: within about 1000 px of the bottom, the next page loads while there is more.
  useEffect(() => {
    const check = () => {
      if (!hasNextPage || isFetchingNextPage || isError) return;
      const left = document.documentElement.scrollHeight - (window.scrollY + window.innerHeight);
      if (left < GALLERY_SCROLL_THRESHOLD_PX) void fetchNextPage();
    };
    check();
    window.addEventListener('scroll', check, { passive: true });
    window.addEventListener('resize', check);
    return () => {
      window.removeEventListener('scroll', check);
      window.removeEventListener('resize', check);
    };
  }, [hasNextPage, isFetchingNextPage, isError, fetchNextPage, images.length]);

  const cleanup = useMutation(
    trpc.admin.gallery.cleanupLowQuality.mutationOptions({
      onSuccess: (r) => {
        setConfirmCleanup(false);
        toast({
          title: 'Cleanup complete',
          description: `${count.format(r.totalDeleted)} images deleted (${count.format(r.femaleFairDeleted)} female fair skin, ${count.format(r.othersDeleted)} others).`,
          variant: 'success',
        });
        void cache.refresh();
      },
      onError: (error) => {
        setConfirmCleanup(false);
        cleanupFailure(error);
      },
    }),
  );

  const o = options.data;
  const filtered = Object.entries(controls).some(([key, value]) => key !== 'sort' && value !== '');

  return (
    <section aria-labelledby="gallery-heading" className="mx-auto flex max-w-7xl flex-col gap-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 id="gallery-heading" className="text-xl font-semibold tracking-tight text-slate-900">
            Image Gallery
          </h1>
          <p className="text-sm text-slate-600">Every generated look: review, make public, delete.</p>
        </div>
        <Button variant="outline" onClick={() => setConfirmCleanup(true)} disabled={cleanup.isPending}>
          <Eraser aria-hidden="true" className="size-4" />
          Cleanup low quality
        </Button>
      </div>

      <div className="rounded-xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4">
        <form
          role="search"
          className="flex flex-col gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            setControls((c) => ({ ...c, search: searchText.trim() }));
          }}
        >
          <div className="grid gap-3 sm:grid-cols-[1fr_auto]">
            <div className="flex flex-col gap-1">
              <label htmlFor="gallery-search" className="text-xs font-medium text-slate-600">
                Search
              </label>
              <div className="relative">
                <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" />
                <Input
                  id="gallery-search"
                  type="search"
                  value={searchText}
                  onChange={(e) => setSearchText(e.target.value)}
                  placeholder="Combination code, trend, occasion, vibe… or an image id"
                  maxLength={100}
                  className="h-10 rounded-lg pl-9 text-sm"
                />
              </div>
            </div>
            <div className="flex flex-col gap-1">
              <label htmlFor="gallery-sort" className="text-xs font-medium text-slate-600">
                Sort
              </label>
              <select id="gallery-sort" value={controls.sort} onChange={(e) => set('sort')(e.target.value as GallerySort)} className={selectClass}>
                <option value="newest">Newest first</option>
                <option value="oldest">Oldest first</option>
              </select>
            </div>
          </div>
          {options.isError ? (
            <Alert tone="error">
              <span className="flex flex-wrap items-center gap-2">
                {galleryMessages.filterOptionsFailed}
                <Button size="sm" variant="outline" onClick={() => void options.refetch()}>
                  Retry
                </Button>
              </span>
            </Alert>
          ) : (
            <div className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-7">
              <FilterSelect label="Status" value={controls.status} onChange={set('status')} options={o?.statuses ?? []} disabled={!o} />
              <FilterSelect label="Gender" value={controls.gender} onChange={set('gender')} options={o?.genders ?? []} disabled={!o} />
              <FilterSelect
                label="Skin tone"
                value={controls.skinTone}
                onChange={set('skinTone')}
                options={(o?.skinTones ?? []).map((t) => ({ id: t.id, name: `${t.emoji} ${t.name}` }))}
                disabled={!o}
              />
              <FilterSelect label="Body shape" value={controls.bodyShape} onChange={set('bodyShape')} options={o?.bodyShapes ?? []} disabled={!o} />
              <FilterSelect label="Occasion" value={controls.occasion} onChange={set('occasion')} options={o?.occasions ?? []} disabled={!o} />
              <FilterSelect label="Style vibe" value={controls.styleVibe} onChange={set('styleVibe')} options={o?.styleVibes ?? []} disabled={!o} />
              <FilterSelect label="Season" value={controls.season} onChange={set('season')} options={o?.seasons ?? []} disabled={!o} />
            </div>
          )}
          {filtered && (
            <div>
              <Button
                size="sm"
                variant="ghost"
                onClick={() => {
                  setSearchText('');
                  setControls({ ...NO_CONTROLS, sort: controls.sort });
                }}
              >
                Clear filters
              </Button>
            </div>
          )}
        </form>
      </div>

      {pages.isPending ? (
        <div role="status" aria-label="Loading images" className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
          {Array.from({ length: 8 }, (_, i) => (
            <div key={i} className="h-96 animate-pulse rounded-xl bg-slate-200" />
          ))}
        </div>
      ) : pages.isError && images.length === 0 ? (
        <Alert tone="error">
          <span className="flex flex-wrap items-center gap-2">
            {galleryMessages.imagesFailed}: {errorMessage(pages.error, 'please try again.')}
            <Button size="sm" variant="outline" onClick={() => void pages.refetch()}>
              <RefreshCw aria-hidden="true" className="size-4" /> Retry
            </Button>
          </span>
        </Alert>
      ) : images.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-slate-300 bg-white px-4 py-12 text-center">
          <ImageOff aria-hidden="true" className="size-8 text-slate-400" />
          <p className="text-sm text-slate-700">{galleryMessages.empty}</p>
        </div>
      ) : (
        <>
          <ul aria-label="Images" className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
            {images.map((image) => (
              <li key={image.id} className="flex">
                <GalleryCard image={image} />
              </li>
            ))}
          </ul>
          <div className="flex flex-col items-center gap-2 py-2">
            {pages.isFetchNextPageError && <p role="alert" className="text-sm text-red-700">{galleryMessages.imagesFailed}</p>}
            {hasNextPage ? (
              <Button variant="outline" onClick={() => void fetchNextPage()} pending={isFetchingNextPage} pendingLabel="Loading…">
                Load More
              </Button>
            ) : (
              <p className="text-sm text-slate-500">{count.format(images.length)} images: the end of the list.</p>
            )}
          </div>
        </>
      )}
      {pages.isFetching && !pages.isPending && !isFetchingNextPage && (
        <p role="status" className="flex items-center gap-2 text-xs text-slate-500">
          <Spinner className="size-3.5" /> Updating…
        </p>
      )}

      <Dialog open={confirmCleanup} onOpenChange={(open) => !cleanup.isPending && setConfirmCleanup(open)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Clean up low-quality images?</DialogTitle>
            <DialogDescription>
              Deletes for good every image scoring under {QUALITY_KEEP_FEMALE_FAIR} (female, fair skin) or under {QUALITY_KEEP} (all others), rows and files.
              Looks in a wardrobe, the LookBook or the showcase are kept.
            </DialogDescription>
          </DialogHeader>
          <DialogBody>
            <p className="text-sm text-slate-600">The operator CLI&apos;s <code>cleanup</code> does the same; one cleanup runs at a time.</p>
          </DialogBody>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline" disabled={cleanup.isPending}>
                Cancel
              </Button>
            </DialogClose>
            <Button variant="destructive" onClick={() => cleanup.mutate()} pending={cleanup.isPending} pendingLabel="Cleaning up…">
              Run cleanup
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </section>
  );
}
