import { LOOKS_PAGE_SIZE } from '@drape/contracts/looks';
import { WARDROBE_GROUPING_STORAGE_KEY, type WardrobeEntry, type WardrobeGrouping, type WardrobePage } from '@drape/contracts/wardrobe';
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTRPC, useTRPCClient } from '../../lib/trpc';
import { listInput, type WardrobeFilters } from './wardrobe-filters';
import { parseGrouping } from './wardrobe-grouping';

type ListData = InfiniteData<WardrobePage, string | null>;

const isListData = (data: unknown): data is ListData =>
  typeof data === 'object' && data !== null && Array.isArray((data as Partial<ListData>).pages);

/**
 * The filtered wardrobe, a page of 50 at a time, each after the previous page's last entry (its
 * `nextCursor`: a removal does not shift the next page). Its key has tRPC's own
 * shape for an infinite query of wardrobe.list, so that whatever invalidates the wardrobe's
 * path (a save on the LookBook or the result page) reaches it; it is fetched afresh at every
 * visit as well, since a save elsewhere must show here (user-area §4: "the wardrobe list is
 * refetched").
 */
export function useWardrobeList(filters: WardrobeFilters) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  return useInfiniteQuery({
    queryKey: [...trpc.wardrobe.list.pathKey(), { input: filters, type: 'infinite' }] as const,
    queryFn: ({ pageParam, signal }) => client.wardrobe.list.query(listInput(filters, pageParam, LOOKS_PAGE_SIZE), { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last: WardrobePage) => (last.hasMore ? last.nextCursor ?? undefined : undefined),
    refetchOnMount: 'always',
    placeholderData: keepPreviousData,
  });
}

export function useWardrobeCollections() {
  const trpc = useTRPC();
  return useQuery(trpc.wardrobe.collections.queryOptions(undefined, { refetchOnMount: 'always' }));
}

/** Rewrites the loaded pages of every filtered list (an entry's notes, a removal and the counts). */
function useUpdateLists() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useCallback(
    (update: (page: WardrobePage) => WardrobePage) => {
      queryClient.setQueriesData({ queryKey: trpc.wardrobe.list.pathKey() }, (data: unknown) =>
        isListData(data) ? { ...data, pages: data.pages.map(update) } : data,
      );
    },
    [queryClient, trpc],
  );
}

/** PATCH …/{id}/notes; the answer's notes go straight into the card. */
export function useSaveNotes() {
  const trpc = useTRPC();
  const updateLists = useUpdateLists();
  return useMutation(
    trpc.wardrobe.notes.mutationOptions({
      onSuccess: (answer) =>
        updateLists((page) => ({
          ...page,
          items: page.items.map((e): WardrobeEntry => (e.id === answer.id ? { ...e, notes: answer.notes } : e)),
        })),
    }),
  );
}

/**
 * DELETE …/{imageId}. The card goes at once and the counts follow; its errors are ignored
 * (user-area §8), and the refetch after it, success or not, shows what the server holds.
 */
export function useRemoveEntry() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const updateLists = useUpdateLists();
  return useMutation(
    trpc.wardrobe.remove.mutationOptions({
      onMutate: ({ imageId }) => {
        updateLists((page) => {
          const items = page.items.filter((e) => e.imageId !== imageId);
          const gone = page.items.length - items.length;
          return { ...page, items, total: Math.max(0, page.total - gone) };
        });
      },
      onSuccess: (answer) => updateLists((page) => ({ ...page, saved: answer.saved, cap: answer.cap })),
      onError: (err) => console.warn('Removing a wardrobe look failed.', err),
      onSettled: () => queryClient.invalidateQueries(trpc.wardrobe.pathFilter()),
    }),
  );
}

function readStoredGrouping(): WardrobeGrouping {
  try {
    return parseGrouping(localStorage.getItem(WARDROBE_GROUPING_STORAGE_KEY));
  } catch {
    return 'none';
  }
}

/** The grouping choice, kept in local storage (user-area §2 Wardrobe: it "persists locally"). */
export function useGrouping(): [WardrobeGrouping, (next: WardrobeGrouping) => void] {
  const [grouping, setGrouping] = useState(readStoredGrouping);
  const choose = useCallback((next: WardrobeGrouping) => {
    setGrouping(next);
    try {
      if (next === 'none') localStorage.removeItem(WARDROBE_GROUPING_STORAGE_KEY);
      else localStorage.setItem(WARDROBE_GROUPING_STORAGE_KEY, next);
    } catch {
      // Storage can be refused (private mode); the choice then lasts for this visit.
    }
  }, []);
  return [grouping, choose];
}
