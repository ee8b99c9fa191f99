import type { LandingShowcase, LookbookStats } from '@drape/contracts/landing';
import { startTransition, useEffect, useState } from 'react';
import { loadDataClient } from '../../lib/data-layer-loader';
import { CLIENT_STALE_MS } from '../../lib/timing';

export interface LandingData {
  showcase?: LandingShowcase;
  stats?: LookbookStats;
  /** The showcase is still on its way (its places show skeletons). */
  loading: boolean;
}

/**
 * The landing's pictures and LookBook blurb. Asked for once the page is hydrated, through the data
 * client's query cache (loaded then, not before the first paint), kept as the spec says: the
 * showcase 12 hours, the stats 30 minutes (user-area §7, §9). A failed call leaves the
 * placeholders and the fallback blurb in place: nothing on this page waits on it.
 */
export function useLandingData(): LandingData {
  const [data, setData] = useState<LandingData>({ loading: true });
  useEffect(() => {
    let live = true;
    const settle = (next: Omit<LandingData, 'loading'>) => {
      // A transition: the pictures render in slices, never as one long task on a slow phone.
      if (live) startTransition(() => setData({ ...next, loading: false }));
    };
    loadDataClient().then(
      async ({ queryClient, trpc }) => {
        const keep = (ms: number) => ({ staleTime: ms, gcTime: ms });
        // One request: the tRPC client batches the two calls.
        const [showcase, stats] = await Promise.allSettled([
          queryClient.fetchQuery(trpc.catalog.landingShowcase.queryOptions(undefined, keep(CLIENT_STALE_MS.showcase))),
          queryClient.fetchQuery(trpc.catalog.lookbookStats.queryOptions(undefined, keep(CLIENT_STALE_MS.lookbookStats))),
        ]);
        settle({
          showcase: showcase.status === 'fulfilled' ? showcase.value : undefined,
          stats: stats.status === 'fulfilled' ? stats.value : undefined,
        });
      },
      () => settle({}),
    );
    return () => {
      live = false;
    };
  }, []);
  return data;
}
