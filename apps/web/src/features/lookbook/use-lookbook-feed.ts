import type { LookbookPage } from '@drape/contracts/lookbook';
import { LOAD_MORE_EVERY, LOOKS_PAGE_SIZE, type LookView } from '@drape/contracts/looks';
import { useInfiniteQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useTRPC, useTRPCClient } from '../../lib/trpc';
import type { LookbookFilters } from './lookbook-filters';
import { CLIENT_STALE_MS, INFINITE_SCROLL } from '../../lib/timing';

type Feed = InfiniteData<LookbookPage, string | null>;

/**
 * The LookBook in pages of 50 (user-area §4 Infinite scroll, §9), each after the previous page's
 * last look (its `nextCursor`: decision 0011, amended), so looks joining the LookBook meanwhile
 * neither repeat nor push a look out of the next page. Fetched here with the procedure's own
 * client, under tRPC's key shape for an infinite query.
 */
export function useLookbookFeed(filters: LookbookFilters) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const query = useInfiniteQuery({
    queryKey: [...trpc.lookbook.list.pathKey(), { input: filters, type: 'infinite' }],
    queryFn: ({ pageParam, signal }) => client.lookbook.list.query({ ...filters, limit: LOOKS_PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) }, { signal }),
    initialPageParam: null as string | null,
    // A Stylist's session ends at the cap: nothing further is asked for (the server gives no cursor).
    getNextPageParam: (last: LookbookPage) => (last.hasMore && !last.viewLimitReached ? last.nextCursor ?? undefined : undefined),
    staleTime: CLIENT_STALE_MS.lookbook,
  });

  // A cache of an older build, or a look moved in the LookBook between two pages: each look once.
  const looks = useMemo(() => {
    const seen = new Set<string>();
    const all: { look: LookView; indexInPage: number }[] = [];
    for (const page of query.data?.pages ?? []) {
      page.looks.forEach((look, indexInPage) => {
        if (seen.has(look.id)) return;
        seen.add(look.id);
        all.push({ look, indexInPage });
      });
    }
    return all;
  }, [query.data]);

  const pages = query.data?.pages;
  const last = pages?.[pages.length - 1];
  const loaded = pages?.reduce((n, p) => n + p.looks.length, 0) ?? 0;
  return {
    ...query,
    looks,
    last,
    /** user-area §9: at every 150 looks the scrolling pauses for 'Load More Looks'. */
    pausedForLoadMore: Boolean(query.hasNextPage) && loaded > 0 && loaded % LOAD_MORE_EVERY === 0,
  };
}

/** Marks a look saved in every cached LookBook page, so a card drawn again later says Saved. */
export function useMarkSavedInFeed() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useCallback(
    (imageId: string) => {
      queryClient.setQueriesData<Feed>({ queryKey: trpc.lookbook.list.pathKey() }, (data) =>
        data?.pages
          ? { ...data, pages: data.pages.map((p) => ({ ...p, looks: p.looks.map((l) => (l.imageId === imageId ? { ...l, saved: true } : l)) })) }
          : data,
      );
    },
    [queryClient, trpc],
  );
}

/**
 * Calls `onReach` when the page's bottom is within 1000 px of the viewport, checked 100 ms after
 * scrolling or resizing stops (user-area §4, §9), and once whenever it is enabled again (a page
 * that arrived shorter than the threshold keeps loading).
 */
export function useInfiniteScroll(enabled: boolean, onReach: () => void) {
  const reach = useRef(onReach);
  useEffect(() => {
    reach.current = onReach;
  });
  useEffect(() => {
    if (!enabled) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      const below = document.documentElement.scrollHeight - (window.scrollY + window.innerHeight);
      if (below <= INFINITE_SCROLL.thresholdPx) reach.current();
    };
    const schedule = () => {
      clearTimeout(timer);
      timer = setTimeout(check, INFINITE_SCROLL.debounceMs);
    };
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    schedule();
    return () => {
      clearTimeout(timer);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
    };
  }, [enabled]);
}
