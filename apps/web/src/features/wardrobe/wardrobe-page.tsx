import type { PublicUser } from '@drape/contracts/auth';
import { wardrobeMessages, type WardrobeEntry } from '@drape/contracts/wardrobe';
import { Alert, Button, buttonClasses, cn } from '@drape/ui';
import { SearchX, Shirt } from 'lucide-react';
import { useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { NewTabHint } from '../../components/fashion-item-row';
import { PageHeader } from '../../components/page-header';
import { TierGate } from '../../components/tier-gate';
import { useStoredUser } from '../../lib/auth-context';
import { PageMeta } from '../../lib/page-meta';
import { LOOK_GRID_CLASSES } from '../../lib/look-grid';
import { FilterBar } from './filter-bar';
import { KeptWardrobe, useKeepWardrobe, useKeptWardrobe } from './kept-wardrobe';
import { SmartCollections } from './smart-collections';
import { WardrobeCard } from './wardrobe-card';
import { activeFilterCount, filtersFromCollection, NO_FILTERS, type WardrobeFilters } from './wardrobe-filters';
import { groupEntries, GROUPING_LABELS } from './wardrobe-grouping';
import { useGrouping, useRemoveEntry, useWardrobeCollections, useWardrobeList } from './use-wardrobe';

/** Cards whose pictures load at once: the first rows of the widest grid; the rest wait for the viewport. */
const EAGER_CARDS = 4;
const SKELETON_CARDS = 8;
// items-start: a card whose pieces are open grows alone, its row's other cards keep their size.
const GRID = LOOK_GRID_CLASSES;

export default function WardrobePage() {
  // Offline, the page as its user last saw it (decision 0032); the profile cannot be asked.
  const user = useStoredUser();
  const kept = useKeptWardrobe(user?.id);
  return (
    <>
      <PageMeta title="My Wardrobe" description="Your saved Drape looks." noindex path="/wardrobe" />
      {kept && user ? <KeptWardrobe page={kept} firstName={user.firstName} /> : (
      <TierGate
        feature="wardrobe"
        lock={{
          heading: 'Personal Wardrobe',
          title: 'Unlock Your Wardrobe',
          description: 'Save the looks you love, keep notes on them and organise them into smart collections.',
        }}
      >
        {(user) => <Wardrobe user={user} />}
      </TierGate>
      )}
    </>
  );
}

/** user-area §2 Wardrobe for Stylist and above. */
function Wardrobe({ user }: { user: PublicUser }) {
  const [filters, setFilters] = useState<WardrobeFilters>(NO_FILTERS);
  const [grouping, setGrouping] = useGrouping();
  const [barOpen, setBarOpen] = useState(false);
  const [collectionsOpen, setCollectionsOpen] = useState(true);
  const [editingId, setEditingId] = useState<string | null>(null);
  const [openItemsId, setOpenItemsId] = useState<string | null>(null);
  const list = useWardrobeList(filters);
  const collections = useWardrobeCollections();
  const remove = useRemoveEntry();
  const looksHeading = useRef<HTMLHeadingElement>(null);

  const pages = list.data?.pages;
  // Offset pages can overlap after a removal shifts the list: each look once.
  const entries = useMemo(() => {
    const seen = new Set<string>();
    return (pages ?? []).flatMap((p) => p.items).filter((e) => (seen.has(e.id) ? false : (seen.add(e.id), true)));
  }, [pages]);
  const groups = useMemo(() => groupEntries(entries, grouping), [entries, grouping]);
  const first = pages?.[0];
  const filtered = activeFilterCount(filters) > 0;
  useKeepWardrobe(user.id, list.isPlaceholderData ? undefined : first, !filtered);
  const cap = first?.cap ?? null;
  const full = first !== undefined && cap !== null && first.saved >= cap;
  // The bar and the collections stay put while a filter's looks load (or fail): they are shown
  // once the wardrobe is known to hold looks, and whenever a filter is set.
  const showTools = filtered || (first !== undefined && first.saved > 0);
  // The previous filter's looks stay on screen, dimmed, until the new ones arrive.
  const switching = list.isPlaceholderData;

  const count = first ? (
    <p
      className={cn(
        'inline-flex items-center rounded-full border px-4 py-1.5 text-sm font-medium',
        full ? 'border-gold/40 bg-gold-soft text-gold-ink' : 'border-linen bg-sand text-umber',
      )}
    >
      {cap === null ? `${first.saved} saved` : `${first.saved} / ${cap}`}
      <span className="sr-only">{cap === null ? ' looks' : ' looks saved'}</span>
    </p>
  ) : null;

  let results;
  if (list.isPending) {
    results = <WardrobeSkeleton />;
  } else if (list.isError) {
    results = (
      <Alert>
        <div className="flex flex-wrap items-center gap-3">
          <span>Your wardrobe could not be loaded. Please try again.</span>
          <Button variant="outline" size="sm" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </div>
      </Alert>
    );
  } else if (!showTools) {
    results = <EmptyWardrobe />;
  } else {
    let index = 0;
    results = (
      <section aria-labelledby="wardrobe-looks-heading" aria-busy={switching || undefined} className="flex flex-col gap-6">
        <div className="flex flex-wrap items-baseline justify-between gap-3">
          <h2 id="wardrobe-looks-heading" ref={looksHeading} tabIndex={-1} className="font-display text-2xl font-medium focus:outline-none">
            {filtered ? 'Matching looks' : 'Saved looks'}
          </h2>
          <p role="status" className="text-sm text-taupe">
            {switching ? 'Loading...' : first ? `Showing ${entries.length} of ${first.total} ${first.total === 1 ? 'look' : 'looks'}` : null}
            {grouping !== 'none' && entries.length > 0 ? ` · grouped by ${GROUPING_LABELS[grouping].toLowerCase()}` : null}
          </p>
        </div>
        {entries.length === 0 ? (
          <NoMatches onClear={() => setFilters(NO_FILTERS)} />
        ) : (
          <div className={cn('flex flex-col gap-8 transition-opacity', switching && 'pointer-events-none opacity-60')}>
            {groups.map((group) => {
              const cards = (
                <ul className={GRID}>
                  {group.entries.map((entry: WardrobeEntry) => {
                    const eager = index++ < EAGER_CARDS;
                    return (
                      <li key={entry.id} className="min-w-0">
                        <WardrobeCard
                          entry={entry}
                          headingLevel={group.label ? 4 : 3}
                          eager={eager}
                          editing={editingId === entry.id}
                          onEditNotes={(open) => setEditingId(open ? entry.id : null)}
                          itemsOpen={openItemsId === entry.id}
                          onToggleItems={() => setOpenItemsId((current) => (current === entry.id ? null : entry.id))}
                          onRemove={() => remove.mutate({ imageId: entry.imageId })}
                          focusAfterRemoval={() => looksHeading.current?.focus()}
                        />
                      </li>
                    );
                  })}
                </ul>
              );
              if (!group.label) return <div key={group.key}>{cards}</div>;
              const headingId = `wardrobe-group-${group.key || 'rest'}`;
              return (
                <section key={group.key} aria-labelledby={headingId} className="flex flex-col gap-4">
                  <h3 id={headingId} className="flex items-baseline gap-2 border-b border-linen pb-2 font-display text-xl font-medium">
                    {group.label}
                    <span className="font-sans text-sm font-normal text-taupe">({group.entries.length})</span>
                  </h3>
                  {cards}
                </section>
              );
            })}
          </div>
        )}
        {list.hasNextPage && !switching ? (
          <div className="flex justify-center">
            <Button variant="outline" size="lg" pending={list.isFetchingNextPage} pendingLabel="Loading..." onClick={() => void list.fetchNextPage()}>
              {wardrobeMessages.loadMore}
            </Button>
          </div>
        ) : null}
      </section>
    );
  }

  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-6 px-4 py-10 sm:px-6 md:py-14">
      <PageHeader eyebrow="Wardrobe" title="My Wardrobe" description={`Looks you saved, ${user.firstName}, with your notes.`} actions={count} className="mb-2" />
      {full && cap !== null ? (
        <Alert tone="warning">
          <strong className="font-semibold">{wardrobeMessages.full}</strong> {wardrobeMessages.fullDetail(cap)}{' '}
          <Link to="/tiers" className="underline underline-offset-4">
            See the tiers
          </Link>
        </Alert>
      ) : null}
      {showTools ? (
        <>
          <FilterBar
            open={barOpen}
            onOpenChange={setBarOpen}
            filters={filters}
            onFiltersChange={setFilters}
            grouping={grouping}
            onGroupingChange={setGrouping}
          />
          <SmartCollections
            open={collectionsOpen}
            onOpenChange={setCollectionsOpen}
            collections={collections.data?.collections}
            loading={collections.isPending}
            failed={collections.isError}
            onRetry={() => void collections.refetch()}
            filters={filters}
            onApply={(collection) => setFilters(filtersFromCollection(collection.filter))}
          />
        </>
      ) : null}
      {results}
      <NewTabHint />
    </div>
  );
}

