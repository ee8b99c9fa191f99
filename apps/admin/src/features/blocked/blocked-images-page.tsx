import { useState, type ReactNode } from 'react';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { appErrorCode } from '@drape/client';
import {
  BLOCKED_PAGE_SIZE, BLOCKED_REVIEW_STATUSES, REJECTION_REASONS, blockedMessages, type BlockedStats,
} from '@drape/contracts';
import {
  Alert, Button, Dialog, DialogBody, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, Spinner, toast,
} from '@drape/ui';
import { useTRPC, useTRPCClient } from '../../lib/trpc';
import { BlockedImageCard, REASON_LABELS, type BlockedAction } from './blocked-image-card';

const number = new Intl.NumberFormat();
const SORT_LABELS = { newest: 'Newest first', oldest: 'Oldest first', quality_high: 'Highest quality', quality_low: 'Lowest quality' } as const;
interface Filters {
  reviewStatus: string;
  rejectionReason: string;
  gender: string;
  sortBy: string;
}
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

/**
 * {base}/blocked-images (settings-and-admin §2.2, §4, §8): the images the generation checks refused,
 * with their stats, filters, 20 a page with 'Load More', and the review of pending ones.
 */
export function BlockedImagesPage() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  // Pending first: that is what waits for a review.
  const [filters, setFilters] = useState<Filters>({ reviewStatus: 'pending', rejectionReason: 'all', gender: 'all', sortBy: 'newest' });
  const [busy, setBusy] = useState<{ id: string; action: BlockedAction } | null>(null);
  const [confirmCleanup, setConfirmCleanup] = useState(false);

  const stats = useQuery(trpc.admin.blocked.stats.queryOptions());
  const list = useInfiniteQuery({
    queryKey: ['admin', 'blocked', 'list', filters],
    initialPageParam: 1,
    queryFn: ({ pageParam }) => client.admin.blocked.list.query({ ...filters, page: pageParam, limit: BLOCKED_PAGE_SIZE }),
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
  const refresh = () => Promise.all([
    queryClient.invalidateQueries({ queryKey: ['admin', 'blocked'] }),
    queryClient.invalidateQueries({ queryKey: trpc.admin.blocked.stats.queryKey() }),
  ]);

  const restore = useMutation(trpc.admin.blocked.restore.mutationOptions({
    onSuccess: () => toast({ title: 'Image restored', description: 'The look is back in the inventory.', variant: 'success' }),
    onError: (error) => toast({
      title: appErrorCode(error) === 'blocked_not_restorable' ? blockedMessages.notRestorable : blockedMessages.restoreFailed,
      variant: 'destructive',
    }),
  }));
  const review = useMutation(trpc.admin.blocked.review.mutationOptions({
    onSuccess: (r) => toast({ title: r.status === 'approved' ? 'Image approved' : 'Image rejected', variant: 'success' }),
    onError: () => toast({ title: blockedMessages.reviewFailed, variant: 'destructive' }),
  }));
  const cleanup = useMutation(trpc.admin.blocked.cleanup.mutationOptions({
    onSuccess: (r) => toast({ title: 'Cleanup complete', description: `Deleted ${number.format(r.deletedCount)} blocked images.`, variant: 'success' }),
    onError: () => toast({ title: blockedMessages.cleanupFailed, variant: 'destructive' }),
  }));

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

  const images = list.data?.pages.flatMap((p) => p.images) ?? [];
  const setFilter = (key: keyof Filters) => (value: string) => setFilters((f) => ({ ...f, [key]: value }));

  return (
    <section aria-labelledby="blocked-heading" className="mx-auto flex max-w-7xl flex-col gap-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 id="blocked-heading" className="text-xl font-semibold tracking-tight text-slate-900">Blocked Images</h1>
          <p className="text-sm text-slate-600">Looks the safety and quality checks refused, kept privately for review.</p>
        </div>
        <Button variant="outline" onClick={() => setConfirmCleanup(true)} disabled={cleanup.isPending || stats.data?.eligibleForCleanup === 0}>
          <Trash2 aria-hidden="true" className="h-4 w-4" /> Cleanup
        </Button>
      </div>

      <section aria-label="Blocked image stats">
        {stats.isError ? (
          <Alert tone="error">
            {blockedMessages.loadFailed}{' '}
            <button type="button" className="font-medium underline" onClick={() => void stats.refetch()}>Retry</button>
          </Alert>
        ) : (
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
            {STAT_LABELS.map(([key, label]) => <StatCard key={key} label={label} value={stats.data?.[key]} />)}
          </dl>
        )}
      </section>

      <form aria-label="Blocked image filters" className="grid grid-cols-2 gap-3 rounded-xl border border-slate-200 bg-white p-3 shadow-sm md:grid-cols-4" onSubmit={(e) => e.preventDefault()}>
        <FilterSelect id="blocked-status" label="Review status" value={filters.reviewStatus} onChange={setFilter('reviewStatus')}>
          <option value="all">All statuses</option>
          {BLOCKED_REVIEW_STATUSES.map((s) => <option key={s} value={s}>{capitalise(s)}</option>)}
        </FilterSelect>
        <FilterSelect id="blocked-reason" label="Rejection reason" value={filters.rejectionReason} onChange={setFilter('rejectionReason')}>
          <option value="all">All reasons</option>
          {REJECTION_REASONS.map((r) => <option key={r} value={r}>{REASON_LABELS[r]}</option>)}
        </FilterSelect>
        <FilterSelect id="blocked-gender" label="Gender" value={filters.gender} onChange={setFilter('gender')}>
          <option value="all">All genders</option>
          <option value="female">Female</option>
          <option value="male">Male</option>
        </FilterSelect>
        <FilterSelect id="blocked-sort" label="Sort" value={filters.sortBy} onChange={setFilter('sortBy')}>
          {Object.entries(SORT_LABELS).map(([v, label]) => <option key={v} value={v}>{label}</option>)}
        </FilterSelect>
      </form>

      {list.isPending ? (
        <div role="status" className="flex items-center justify-center gap-2 py-16 text-sm text-slate-600">
          <Spinner className="h-5 w-5" /> Loading blocked images…
        </div>
      ) : list.isError ? (
        <Alert tone="error">
          {blockedMessages.loadFailed}{' '}
          <button type="button" className="font-medium underline" onClick={() => void list.refetch()}>Retry</button>
        </Alert>
      ) : images.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white py-16 text-center text-sm text-slate-600">{blockedMessages.empty}</p>
      ) : (
        <>
          <div aria-label="Blocked images" role="list" className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
            {images.map((image) => (
              <div role="listitem" key={image.id}>
                <BlockedImageCard image={image} busy={busy?.id === image.id ? busy.action : null} onAction={(action, notes) => void act(image.id, action, notes)} />
              </div>
            ))}
          </div>
          {list.hasNextPage && (
            <div className="flex justify-center">
              <Button variant="outline" onClick={() => void list.fetchNextPage()} pending={list.isFetchingNextPage} pendingLabel="Loading…">
                Load More
              </Button>
            </div>
          )}
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
            <Button
              variant="destructive"
              pending={cleanup.isPending}
              pendingLabel="Cleaning up…"
              onClick={() => cleanup.mutate(undefined, { onSettled: () => { setConfirmCleanup(false); void refresh(); } })}
            >
              Delete
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </section>
  );
}
