import type { AppRouter } from '@drape/api';
import { QueryClient } from '@tanstack/react-query';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { authStore } from './auth-store';
import { platformStore } from './platform-status';
import { createTrpcClient } from './trpc';

/**
 * The query cache and the tRPC client, without React: what the landing fetches its pictures with
 * after its first paint, and what the auth actions call. The data layer (data-layer.tsx) puts
 * them in providers for the screens.
 */

/** user-area §9: no retries, data never stale by default, no refetch on window focus, no polling. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, staleTime: Infinity, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});

export const trpcClient = createTrpcClient();

/** Query options and keys outside React. */
export const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });

// The client data cache never outlives the auth it was fetched with (user-area §4).
authStore.onSessionChange(() => queryClient.clear());
// Answers that failed during maintenance are not kept: the screens fetch afresh once it ends.
platformStore.onMaintenanceEnd(() => queryClient.clear());