function WardrobeSkeleton() {
  return (
    <div role="status" aria-label="Loading your wardrobe" className={GRID}>
      {Array.from({ length: SKELETON_CARDS }, (_, i) => (
        <div key={i} aria-hidden="true" className="flex flex-col overflow-hidden rounded-[var(--radius-card)] border border-linen bg-paper">
          <div className="aspect-[3/4] w-full animate-pulse bg-sand" />
          <div className="flex flex-col gap-3 p-5">
            <div className="h-5 w-2/3 animate-pulse rounded bg-sand" />
            <div className="h-3 w-1/2 animate-pulse rounded bg-sand" />
            <div className="flex gap-2">
              <div className="h-6 w-16 animate-pulse rounded-full bg-sand" />
              <div className="h-6 w-14 animate-pulse rounded-full bg-sand" />
            </div>
          </div>
        </div>
      ))}
    </div>
  );
}

function NoMatches({ onClear }: { onClear: () => void }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-[var(--radius-card)] border border-dashed border-stone bg-paper px-6 py-12 text-center">
      <SearchX aria-hidden="true" className="h-6 w-6 text-taupe" />
      <p className="font-display text-xl font-medium">No saved looks match these filters.</p>
      <Button variant="outline" onClick={onClear}>
        Clear
      </Button>
    </div>
  );
}

function EmptyWardrobe() {
  return (
    <section className="flex flex-col items-center gap-4 rounded-[var(--radius-card)] border border-dashed border-stone bg-paper px-6 py-16 text-center">
      <span className="inline-flex h-14 w-14 items-center justify-center rounded-full bg-gold-soft text-gold-ink">
        <Shirt aria-hidden="true" className="h-6 w-6" />
      </span>
      <h2 className="font-display text-2xl font-medium">{wardrobeMessages.emptyTitle}</h2>
      <p className="max-w-md text-taupe">Save looks you love from your generated outfits and the LookBook, and they will appear here.</p>
      <Link to="/" className={buttonClasses({ className: 'mt-2' })}>
        {wardrobeMessages.emptyAction}
      </Link>
    </section>
  );
}
