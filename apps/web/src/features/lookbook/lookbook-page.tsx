import { inviteMessages, tierPolicy, type ColorFamily } from '@drape/contracts';
import type { PublicUser } from '@drape/contracts/auth';
import { lookbookMessages } from '@drape/contracts/lookbook';
import { LOOKS_SKELETONS, type LookView } from '@drape/contracts/looks';
import { errorMessage } from '@drape/client';
import { Alert, Button } from '@drape/ui';
import { BookOpen, CalendarRange, Layers, RotateCw, TrendingUp } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { NewTabHint } from '../../components/fashion-item-row';
import { PageHeader } from '../../components/page-header';
import { WardrobeFullBanner } from '../../components/save-look-button';
import { TierGate } from '../../components/tier-gate';
import { PageMeta } from '../../lib/page-meta';
import { LOOK_GRID_CLASSES } from '../../lib/look-grid';
import { LookbookCard, LookbookCardSkeleton } from './lookbook-card';
import { activeFilterCount, readFilters, writeFilters, type LookbookFilters } from './lookbook-filters';
import { LookbookFiltersPanel } from './lookbook-filters-panel';
import { useInfiniteScroll, useLookbookFeed, useMarkSavedInFeed } from './use-lookbook-feed';

const TEASERS = [
  { title: 'Style Collections', text: 'Curated looks grouped by vibe and occasion.', Icon: Layers },
  { title: 'Trend Tracking', text: "Follow this season's trends as they arrive.", Icon: TrendingUp },
  { title: 'Seasonal Planning', text: 'Plan outfits around the palettes of the season.', Icon: CalendarRange },
] as const;

/** The widest grid has 4 columns: the first row's pictures load at once, the rest lazily. */
const FIRST_ROW = 4;
const NO_FILTERS: LookbookFilters = {};
const LOAD_FAILED = "We couldn't load the LookBook right now.";

export default function LookbookPage() {
  return (
    <>
      <PageMeta title="LookBook" description="Browse curated Drape looks." noindex path="/lookbook" />
      <TierGate
        feature="lookbook"
        lock={{
          heading: 'LookBook',
          title: 'Unlock Your LookBook',
          description: 'Browse curated looks from across Drape; Fashion Icons also filter by gender, vibe, occasion, trend and color.',
          perk: inviteMessages.lookbookPerk,
          teaser: (
            <ul className="grid gap-4 sm:grid-cols-3">
              {TEASERS.map(({ title, text, Icon }) => (
                <li key={title} className="flex flex-col gap-3 rounded-[var(--radius-card)] border border-linen bg-paper p-6">
                  <Icon aria-hidden="true" className="h-5 w-5 text-gold-ink" />
                  <h3 className="font-display text-lg">{title}</h3>
                  <p className="text-sm leading-relaxed text-taupe">{text}</p>
                </li>
              ))}
            </ul>
          ),
        }}
      >
        {(user) => <LookbookBrowser user={user} />}
      </TierGate>
    </>
  );
}

