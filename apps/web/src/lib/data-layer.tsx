import { toast, Toaster } from '@drape/ui';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient, trpcClient } from './data-client';
import { TRPCProvider } from './trpc';

/**
 * What every screen but the signed-out landing renders inside: the query cache and the tRPC
 * client in their providers. Its own chunk with the toaster (which the app shell renders once
 * this is in, outside the providers: a toast outlives a move to the landing), so that the
 * landing's first load carries none of it.
 */
export function DataProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        {children}
      </TRPCProvider>
    </QueryClientProvider>
  );
}

export { toast, Toaster };
