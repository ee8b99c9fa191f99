import { useQuery, useQueryClient } from '@tanstack/react-query';
import { appErrorCode } from '@drape/client';
import { BLOCKED_PAGE_SIZE, blockedMessages } from '@drape/contracts/admin';
import { adminKeys } from '../../lib/admin-keys';
import { useTRPC, useTRPCClient } from '../../lib/trpc';
import { useAdminMutation } from '../../lib/use-admin-mutation';
import { byPageNumber, usePagedList } from '../../lib/use-paged-list';

const number = new Intl.NumberFormat();

export interface BlockedFilters {
  reviewStatus: string;
  rejectionReason: string;
  gender: string;
  sortBy: string;
}

/** Pending first: that is what waits for a review. */
export const FIRST_FILTERS: BlockedFilters = { reviewStatus: 'pending', rejectionReason: 'all', gender: 'all', sortBy: 'newest' };

export function useBlockedStats() {
  const trpc = useTRPC();
  return useQuery(trpc.admin.blocked.stats.queryOptions());
}

/** The blocked images, 20 a page with Load More. */
export function useBlockedImages(filters: BlockedFilters) {
  const client = useTRPCClient();
  return usePagedList({
    area: 'blocked', list: 'images', filters, paging: byPageNumber,
    fetchPage: ({ filters: f, page, signal }) => client.admin.blocked.list.query({ ...f, page, limit: BLOCKED_PAGE_SIZE }, { signal }),
    items: (p) => p.images,
  });
}

/** The review's changes with their toasts; `refresh` asks again for the list and the stats. */
export function useBlockedChanges() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refresh = () => Promise.all([
    queryClient.invalidateQueries({ queryKey: adminKeys.area('blocked') }),
    queryClient.invalidateQueries({ queryKey: trpc.admin.blocked.stats.queryKey() }),
  ]);
  const restore = useAdminMutation({
    ...trpc.admin.blocked.restore.mutationOptions(),
    toasts: {
      success: { title: 'Image restored', description: 'The look is back in the inventory.' },
      failure: (error) => ({
        title: appErrorCode(error) === 'blocked_not_restorable' ? blockedMessages.notRestorable : blockedMessages.restoreFailed,
        variant: 'destructive',
      }),
    },
  });
  const review = useAdminMutation({
    ...trpc.admin.blocked.review.mutationOptions(),
    toasts: {
      success: (r) => ({ title: r.status === 'approved' ? 'Image approved' : 'Image rejected' }),
      failure: () => ({ title: blockedMessages.reviewFailed, variant: 'destructive' }),
    },
  });
  const cleanup = useAdminMutation({
    ...trpc.admin.blocked.cleanup.mutationOptions(),
    onSettled: () => void refresh(),
    toasts: {
      success: (r) => ({ title: 'Cleanup complete', description: `Deleted ${number.format(r.deletedCount)} blocked images.` }),
      failure: () => ({ title: blockedMessages.cleanupFailed, variant: 'destructive' }),
    },
  });
  return { restore, review, cleanup, refresh };
}
