import { useState, type ReactNode } from 'react';
import { Trash2 } from 'lucide-react';
import { BLOCKED_REVIEW_STATUSES, REJECTION_REASONS, blockedMessages, type BlockedStats } from '@drape/contracts/admin';
import {
  Alert, Button, Dialog, DialogBody, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, Spinner,
} from '@drape/ui';
import { LoadMore } from '../../lib/load-more';
import { PageHeader } from '../../lib/page-header';
import { BlockedImageCard, REASON_LABELS, type BlockedAction } from './blocked-image-card';
import { FIRST_FILTERS, useBlockedChanges, useBlockedImages, useBlockedStats, type BlockedFilters } from './use-blocked';

const number = new Intl.NumberFormat();
const SORT_LABELS = { newest: 'Newest first', oldest: 'Oldest first', quality_high: 'Highest quality', quality_low: 'Lowest quality' } as const;
const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function FilterSelect({ id, label, value, onChange, children }: { id: string; label: string; value: string; onChange: (v: string) => void; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-slate-700">{label}</label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="h-9 rounded-lg border border-slate-300 bg-white px-2 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-500"
      >
        {children}
      </select>
    </div>
  );
}

function StatCard({ label, value }: { label: string; value: number | undefined }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white px-4 py-3 shadow-sm">
      <dt className="text-xs font-medium text-slate-600">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold tabular-nums text-slate-900">{value === undefined ? '–' : number.format(value)}</dd>
    </div>
  );
}

const STAT_LABELS: [keyof BlockedStats, string][] = [
  ['total', 'Total'], ['pending', 'Pending'], ['approved', 'Approved'], ['rejected', 'Rejected'], ['restored', 'Restored'], ['eligibleForCleanup', 'Eligible for cleanup'],
];

/** The load failure of this screen: the spec's message and a Retry link. */
function LoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <Alert tone="error">
      {blockedMessages.loadFailed}{' '}
      <button type="button" className="font-medium underline" onClick={onRetry}>Retry</button>
    </Alert>
  );
}

function StatsRow({ stats }: { stats: ReturnType<typeof useBlockedStats> }) {
  return (
    <section aria-label="Blocked image stats">
      {stats.isError ? (
        <LoadFailed onRetry={() => void stats.refetch()} />
      ) : (
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
          {STAT_LABELS.map(([key, label]) => <StatCard key={key} label={label} value={stats.data?.[key]} />)}
        </dl>
      )}
    </section>
  );
}

function FiltersForm({ filters, onChange }: { filters: BlockedFilters; onChange: (filters: BlockedFilters) => void }) {
  const set = (key: keyof BlockedFilters) => (value: string) => onChange({ ...filters, [key]: value });
  return (
    <form aria-label="Blocked image filters" className="grid grid-cols-2 gap-3 rounded-xl border border-slate-200 bg-white p-3 shadow-sm md:grid-cols-4" onSubmit={(e) => e.preventDefault()}>
      <FilterSelect id="blocked-status" label="Review status" value={filters.reviewStatus} onChange={set('reviewStatus')}>
        <option value="all">All statuses</option>
        {BLOCKED_REVIEW_STATUSES.map((s) => <option key={s} value={s}>{capitalise(s)}</option>)}
      </FilterSelect>
      <FilterSelect id="blocked-reason" label="Rejection reason" value={filters.rejectionReason} onChange={set('rejectionReason')}>
        <option value="all">All reasons</option>
        {REJECTION_REASONS.map((r) => <option key={r} value={r}>{REASON_LABELS[r]}</option>)}
      </FilterSelect>
      <FilterSelect id="blocked-gender" label="Gender" value={filters.gender} onChange={set('gender')}>
        <option value="all">All genders</option>
        <option value="female">Female</option>
        <option value="male">Male</option>
      </FilterSelect>
      <FilterSelect id="blocked-sort" label="Sort" value={filters.sortBy} onChange={set('sortBy')}>
        {Object.entries(SORT_LABELS).map(([v, label]) => <option key={v} value={v}>{label}</option>)}
      </FilterSelect>
    </form>
  );
}

/**
 * {base}/blocked-images (settings-and-admin §2.2, §4, §8): the images the generation checks refused,
 * with their stats, filters, 20 a page with 'Load More', and the review of pending ones.
 */
export function BlockedImagesPage() {
  const [filters, setFilters] = useState<BlockedFilters>(FIRST_FILTERS);
  const [busy, setBusy] = useState<{ id: string; action: BlockedAction } | null>(null);
  const [confirmCleanup, setConfirmCleanup] = useState(false);
  const stats = useBlockedStats();
  const list = useBlockedImages(filters);
  const { restore, review, cleanup, refresh } = useBlockedChanges();

  const act = async (id: string, action: BlockedAction, notes: string) => {
    if (busy) return;
    setBusy({ id, action });
    try {
      if (action === 'restore') await restore.mutateAsync({ id, notes });
      else await review.mutateAsync({ id, status: action, notes });
    } catch {
      /* told by the mutation's toast */
    } finally {
      setBusy(null);
      await refresh();
    }
  };

  return (
    <section aria-labelledby="blocked-heading" className="mx-auto flex max-w-7xl flex-col gap-5">
      <PageHeader
        id="blocked-heading"
        title="Blocked Images"
        description="Looks the safety and quality checks refused, kept privately for review."
        actions={
          <Button variant="outline" onClick={() => setConfirmCleanup(true)} disabled={cleanup.isPending || stats.data?.eligibleForCleanup === 0}>
            <Trash2 aria-hidden="true" className="h-4 w-4" /> Cleanup
          </Button>
        }
      />
      <StatsRow stats={stats} />
      <FiltersForm filters={filters} onChange={setFilters} />

      {list.isPending ? (
        <div role="status" className="flex items-center justify-center gap-2 py-16 text-sm text-slate-600">
          <Spinner className="h-5 w-5" /> Loading blocked images…
        </div>
      ) : list.isError ? (
        <LoadFailed onRetry={() => void list.refetch()} />
      ) : list.items.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white py-16 text-center text-sm text-slate-600">{blockedMessages.empty}</p>
      ) : (
        <>
          <div aria-label="Blocked images" role="list" className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
            {list.items.map((image) => (
              <div role="listitem" key={image.id}>
                <BlockedImageCard image={image} busy={busy?.id === image.id ? busy.action : null} onAction={(action, notes) => void act(image.id, action, notes)} />
              </div>
            ))}
          </div>
          <LoadMore list={list} />
        </>
      )}

      <Dialog open={confirmCleanup} onOpenChange={setConfirmCleanup}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Clean up blocked images?</DialogTitle>
            <DialogDescription>
              This permanently deletes {number.format(stats.data?.eligibleForCleanup ?? 0)} blocked images and their files: the rejected ones, and the
              others reviewed more than 30 days ago. Pending images are kept.
            </DialogDescription>
          </DialogHeader>
          <DialogBody />
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button variant="destructive" pending={cleanup.isPending} pendingLabel="Cleaning up…" onClick={() => cleanup.mutate(undefined, { onSettled: () => setConfirmCleanup(false) })}>
              Delete
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </section>
  );
}
