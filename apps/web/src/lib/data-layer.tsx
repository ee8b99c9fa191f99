import type { AppRouter } from '@drape/api';
import { Toaster } from '@drape/ui';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import type { ReactNode } from 'react';
import { authStore } from './auth-store';
import { createTrpcClient, TRPCProvider } from './trpc';

/**
 * What every screen but the signed-out landing needs: the query cache, the tRPC client, their
 * providers and the toaster. It is its own chunk, loaded after the landing's first paint (or at
 * once on any other screen), so that the landing's first load carries none of it.
 */

/** user-area §9: no retries, data never stale by default, no refetch on window focus, no polling. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, staleTime: Infinity, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});

export const trpcClient = createTrpcClient();

/** Query options and keys outside React (the landing's data, the auth actions). */
export const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });

export { toast } from '@drape/ui';

// The client data cache never outlives the auth it was fetched with (user-area §4).
authStore.onSessionChange(() => queryClient.clear());

export function DataProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        {children}
        <Toaster />
      </TRPCProvider>
    </QueryClientProvider>
  );
}
