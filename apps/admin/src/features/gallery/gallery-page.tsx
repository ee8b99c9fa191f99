import { Eraser, ImageOff, RefreshCw } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { errorMessage } from '@drape/client';
import { GALLERY_SCROLL_THRESHOLD_PX, galleryMessages } from '@drape/contracts/admin';
import { Alert, Button, Spinner } from '@drape/ui';
import { PageHeader } from '../../lib/page-header';
import { CleanupDialog, useGalleryCleanup } from './cleanup-dialog';
import { GalleryCard } from './gallery-card';
import { GalleryFilters } from './gallery-filters';
import { NO_CONTROLS, useGalleryPages, type GalleryControls } from './use-gallery';

const count = new Intl.NumberFormat();

/** §4, §9: within about 1000 px of the bottom, the next page loads while there is more. */
function useLoadNearBottom(pages: ReturnType<typeof useGalleryPages>) {
  const { hasNextPage, isFetchingNextPage, fetchNextPage, isError, items } = pages;
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
  }, [hasNextPage, isFetchingNextPage, isError, fetchNextPage, items.length]);
}

/**
 * {base}/image-gallery and {base}/images (settings-and-admin §2.2 Image gallery): search, sort and
 * filters (any change starts again at page 1), infinite scroll with a Load More button, the cards'
 * actions, and the low-quality cleanup.
 */
export function GalleryPage() {
  const [controls, setControls] = useState<GalleryControls>(NO_CONTROLS);
  const [confirmCleanup, setConfirmCleanup] = useState(false);
  const cleanup = useGalleryCleanup(() => setConfirmCleanup(false));
  const pages = useGalleryPages(controls);
  useLoadNearBottom(pages);
  const change = useCallback((next: (c: GalleryControls) => GalleryControls) => setControls(next), []);

  return (
    <section aria-labelledby="gallery-heading" className="mx-auto flex max-w-7xl flex-col gap-5">
      <PageHeader
        id="gallery-heading"
        title="Image Gallery"
        description="Every generated look: review, make public, delete."
        actions={
          <Button variant="outline" onClick={() => setConfirmCleanup(true)} disabled={cleanup.isPending}>
            <Eraser aria-hidden="true" className="size-4" />
            Cleanup low quality
          </Button>
        }
      />
      <GalleryFilters controls={controls} onChange={change} />
      <GalleryResults pages={pages} />
      {pages.isFetching && !pages.isPending && !pages.isFetchingNextPage && (
        <p role="status" className="flex items-center gap-2 text-xs text-slate-500">
          <Spinner className="size-3.5" /> Updating…
        </p>
      )}
      <CleanupDialog open={confirmCleanup} onOpenChange={setConfirmCleanup} cleanup={cleanup} />
    </section>
  );
}

function GalleryResults({ pages }: { pages: ReturnType<typeof useGalleryPages> }) {
  const images = pages.items;
  if (pages.isPending) {
    return (
      <div role="status" aria-label="Loading images" className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
        {Array.from({ length: 8 }, (_, i) => (
          <div key={i} className="h-96 animate-pulse rounded-xl bg-slate-200" />
        ))}
      </div>
    );
  }
  if (pages.isError && images.length === 0) {
    return (
      <Alert tone="error">
        <span className="flex flex-wrap items-center gap-2">
          {galleryMessages.imagesFailed}: {errorMessage(pages.error, 'please try again.')}
          <Button size="sm" variant="outline" onClick={() => void pages.refetch()}>
            <RefreshCw aria-hidden="true" className="size-4" /> Retry
          </Button>
        </span>
      </Alert>
    );
  }
  if (images.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-slate-300 bg-white px-4 py-12 text-center">
        <ImageOff aria-hidden="true" className="size-8 text-slate-400" />
        <p className="text-sm text-slate-700">{galleryMessages.empty}</p>
      </div>
    );
  }
  return (
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
        {pages.hasNextPage ? (
          <Button variant="outline" onClick={() => void pages.fetchNextPage()} pending={pages.isFetchingNextPage} pendingLabel="Loading…">
            Load More
          </Button>
        ) : (
          <p className="text-sm text-slate-500">{count.format(images.length)} images: the end of the list.</p>
        )}
      </div>
    </>
  );
}