/** user-area §2 LookBook and §4 Infinite scroll, for a Stylist (50 looks a session) or a Fashion Icon (all, with filters). */
function LookbookBrowser({ user }: { user: PublicUser }) {
  const canFilter = tierPolicy(user.tier).lookbookFilters;
  const [params, setParams] = useSearchParams();
  const urlFilters = useMemo(() => readFilters(params), [params]);
  // A Stylist never sends filters (the server would refuse them): a filtered link shows all looks.
  const filters = canFilter ? urlFilters : NO_FILTERS;
  const filtersRefused = !canFilter && activeFilterCount(urlFilters) > 0;
  const feed = useLookbookFeed(filters);
  const markSaved = useMarkSavedInFeed();
  const [openItems, setOpenItems] = useState<string | null>(null);

  const viewLimitReached = feed.last?.viewLimitReached ?? false;
  const viewLimit = feed.last?.viewLimit ?? null;
  // A page that failed is not retried by scrolling on its own: 'Load More Looks' asks again.
  const paused = feed.pausedForLoadMore || feed.isFetchNextPageError;
  const autoLoad = Boolean(feed.hasNextPage) && !feed.isFetching && !paused && !viewLimitReached;
  useInfiniteScroll(autoLoad, () => void feed.fetchNextPage());

  function setFilters(next: LookbookFilters, from: 'panel' | 'card' = 'panel') {
    setOpenItems(null);
    // A badge or a dot opens a new view (Back returns to the last one); the panel edits the current one.
    setParams(writeFilters(params, next), { replace: from === 'panel' });
    if (from === 'card') window.scrollTo({ top: 0 });
  }
  const filterBySelection = (look: LookView) => setFilters({ gender: look.gender, trend: look.selection.id }, 'card');
  const filterByColor = (look: LookView, color: ColorFamily) => setFilters({ gender: look.gender, color }, 'card');

  const looks = feed.looks;
  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-6 px-4 py-10 sm:px-6 md:py-14">
      <PageHeader
        eyebrow="Curated looks"
        title="LookBook"
        description={canFilter ? 'Looks from across Drape, newest first. Filter by gender, vibe, occasion, trend or color.' : 'Looks from across Drape, newest first.'}
      />
      <WardrobeFullBanner />
      {canFilter ? <LookbookFiltersPanel filters={filters} onChange={(next) => setFilters(next)} /> : null}
      {filtersRefused ? (
        <Alert tone="info" role="status">
          {lookbookMessages.filtersTier}
        </Alert>
      ) : null}

      {feed.isPending ? (
        <>
          <p role="status" className="sr-only">
            Loading looks
          </p>
          <ul aria-hidden="true" className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
            {Array.from({ length: LOOKS_SKELETONS }, (_, i) => (
              <LookbookCardSkeleton key={i} />
            ))}
          </ul>
        </>
      ) : feed.isError && looks.length === 0 ? (
        // user-area §8 keeps feed errors quiet; a first page that never came is said, with a retry.
        <Alert tone="error">
          <div className="flex flex-col items-start gap-3">
            <p>{errorMessage(feed.error, LOAD_FAILED)}</p>
            <Button variant="outline" size="sm" onClick={() => void feed.refetch()}>
              <RotateCw aria-hidden="true" className="h-4 w-4" />
              Try again
            </Button>
          </div>
        </Alert>
      ) : looks.length === 0 ? (
        <section className="flex flex-col items-center gap-4 rounded-[var(--radius-card)] border border-dashed border-stone bg-paper px-6 py-16 text-center">
          <span className="inline-flex h-14 w-14 items-center justify-center rounded-full bg-gold-soft text-gold-ink">
            <BookOpen aria-hidden="true" className="h-6 w-6" />
          </span>
          <h2 className="font-display text-2xl font-medium">{lookbookMessages.emptyTitle}</h2>
          <p className="max-w-md text-taupe">{lookbookMessages.emptyText}</p>
          {activeFilterCount(filters) > 0 ? (
            <Button variant="outline" onClick={() => setFilters({})}>
              Clear filters
            </Button>
          ) : null}
        </section>
      ) : (
        <>
          {/* items-start: a card opening its pieces does not stretch the others in its row. */}
          <ul aria-label="LookBook looks" className={LOOK_GRID_CLASSES}>
            {looks.map(({ look, indexInPage }, index) => (
              <LookbookCard
                key={look.id}
                look={look}
                indexInPage={indexInPage}
                eager={index < FIRST_ROW}
                canFilter={canFilter}
                activeColor={filters.color}
                itemsOpen={openItems === look.id}
                onToggleItems={() => setOpenItems((open) => (open === look.id ? null : look.id))}
                onFilterSelection={filterBySelection}
                onFilterColor={filterByColor}
                onSaved={markSaved}
              />
            ))}
          </ul>
          <NewTabHint />
          <div className="flex min-h-16 flex-col items-center justify-center gap-3 text-center">
            {feed.isFetchingNextPage ? (
              <p role="status" className="text-sm text-taupe">
                {lookbookMessages.loadingMore}
              </p>
            ) : viewLimitReached ? (
              <p role="status" className="font-display text-lg text-ink">
                {lookbookMessages.viewLimit(viewLimit ?? looks.length)}
              </p>
            ) : paused && feed.hasNextPage ? (
              <Button variant="outline" onClick={() => void feed.fetchNextPage()}>
                {lookbookMessages.loadMore}
              </Button>
            ) : !feed.hasNextPage ? (
              <p role="status" className="text-sm text-taupe">
                {lookbookMessages.end}
              </p>
            ) : null}
          </div>
        </>
      )}
    </div>
  );
}
